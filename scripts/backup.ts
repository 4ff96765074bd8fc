// `npm run backup -- --out FILE`: one file with the local installation's table and published
// images, taken while `npm start` runs or not (functions/server/backup.ts; docs/operations.md).
import '../functions/lib/zod-jitless.ts'; // first, before any module builds a schema
import { parseArgs } from 'node:util';
import { loadConfig } from '../functions/env.ts';
import { BackupError, createBackup, exitOnFailure } from '../functions/server/backup.ts';

const USAGE = 'Usage: npm run backup -- --out FILE (for example --out backups/pharmabridge.tar.gz)';

try {
  const { values } = parseArgs({ options: { out: { type: 'string' } }, strict: true });
  if (!values.out) throw new BackupError(USAGE);
  const { file, manifest } = await createBackup({ config: loadConfig(), out: values.out });
  const bytes =
    manifest.items.bytes + manifest.objects.files.reduce((sum, part) => sum + part.bytes, 0);
  process.stdout.write(
    `Backup written to ${file}: ${manifest.items.count} items of table ${manifest.table}, ` +
      `${manifest.objects.count} object files (${(bytes / 1024 / 1024).toFixed(1)} MB before compression).\n`,
  );
  if (manifest.missingObjects.length > 0) {
    process.stderr.write(
      `Warning: ${manifest.missingObjects.length} files of images deleted or replaced while the backup ran are not in it:\n` +
        manifest.missingObjects.map((key) => `  ${key}\n`).join('') +
        'Restored, those images show without their files. Run the backup again for a complete one.\n',
    );
  }
} catch (error) {
  exitOnFailure('backup', USAGE, error);
}
