// The backup scripts' refusals: BackupError, a problem the operator can act on, and how
// `npm run backup` and `npm run restore` end on an error (docs/decisions/0109-backup-and-restore.md).
import { ConfigError } from '../../env.ts';
import { PassphraseError } from './crypt.ts';

/** A problem the operator can act on; the scripts print its message alone. */
export class BackupError extends Error {
  override name = 'BackupError';
}

/**
 * How `npm run backup` and `npm run restore` end on an error: a refusal (a BackupError, bad
 * configuration, bad arguments) as one line with the command's name, anything else with
 * its stack; exit code 1 either way.
 */
export function exitOnFailure(command: string, usage: string, error: unknown): never {
  if (
    error instanceof BackupError ||
    error instanceof ConfigError ||
    error instanceof PassphraseError
  ) {
    process.stderr.write(`${command}: ${error.message}\n`);
  } else if ((error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
    process.stderr.write(`${command}: ${(error as Error).message}. ${usage}\n`);
  } else {
    process.stderr.write(
      `${command} failed: ${error instanceof Error ? error.stack : String(error)}\n`,
    );
  }
  process.exit(1);
}
