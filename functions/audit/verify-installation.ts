// `npm run audit:verify` (scripts/audit-verify.ts): checks the audit trail's hash chain
// (docs/decisions/0553-audit-hash-chain.md) of the local installation, read like
// `npm run backup` reads it (a running `npm start`'s engine, a DYNAMODB_ENDPOINT, or a private
// engine over a copy of a stopped one), or of the AWS table named by TABLE_NAME when the
// environment selects AWS (no DYNAMODB_ENDPOINT, AWS_REGION set: see functions/env.ts).
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { AuditLog } from '../data/audit.ts';
import { createDocumentClient, dynamoTarget } from '../data/dynamo.ts';
import type { Config } from '../env.ts';
import { openStoreForBackup } from '../server/backup/source.ts';
import { verdictSentence, type AuditVerdict } from '../shared/api/audit.ts';

async function openTable(
  config: Config,
): Promise<{ db: DynamoDBDocumentClient; close: () => Promise<void> }> {
  if (config.store.kind === 'aws') {
    const db = createDocumentClient(dynamoTarget(config));
    return { db, close: async () => db.destroy() };
  }
  return openStoreForBackup(config);
}

/** The verdict on the range (every kept entry without one) and the sentence that says it. */
export async function verifyInstallation(
  config: Config,
  range: { from?: string | undefined; to?: string | undefined },
): Promise<{ verdict: AuditVerdict; sentence: string; table: string }> {
  const store = await openTable(config);
  try {
    const table = config.env.TABLE_NAME;
    const verdict = await new AuditLog(store.db, table).verify(range);
    return { verdict, sentence: verdictSentence(verdict), table };
  } finally {
    await store.close();
  }
}
