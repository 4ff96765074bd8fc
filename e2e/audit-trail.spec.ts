// The audit trail that shows tampering, in the browser (issue 37,
// docs/decisions/0553-audit-hash-chain.md): an administrator opens the audit log, verifies the
// trail (every entry checks out), downloads the entries shown as CSV and JSON with their
// hashes; then an entry is changed directly in the server's DynamoDB Local (as someone with
// table access would) and the verdict names it; put back, the trail checks out again.
// Screenshots at 1280 and 390 px wide in /tmp/shots/chain-shots/.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { expect, test, type Locator, type Page } from 'playwright/test';
import { createDocumentClient } from '../functions/data/dynamo.ts';
import { installKey } from '../functions/server/dynamo-local.ts';
import { runningServer } from '../functions/server/backup/source.ts';
import { auditExportSchema } from '../functions/shared/api/audit.ts';
import { signIn } from './admin-session.ts';
import { shootAtWidths } from './screenshots.ts';
import { expectTooltip } from './tooltips.ts';

const SHOTS = '/tmp/shots/chain-shots';

const shoot = (page: Page, name: string, target: Locator) =>
  shootAtWidths(page, SHOTS, name, target);

/** The table of the `editing` server, read through the engine its server.json announces. */
function editingTable() {
  const dataDir = join(process.env['E2E_RUN_DIR']!, 'editing', 'data');
  const server = runningServer(dataDir);
  if (!server) throw new Error(`no server runs on ${dataDir}`);
  const db = createDocumentClient({
    region: 'local',
    endpoint: server.dynamoEndpoint,
    accessKeyId: installKey(dataDir),
  });
  return { db, table: 'pharmabridge' };
}

test('an administrator verifies and exports the audit trail; a changed entry is named', async ({
  page,
}) => {
  await signIn(page);
  await page.getByRole('button', { name: 'Audit log' }).click();
  await expect(page.getByTestId('audit-entry').first()).toBeVisible();
  const verifyButton = page.getByRole('button', { name: 'Verify audit trail' });

  await expectTooltip(verifyButton, 'changed, removed or inserted', { via: 'hover' });
  await verifyButton.click();
  const verdict = page.getByTestId('audit-verdict');
  await expect(verdict).toHaveText(/^All [\d,]+ entries check out\.$/);
  await shoot(page, 'audit-verified', verdict);

  // The entries shown, downloaded as the browser saves them.
  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Export CSV' }).click(),
  ]);
  expect(csv.suggestedFilename()).toMatch(/^audit-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
  const csvText = readFileSync(await csv.path(), 'utf8');
  expect(csvText).toContain('Previous hash,Hash');
  const [json] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Export JSON' }).click(),
  ]);
  const exported = auditExportSchema.parse(JSON.parse(readFileSync(await json.path(), 'utf8')));
  expect(exported.entries.length).toBeGreaterThan(0);
  expect(exported.entries.every((entry) => /^[0-9a-f]{64}$/.test(entry.hash ?? ''))).toBe(true);

  // Someone with table access rewrites an entry's summary.
  const { db, table } = editingTable();
  const target = exported.entries.at(-1)!;
  const key = { pk: `AUDIT#${target.at.slice(0, 7)}`, sk: target.id };
  const stored = await db.send(new GetCommand({ TableName: table, Key: key }));
  const original = String(stored.Item?.['summary']);
  const setSummary = (summary: string) =>
    db.send(
      new UpdateCommand({
        TableName: table,
        Key: key,
        UpdateExpression: 'SET summary = :s',
        ExpressionAttributeValues: { ':s': summary },
      }),
    );
  await setSummary('Nothing happened here');
  try {
    await verifyButton.click();
    await expect(verdict).toHaveText(
      new RegExp(
        `^The chain breaks at the entry of .+ \\(${target.id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\): it was changed, removed or inserted after it was written\\.$`,
      ),
    );
    await expect(verdict).toHaveAttribute('role', 'alert');
    await shoot(page, 'audit-broken', verdict);
  } finally {
    // Put back: the chain holds again (the hash was never touched).
    await setSummary(original);
  }
  await verifyButton.click();
  await expect(verdict).toHaveText(/^All [\d,]+ entries check out\.$/);
  db.destroy();
});
