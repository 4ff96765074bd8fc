// `npm run restore -- FILE`: a backup (`npm run backup`) into an empty DATA_DIR, with a fresh
// install key; then `npm start` serves it (functions/server/backup.ts; docs/operations.md).
import '../functions/lib/zod-jitless.ts'; // first, before any module builds a schema
import { parseArgs } from 'node:util';
import { loadConfig } from '../functions/env.ts';
import { BackupError, restoreBackup, exitOnFailure } from '../functions/server/backup.ts';

const USAGE = 'Usage: DATA_DIR=<empty or new folder> npm run restore -- FILE';

try {
  const { positionals } = parseArgs({ allowPositionals: true, strict: true });
  if (positionals.length !== 1) throw new BackupError(USAGE);
  const { dataDir, table, manifest } = await restoreBackup({
    config: loadConfig(),
    file: positionals[0]!,
  });
  process.stdout.write(
    `Restored the backup of ${manifest.createdAt} into ${dataDir}: ${manifest.items.count} items ` +
      `into table ${table}, ${manifest.objects.count} object files. Start it with npm start.\n`,
  );
} catch (error) {
  exitOnFailure('restore', USAGE, error);
}
