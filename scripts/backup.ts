// `npm run backup -- --out FILE --passphrase-file F`: one file with the local installation's
// table, its object store and its install key, taken while `npm start` runs or not, and
// encrypted with the passphrase (functions/server/backup/create.ts, crypt.ts;
// docs/operations.md). At a terminal without --passphrase-file the passphrase is asked for
// (twice, not shown); `--unencrypted` writes the archive in clear, said explicitly.
import '../functions/lib/zod-jitless.ts'; // first, before any module builds a schema
import { parseArgs } from 'node:util';
import { loadConfig } from '../functions/env.ts';
import { createBackup } from '../functions/server/backup/create.ts';
import { BackupError, exitOnFailure } from '../functions/server/backup/errors.ts';
import {
  canPrompt,
  checkNewPassphrase,
  PassphraseError,
  promptPassphrase,
  readPassphraseFile,
} from '../functions/server/backup/crypt.ts';

const USAGE =
  'Usage: npm run backup -- --out FILE --passphrase-file PASSPHRASE_FILE (or --unencrypted), for example --out backups/pharmabridge.tar.gz.age';

async function passphraseOf(values: {
  'passphrase-file'?: string | undefined;
  unencrypted?: boolean | undefined;
}): Promise<string | undefined> {
  if (values['passphrase-file'] && values.unencrypted) {
    throw new BackupError(`Give --passphrase-file or --unencrypted, not both. ${USAGE}`);
  }
  if (values.unencrypted) return undefined;
  if (values['passphrase-file']) {
    return checkNewPassphrase(await readPassphraseFile(values['passphrase-file']));
  }
  if (!canPrompt()) {
    throw new BackupError(
      'A backup holds the install key and every secret, so it is encrypted: give its passphrase with --passphrase-file FILE (there is no terminal to ask on), or write it unencrypted with --unencrypted where the file is kept encrypted anyway.',
    );
  }
  const passphrase = checkNewPassphrase(await promptPassphrase('Passphrase for the backup: '));
  if ((await promptPassphrase('The same passphrase again: ')) !== passphrase) {
    throw new PassphraseError('The two passphrases differ; nothing was written.');
  }
  return passphrase;
}

try {
  const { values } = parseArgs({
    options: {
      out: { type: 'string' },
      'passphrase-file': { type: 'string' },
      unencrypted: { type: 'boolean' },
    },
    strict: true,
  });
  if (!values.out) throw new BackupError(USAGE);
  const passphrase = await passphraseOf(values);
  const { file, manifest, encrypted, sealedSecrets } = await createBackup({
    config: loadConfig(),
    out: values.out,
    passphrase,
  });
  const bytes =
    manifest.items.bytes + manifest.objects.files.reduce((sum, part) => sum + part.bytes, 0);
  const key =
    manifest.installKeyFrom === 'none'
      ? 'no install key (nothing was ever encrypted)'
      : `the install key (from ${manifest.installKeyFrom === 'file' ? 'DATA_DIR/lead-settings.key' : 'LEAD_SETTINGS_KEY'})`;
  process.stdout.write(
    `Backup written to ${file}: ${manifest.items.count} items of table ${manifest.table}, ` +
      `${manifest.objects.count} object files (${(bytes / 1024 / 1024).toFixed(1)} MB before compression), ${key}; ` +
      (encrypted
        ? 'encrypted with the passphrase (age format).\n'
        : 'NOT encrypted: it holds the install key and every secret, keep it as safe as the server.\n'),
  );
  if (sealedSecrets > 0) {
    process.stdout.write(
      `Two-factor secrets an earlier version stored in clear: ${sealedSecrets}, encrypted in the backup (npm start encrypts them in the table too).\n`,
    );
  }
  if (manifest.missingObjects.length > 0) {
    process.stderr.write(
      `Warning: ${manifest.missingObjects.length} files of images or downloads deleted or replaced while the backup ran are not in it:\n` +
        manifest.missingObjects.map((objectKey) => `  ${objectKey}\n`).join('') +
        'Restored, those show without their files. Run the backup again for a complete one.\n',
    );
  }
} catch (error) {
  exitOnFailure('backup', USAGE, error);
}
