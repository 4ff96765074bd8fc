// Forwarding leads to the CRM against a real HTTP receiver on loopback (functions/test/
// webhook-receiver.ts) and DynamoDB Local: the signed body, retries after a 500 and a
// timeout on the schedule, the final failure, spam, manual retries, and a restarted
// server resuming deliveries. Time is the services' injectable clock; only the timeout
// is real (shortened), and nothing asserts how long anything took.
import { createHmac, randomBytes } from 'node:crypto';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../env.ts';
import { createServices, type ServiceOptions } from '../services.ts';
import type { AuditEntry } from '../data/audit.ts';
import { adminTestApp, memoryLogger } from '../test/harness.ts';
import { startReceiver, type Answer, type Receiver } from '../test/webhook-receiver.ts';
import { leadDetailSchema, type LeadDetail } from '../shared/leads/lead.ts';
import { leadWebhookPayloadSchema } from '../shared/leads/webhook.ts';
import { startDrainer, type Drainer } from './drainer.ts';
import { RETRY_DELAYS_MS } from './lead-webhook.ts';

const lead = {
  name: 'Dana Whitfield',
  email: 'dana.whitfield@example-pharma.com',
  company: 'Example Pharma',
  message: 'We manage 14 specialty pharmacy suppliers.\nPlease call after 3 pm.',
  formType: 'pricing',
  landingPageId: 'default',
};

const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0).reverse()) await stop();
});

async function receiver(answer?: (index: number) => Answer): Promise<Receiver> {
  const started = await startReceiver(answer);
  stops.push(() => started.stop());
  return started;
}

const newSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

/** The admin app with the webhook pointed at `url`, a movable clock and a short timeout. */
async function webhookApp(url: string, options: { timeoutMs?: number } = {}) {
  const secret = newSecret();
  const clock = { now: new Date('2026-03-02T09:00:00.000Z') };
  const env = { LEAD_WEBHOOK_URL: url, LEAD_WEBHOOK_SECRET: secret, CONTACT_RATE_LIMIT: '1000' };
  const webhook = { timeoutMs: options.timeoutMs ?? 2000 };
  const app = await adminTestApp(env, { now: () => clock.now, webhook });
  const advance = (ms: number) => (clock.now = new Date(clock.now.getTime() + ms));
  const submit = async (body: Record<string, unknown> = lead) => {
    const response = await app.json('POST', '/api/contact', body);
    expect(response.status).toBe(201);
    return ((await response.json()) as { id: string }).id;
  };
  const detail = async (id: string): Promise<LeadDetail> =>
    leadDetailSchema.parse(await (await app.json('GET', `/api/admin/leads/${id}`)).json());
  const drain = () => app.services.leadWebhook!.drainOnce();
  return { ...app, secret, env, webhook, clock, advance, submit, detail, drain };
}

/** The receiver's own check of a Standard Webhooks signature (independent of signing.ts). */
function signatureValid(secret: string, request: Receiver['received'][number]): boolean {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const id = String(request.headers['webhook-id']);
  const timestamp = String(request.headers['webhook-timestamp']);
  const expected = createHmac('sha256', key)
    .update(`${id}.${timestamp}.${request.body}`)
    .digest('base64');
  return String(request.headers['webhook-signature']).split(' ').includes(`v1,${expected}`);
}

/** Services of a second server on the same table (a restarted `npm start`). */
function restartedServices(
  tableName: string,
  env: Record<string, string>,
  options: ServiceOptions,
) {
  const endpoint = inject('dynamoEndpoint');
  const config = loadConfig({ TABLE_NAME: tableName, DYNAMODB_ENDPOINT: endpoint, ...env });
  return createServices(config, { region: 'local', endpoint }, { log: memoryLogger(), ...options });
}

describe('lead webhook: delivery to a real receiver', () => {
  it('POSTs a stored lead as JSON with the Standard Webhooks headers and a valid signature', async () => {
    const crm = await receiver();
    const app = await webhookApp(crm.url);
    const id = await app.submit();
    expect(crm.received).toHaveLength(0); // stored first; delivered by the drainer
    expect((await app.detail(id)).delivery).toMatchObject({ status: 'pending', attempts: [] });

    expect(await app.drain()).toEqual({ attempted: 1 });
    expect(crm.received).toHaveLength(1);
    const [request] = crm.received;
    expect(request!.method).toBe('POST');
    expect(request!.path).toBe('/hooks/leads');
    expect(request!.headers['content-type']).toBe('application/json');
    expect(request!.headers['webhook-id']).toBe(`lead_${id}`);
    expect(request!.headers['webhook-timestamp']).toBe(
      String(Date.parse('2026-03-02T09:00:00Z') / 1000),
    );
    expect(signatureValid(app.secret, request!)).toBe(true);
    expect(signatureValid(newSecret(), request!)).toBe(false);

    const payload = leadWebhookPayloadSchema.parse(JSON.parse(request!.body));
    expect(payload).toEqual({
      type: 'lead.created',
      timestamp: '2026-03-02T09:00:00.000Z',
      // The built-in form of its type (functions/shared/forms/built-in.ts FORM_FOR_TYPE).
      data: {
        ...lead,
        id,
        createdAt: '2026-03-02T09:00:00.000Z',
        formId: 'pricing-request',
        locale: 'en-US',
      },
    });

    const { delivery } = await app.detail(id);
    expect(delivery).toMatchObject({
      status: 'delivered',
      webhookId: `lead_${id}`,
      deliveredAt: '2026-03-02T09:00:00.000Z',
      attempts: [{ trigger: 'automatic', outcome: 'delivered', httpStatus: 204 }],
    });
    expect(await app.drain()).toEqual({ attempted: 0 });
    expect(crm.received).toHaveLength(1);
  });

  it('retries after a 500 about a minute later, with the same webhook-id and a new signature', async () => {
    const crm = await receiver((index) => (index === 0 ? 500 : 200));
    const app = await webhookApp(crm.url);
    const id = await app.submit();
    await app.drain();
    let { delivery } = await app.detail(id);
    expect(delivery).toMatchObject({
      status: 'pending',
      nextAttemptAt: '2026-03-02T09:01:00.000Z',
      attempts: [{ outcome: 'failed', httpStatus: 500, error: 'answered 500' }],
    });

    // Not yet due: nothing is sent.
    app.advance(59_000);
    expect(await app.drain()).toEqual({ attempted: 0 });
    expect(crm.received).toHaveLength(1);

    app.advance(1_000);
    expect(await app.drain()).toEqual({ attempted: 1 });
    expect(crm.received).toHaveLength(2);
    const [first, second] = crm.received;
    expect(second!.headers['webhook-id']).toBe(first!.headers['webhook-id']);
    expect(second!.body).toBe(first!.body);
    expect(
      Number(second!.headers['webhook-timestamp']) - Number(first!.headers['webhook-timestamp']),
    ).toBe(60);
    expect(signatureValid(app.secret, second!)).toBe(true);
    ({ delivery } = await app.detail(id));
    expect(delivery?.status).toBe('delivered');
    expect(delivery?.attempts.map((a) => a.outcome)).toEqual(['failed', 'delivered']);
  });

  it('counts a receiver that does not answer within the timeout as failed, then retries', async () => {
    const crm = await receiver((index) => (index === 0 ? 'hang' : 200));
    const app = await webhookApp(crm.url, { timeoutMs: 300 });
    const id = await app.submit();
    await app.drain();
    expect(crm.received).toHaveLength(1);
    expect((await app.detail(id)).delivery).toMatchObject({
      status: 'pending',
      attempts: [{ outcome: 'failed', error: 'no answer within 0.3 s' }],
    });
    expect((await app.detail(id)).delivery?.attempts[0]?.httpStatus).toBeUndefined();
    app.advance(60_000);
    await app.drain();
    expect((await app.detail(id)).delivery?.status).toBe('delivered');
  });

  it('follows the schedule (1 min, 5 min, 30 min, 2 h, 12 h), then marks it failed and logs the alarm line', async () => {
    const crm = await receiver(() => 503);
    const app = await webhookApp(crm.url);
    const id = await app.submit();
    const gaps: number[] = [];
    for (let attempt = 1; attempt <= 6; attempt++) {
      await app.drain();
      const { delivery } = await app.detail(id);
      expect(delivery?.attempts).toHaveLength(attempt);
      if (attempt < 6) {
        const last = delivery!.attempts.at(-1)!;
        gaps.push(Date.parse(delivery!.nextAttemptAt!) - Date.parse(last.at));
        app.advance(gaps.at(-1)!);
      } else {
        expect(delivery?.status).toBe('failed');
        expect(delivery?.nextAttemptAt).toBeUndefined();
      }
    }
    expect(gaps).toEqual([...RETRY_DELAYS_MS]);
    app.advance(86_400_000);
    expect(await app.drain()).toEqual({ attempted: 0 });
    expect(crm.received).toHaveLength(6);
    const failures = app.log.lines.filter(
      (line) => line.message === 'lead webhook delivery failed',
    );
    expect(failures).toEqual([
      expect.objectContaining({ level: 'error', details: expect.objectContaining({ leadId: id }) }),
    ]);
  });

  it('stops at once when the receiver answers 410 Gone', async () => {
    const crm = await receiver(() => 410);
    const app = await webhookApp(crm.url);
    const id = await app.submit();
    await app.drain();
    expect((await app.detail(id)).delivery).toMatchObject({
      status: 'failed',
      attempts: [{ httpStatus: 410 }],
    });
  });

  it('lets an admin retry a failed delivery by hand, audited', async () => {
    let gone = true;
    const crm = await receiver(() => (gone ? 410 : 200));
    const app = await webhookApp(crm.url);
    const id = await app.submit();
    await app.drain();
    gone = false;
    app.advance(3_600_000);
    const response = await app.json('POST', `/api/admin/leads/${id}/retry`);
    expect(response.status).toBe(200);
    const { delivery } = leadDetailSchema.parse(await response.json());
    expect(delivery).toMatchObject({
      status: 'delivered',
      attempts: [
        { trigger: 'automatic', outcome: 'failed', httpStatus: 410 },
        { trigger: 'manual', outcome: 'delivered', httpStatus: 200 },
      ],
    });
    expect(crm.received).toHaveLength(2);
    const again = await app.json('POST', `/api/admin/leads/${id}/retry`);
    expect(again.status).toBe(409);
    const { entries } = (await (await app.json('GET', '/api/admin/audit')).json()) as {
      entries: AuditEntry[];
    };
    expect(entries.find((entry) => entry.action === 'lead-retry')).toMatchObject({
      leadId: id,
      actor: app.email,
      summary: `Lead ${id}: CRM delivery retried by hand (delivered)`,
    });
  });

  it('refuses a manual retry while another worker holds the delivery', async () => {
    const crm = await receiver();
    const app = await webhookApp(crm.url);
    const id = await app.submit();
    const item = await app.services.outbox.get(id);
    expect(
      await app.services.outbox.claim(item!, new Date(app.clock.now.getTime() + 60_000)),
    ).toBeDefined();
    const response = await app.json('POST', `/api/admin/leads/${id}/retry`);
    expect(response.status).toBe(409);
    expect(crm.received).toHaveLength(0);
  });
});

describe('lead webhook: spam is never forwarded', () => {
  it('writes no delivery for a filled honeypot', async () => {
    const crm = await receiver();
    const app = await webhookApp(crm.url);
    const id = await app.submit({ ...lead, website: 'http://spam.example' });
    expect((await app.detail(id)).delivery).toBeNull();
    expect(await app.drain()).toEqual({ attempted: 0 });
    expect(crm.received).toHaveLength(0);
  });

  it('cancels a pending delivery when the lead is marked spam, and delivers once it is rescued', async () => {
    const crm = await receiver();
    const app = await webhookApp(crm.url);
    const id = await app.submit();
    expect((await app.json('PATCH', `/api/admin/leads/${id}`, { status: 'spam' })).status).toBe(
      200,
    );
    expect((await app.detail(id)).delivery?.status).toBe('cancelled');
    await app.drain();
    expect(crm.received).toHaveLength(0);
    expect((await app.json('POST', `/api/admin/leads/${id}/retry`)).status).toBe(409);

    expect((await app.json('PATCH', `/api/admin/leads/${id}`, { status: 'new' })).status).toBe(200);
    expect((await app.detail(id)).delivery?.status).toBe('pending');
    await app.drain();
    expect(crm.received).toHaveLength(1);
    expect((await app.detail(id)).delivery?.status).toBe('delivered');
  });

  it('delivers a rescued honeypot lead, which never had a delivery', async () => {
    const crm = await receiver();
    const app = await webhookApp(crm.url);
    const id = await app.submit({ ...lead, website: 'http://spam.example' });
    await app.json('PATCH', `/api/admin/leads/${id}`, { status: 'new' });
    await app.drain();
    expect(crm.received).toHaveLength(1);
    expect(JSON.parse(crm.received[0]!.body).data.id).toBe(id);
  });

  it('sends nothing for a lead erased before its delivery', async () => {
    const crm = await receiver();
    const app = await webhookApp(crm.url);
    const id = await app.submit();
    expect((await app.json('DELETE', `/api/admin/leads/${id}`)).status).toBe(204);
    expect(await app.services.outbox.get(id)).toBeUndefined();
    await app.drain();
    expect(crm.received).toHaveLength(0);
  });
});

describe('lead webhook: the local drainer and restarts', () => {
  it('delivers at once when a lead is stored (kick), and stops cleanly', async () => {
    const crm = await receiver();
    const app = await webhookApp(crm.url);
    const drainer = startDrainer(app.services.leadWebhook!, app.log);
    stops.push(() => drainer.stop());
    await drainer.idle();
    const id = await app.submit();
    await crm.waitFor(1);
    await drainer.idle();
    expect((await app.detail(id)).delivery?.status).toBe('delivered');
  });

  it('resumes deliveries left pending by a stopped server when a new one starts on the same table', async () => {
    const crm = await receiver();
    const first = await webhookApp(crm.url);
    const ids = [await first.submit(), await first.submit({ ...lead, name: 'Sam Okafor' })];
    // The first server stopped before draining. A new one (new services, new drainer):
    const services = restartedServices(first.services.tableName, first.env, {
      now: () => first.clock.now,
      webhook: first.webhook,
    });
    stops.push(async () => services.db.destroy());
    const drainer: Drainer = startDrainer(services.leadWebhook!, services.log);
    stops.push(() => drainer.stop());
    await crm.waitFor(2);
    await drainer.idle();
    expect(crm.received.map((r) => JSON.parse(r.body).data.id).sort()).toEqual([...ids].sort());
    for (const id of ids) expect((await first.detail(id)).delivery?.status).toBe('delivered');
  });

  it('takes over a delivery whose worker died mid-attempt once its lease has run out', async () => {
    const crm = await receiver();
    const first = await webhookApp(crm.url);
    const id = await first.submit();
    // The first server claimed it and died before recording anything.
    const item = await first.services.outbox.get(id);
    expect(
      await first.services.outbox.claim(item!, new Date(first.clock.now.getTime() + 60_000)),
    ).toBeDefined();

    const services = restartedServices(first.services.tableName, first.env, {
      now: () => first.clock.now,
      webhook: first.webhook,
    });
    stops.push(async () => services.db.destroy());
    expect(await services.leadWebhook!.drainOnce()).toEqual({ attempted: 0 });
    first.advance(60_000);
    expect(await services.leadWebhook!.drainOnce()).toEqual({ attempted: 1 });
    expect(crm.received).toHaveLength(1);
    expect((await first.detail(id)).delivery?.status).toBe('delivered');
  });

  it('gives an attempt in flight back when the server stops, so the next start sends it at once', async () => {
    const crm = await receiver((index) => (index === 0 ? 'hang' : 200));
    const app = await webhookApp(crm.url, { timeoutMs: 30_000 });
    const drainer = startDrainer(app.services.leadWebhook!, app.log);
    const id = await app.submit();
    await crm.waitFor(1);
    await drainer.stop();
    const item = await app.services.outbox.get(id);
    expect(item).toMatchObject({ status: 'pending', attempts: [], automaticAttempts: 0 });
    expect(item?.leaseUntil).toBeUndefined();

    const next = startDrainer(app.services.leadWebhook!, app.log);
    stops.push(() => next.stop());
    await crm.waitFor(2);
    await next.idle();
    expect((await app.detail(id)).delivery?.status).toBe('delivered');
  });
});

describe('lead webhook: configuration', () => {
  it('writes no delivery when no webhook is configured', async () => {
    const app = await adminTestApp();
    const response = await app.json('POST', '/api/contact', lead);
    const { id } = (await response.json()) as { id: string };
    const detail = leadDetailSchema.parse(
      await (await app.json('GET', `/api/admin/leads/${id}`)).json(),
    );
    expect(detail).toMatchObject({ delivery: null, webhookConfigured: false });
    // The sender exists all the same: an admin may switch the webhook on later (the lead
    // routing settings, functions/routes/lead-settings.test.ts), and nothing is due.
    expect(await app.services.leadWebhook!.drainOnce()).toEqual({ attempted: 0 });
    expect((await app.json('POST', `/api/admin/leads/${id}/retry`)).status).toBe(409);
  });

  it('validates LEAD_WEBHOOK_URL and LEAD_WEBHOOK_SECRET together', () => {
    const secret = newSecret();
    const problem = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return undefined;
      } catch (error) {
        return (error as Error).message;
      }
    };
    expect(
      problem({ LEAD_WEBHOOK_URL: 'https://crm.example/hooks', LEAD_WEBHOOK_SECRET: secret }),
    ).toBeUndefined();
    expect(
      problem({ LEAD_WEBHOOK_URL: 'http://127.0.0.1:9/x', LEAD_WEBHOOK_SECRET: secret }),
    ).toBeUndefined();
    expect(problem({ LEAD_WEBHOOK_URL: 'https://crm.example/hooks' })).toContain(
      'LEAD_WEBHOOK_SECRET is required when LEAD_WEBHOOK_URL is set',
    );
    expect(problem({ LEAD_WEBHOOK_SECRET: secret })).toContain(
      'LEAD_WEBHOOK_URL is required when LEAD_WEBHOOK_SECRET is set',
    );
    expect(
      problem({ LEAD_WEBHOOK_URL: 'http://crm.example/hooks', LEAD_WEBHOOK_SECRET: secret }),
    ).toContain('LEAD_WEBHOOK_URL must be an https:// URL');
    expect(
      problem({
        LEAD_WEBHOOK_URL: 'https://crm.example/hooks',
        LEAD_WEBHOOK_SECRET: 'whsec_c2hvcnQ=',
      }),
    ).toContain('LEAD_WEBHOOK_SECRET must decode to 24 to 64 bytes (it has 5)');
    expect(
      problem({
        LEAD_WEBHOOK_URL: 'https://crm.example/hooks',
        LEAD_WEBHOOK_SECRET: 'not base64!',
      }),
    ).toContain('LEAD_WEBHOOK_SECRET must be whsec_ followed by base64');
  });
});
