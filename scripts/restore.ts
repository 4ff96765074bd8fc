// `npm run restore -- FILE [--passphrase-file F]`: a backup (`npm run backup`) into an empty
// DATA_DIR, with a fresh DynamoDB Local key and the backed-up install key; then `npm start`
// serves it (functions/server/backup/restore.ts; docs/operations.md). An encrypted backup's
// passphrase comes from the file, or is asked for at a terminal without echo; with CI=true
// or no terminal and no file, the restore refuses.
import '../functions/lib/zod-jitless.ts'; // first, before any module builds a schema
import { parseArgs } from 'node:util';
import { loadConfig } from '../functions/env.ts';
import { BackupError, exitOnFailure } from '../functions/server/backup/errors.ts';
import { restoreBackup } from '../functions/server/backup/restore.ts';
import {
  canPrompt,
  promptPassphrase,
  readPassphraseFile,
} from '../functions/server/backup/crypt.ts';

const USAGE =
  'Usage: DATA_DIR=<empty or new folder> npm run restore -- FILE [--passphrase-file PASSPHRASE_FILE]';

try {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { 'passphrase-file': { type: 'string' } },
    strict: true,
  });
  if (positionals.length !== 1) throw new BackupError(USAGE);
  const file = positionals[0]!;
  const passphraseFile = values['passphrase-file'];
  const { dataDir, table, manifest } = await restoreBackup({
    config: loadConfig(),
    file,
    passphrase: async () => {
      if (passphraseFile) return readPassphraseFile(passphraseFile);
      if (!canPrompt()) {
        throw new BackupError(
          `${file} is encrypted: give its passphrase with --passphrase-file FILE (there is no terminal to ask on). Nothing was restored.`,
        );
      }
      return promptPassphrase(`Passphrase of ${file}: `);
    },
  });
  process.stdout.write(
    `Restored the backup of ${manifest.createdAt} into ${dataDir}: ${manifest.items.count} items ` +
      `into table ${table}, ${manifest.objects.count} object files` +
      (manifest.keys.length > 0 ? ', the install key' : '') +
      '. Start it with npm start.\n',
  );
} catch (error) {
  exitOnFailure('restore', USAGE, error);
}
