// `npm run audit:verify [-- --from 2026-11-01 --to 2026-11-30]`: checks the audit trail's
// hash chain (functions/audit/verify-installation.ts, docs/decisions/0553-audit-hash-chain.md)
// and prints the verdict as a sentence; exits 1 when the chain is broken (2 on bad input).
import '../functions/lib/zod-jitless.ts'; // first, before any module builds a schema
import { parseArgs } from 'node:util';
import * as z from 'zod';
import { verifyInstallation } from '../functions/audit/verify-installation.ts';
import { loadConfig } from '../functions/env.ts';
import { exitOnFailure } from '../functions/server/backup/errors.ts';
import { auditRangeSchema } from '../functions/shared/api/audit.ts';

const USAGE =
  'Usage: npm run audit:verify [-- --from YYYY-MM-DD --to YYYY-MM-DD] (times as ISO 8601 too; without them, every kept entry)';

try {
  const { values } = parseArgs({
    options: { from: { type: 'string' }, to: { type: 'string' } },
    strict: true,
  });
  const range = auditRangeSchema.safeParse(values);
  if (!range.success) {
    process.stderr.write(`audit:verify: ${z.prettifyError(range.error)}\n${USAGE}\n`);
    process.exit(2);
  }
  const { verdict, sentence, table } = await verifyInstallation(loadConfig(), range.data);
  process.stdout.write(`Audit trail of table ${table}: ${sentence}\n`);
  process.exit(verdict.ok ? 0 : 1);
} catch (error) {
  exitOnFailure('audit:verify', USAGE, error);
}
