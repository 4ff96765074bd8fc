// Issue 21 item 8: a delivery claimed by this process when the server stops is given back
// at once, not left to its 60 s lease. The drainer's own attempts always were (their POST
// is aborted); this covers a claim the shutdown cuts off elsewhere: an admin's manual
// retry hanging on the CRM while the server stops. Real receiver, DynamoDB Local.
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { adminTestApp } from '../test/harness.ts';
import { startReceiver } from '../test/webhook-receiver.ts';
import { startDrainer } from './drainer.ts';

const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0).reverse()) await stop();
});

describe('the drainer at shutdown', () => {
  it('gives back a claim held by a manual retry in flight, so another runner takes it at once', async () => {
    const crm = await startReceiver((index) => (index === 0 ? 'hang' : 200));
    stops.push(() => crm.stop());
    const env = {
      LEAD_WEBHOOK_URL: crm.url,
      LEAD_WEBHOOK_SECRET: `whsec_${randomBytes(32).toString('base64')}`,
    };
    const app = await adminTestApp(env, { webhook: { timeoutMs: 30_000 } });
    const webhook = app.services.leadWebhook!;
    const submitted = await app.json('POST', '/api/contact', {
      name: 'Dana Whitfield',
      email: 'dana.whitfield@example-pharma.com',
    });
    const { id } = (await submitted.json()) as { id: string };
    // An admin's retry claims the delivery and hangs on the CRM (it has no abort signal).
    const retry = webhook.retryNow(id);
    await crm.waitFor(1);
    expect((await app.services.outbox.get(id))?.leaseUntil).toBeDefined();
    const drainer = startDrainer(webhook, app.log, { outbox: app.services.outbox });
    await drainer.idle();

    await drainer.stop();
    const item = await app.services.outbox.get(id);
    expect(item?.leaseUntil).toBeUndefined();
    expect(item).toMatchObject({ status: 'pending', attempts: [] });
    // Due now for the next runner, not in 60 s.
    expect((await app.services.outbox.due(10)).map((due) => due.leadId)).toContain(id);
    expect(app.log.lines.map((line) => line.message)).toContain(
      'lead webhook claims given back at shutdown',
    );

    // The next start sends it at once; the cut-off retry's late answer changes nothing.
    const next = startDrainer(webhook, app.log, { outbox: app.services.outbox });
    stops.push(() => next.stop());
    await crm.waitFor(2);
    await next.idle();
    expect((await app.services.outbox.get(id))?.status).toBe('delivered');
    await crm.stop();
    await retry.catch(() => undefined);
  });
});
