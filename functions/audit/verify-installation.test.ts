// `npm run audit:verify` (scripts/audit-verify.ts) against a table in DynamoDB Local, as an
// installation with DYNAMODB_ENDPOINT reads it: the verdict printed as a sentence, exit 0
// while the chain holds, 1 once an entry is changed directly in the table, 2 on bad input.
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, inject, it } from 'vitest';
import { TEST_SECRETS_KEY, testApp } from '../test/harness.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

function auditVerify(env: Record<string, string>, args: string[] = []) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((done) => {
    execFile(
      process.execPath,
      [join(ROOT, 'scripts/audit-verify.ts'), ...args],
      { env: { ...process.env, LOG_LEVEL: 'warn', ...env } },
      (error, stdout, stderr) => done({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
  });
}

// Three runs of a Node process, each loading the data layer: slow on a loaded machine.
describe('npm run audit:verify', { timeout: 240_000 }, () => {
  it('prints the verdict and exits 1 once an entry was changed in the table', async () => {
    const { services } = await testApp();
    for (let i = 0; i < 3; i++) {
      await services.audit.record({ actor: 'a@example.com', action: 'update', summary: `e${i}` });
    }
    const env = {
      TABLE_NAME: services.tableName,
      DYNAMODB_ENDPOINT: inject('dynamoEndpoint'),
      LEAD_SETTINGS_KEY: TEST_SECRETS_KEY,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'pb-audit-verify-')),
    };
    const whole = await auditVerify(env);
    expect(whole).toMatchObject({ code: 0, stderr: '' });
    expect(whole.stdout).toBe(
      `Audit trail of table ${services.tableName}: All 3 entries check out.\n`,
    );

    const month = services.now().toISOString().slice(0, 7);
    const { Items = [] } = await services.db.send(
      new QueryCommand({
        TableName: services.tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': `AUDIT#${month}` },
      }),
    );
    const target = Items.find((item) => item['seq'] === 2)!;
    await services.db.send(
      new UpdateCommand({
        TableName: services.tableName,
        Key: { pk: target['pk'], sk: target['sk'] },
        UpdateExpression: 'SET actor = :a',
        ExpressionAttributeValues: { ':a': 'someone-else@example.com' },
      }),
    );
    const broken = await auditVerify(env);
    expect(broken.code).toBe(1);
    expect(broken.stdout).toContain(
      `The chain breaks at the entry of ${String(target['at']).slice(0, 19).replace('T', ' ')} UTC (${String(target['id'])}): it was changed, removed or inserted after it was written.`,
    );

    const bad = await auditVerify(env, ['--from', 'last week']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/from/);
  });
});
