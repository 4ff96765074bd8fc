// Lead routing settings (issue 26): GET/PUT /api/admin/settings/leads, the test delivery
// and the delivery log, through the real app on DynamoDB Local with real HTTP receivers
// on loopback (functions/test/webhook-receiver.ts) standing in for the CRM. The point of
// the feature is checked end to end: after a PUT, the next lead goes to the new URL,
// signed with the new secret, with no new services built (no restart), and a second
// process on the same table (the public function, the drainer) follows within its cache.
import { randomBytes } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { keys } from '../data/keys.ts';
import type { AuditEntry } from '../data/audit.ts';
import { loadConfig } from '../env.ts';
import type { ErrorBody } from '../lib/errors.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { createServices } from '../services.ts';
import {
  deliveryLogSchema,
  leadSettingsSchema,
  webhookTestResultSchema,
  type LeadSettingsInput,
} from '../shared/leads/settings.ts';
import { leadDetailSchema } from '../shared/leads/lead.ts';
import { adminTestApp, memoryLogger } from '../test/harness.ts';
import { signedWith, startReceiver, type Answer, type Receiver } from '../test/webhook-receiver.ts';

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
/** The server's AES key for stored secrets (functions/webhooks/secret-box.ts). */
const SETTINGS_KEY = randomBytes(32).toString('base64');

const lead = (formType = 'general') => ({
  name: 'Dana Whitfield',
  email: 'dana.whitfield@example-pharma.com',
  company: 'Example Pharma',
  message: 'Please call.',
  formType,
  landingPageId: 'default',
});

async function setUp(env: Record<string, string> = {}) {
  const mail: MailMessage[] = [];
  const mailer = {
    transport: 'log',
    send: async (message: MailMessage) => void mail.push(message),
  };
  const app = await adminTestApp(
    { LEAD_SETTINGS_KEY: SETTINGS_KEY, CONTACT_RATE_LIMIT: '1000', ...env },
    { mailer, webhook: { timeoutMs: 2000 } },
  );
  const submit = async (formType = 'general') => {
    const response = await app.anonJson('POST', '/api/contact', lead(formType));
    expect(response.status).toBe(201);
    return ((await response.json()) as { id: string }).id;
  };
  const put = (body: LeadSettingsInput | Record<string, unknown>) =>
    app.json('PUT', '/api/admin/settings/leads', body);
  const settings = async () => {
    const response = await app.json('GET', '/api/admin/settings/leads');
    expect(response.status).toBe(200);
    const text = await response.text();
    return { text, body: leadSettingsSchema.parse(JSON.parse(text)) };
  };
  const detail = async (id: string) =>
    leadDetailSchema.parse(await (await app.json('GET', `/api/admin/leads/${id}`)).json());
  const fields = async (response: Response) => {
    expect(response.status).toBe(400);
    return ((await response.json()) as ErrorBody).error.fields ?? {};
  };
  return { ...app, mail, submit, put, settings, detail, fields };
}

describe('lead routing settings', () => {
  it('start from the environment and never answer the secret', async () => {
    const crm = await receiver();
    const secret = newSecret();
    const app = await setUp({
      NOTIFY_EMAIL: 'sales@pharmabridge.example, ops@pharmabridge.example',
      LEAD_WEBHOOK_URL: crm.url,
      LEAD_WEBHOOK_SECRET: secret,
    });
    const { body, text } = await app.settings();
    expect(body).toMatchObject({
      source: 'environment',
      recipients: ['sales@pharmabridge.example', 'ops@pharmabridge.example'],
      perForm: {},
      webhook: { url: crm.url, enabled: true, secretSet: true },
      secretStorage: 'local',
    });
    expect(text).not.toContain(secret.slice(6, 30));

    // A new secret saved: neither the answer, nor GET, nor the stored item holds it.
    const replaced = newSecret();
    const saved = await app.put({
      recipients: ['sales@pharmabridge.example'],
      webhook: { url: crm.url, enabled: true, secret: replaced },
    });
    expect(saved.status).toBe(200);
    expect(await saved.text()).not.toContain(replaced.slice(6, 30));
    const after = await app.settings();
    expect(after.body).toMatchObject({ source: 'stored', webhook: { secretSet: true } });
    expect(after.text).not.toContain(replaced.slice(6, 30));
    const item = await app.services.db.send(
      new GetCommand({ TableName: app.services.tableName, Key: keys.leadSettings() }),
    );
    const stored = JSON.stringify(item.Item);
    expect(stored).not.toContain(replaced.slice(6, 30));
    expect(stored).toMatch(/"secretCiphertext":"local:v1:/);
  });

  it('refuse bad input with a 400 naming each field', async () => {
    const app = await setUp();
    const webhook = { url: null, enabled: false };
    expect(await app.fields(await app.put({ recipients: ['not an address'], webhook }))).toEqual({
      'recipients.0': ['must be an email address'],
    });
    expect(
      Object.keys(
        await app.fields(
          await app.put({
            recipients: [],
            perForm: { 'Bad Form!': ['a@pharmabridge.example'] },
            webhook,
          }),
        ),
      ),
    ).toEqual(['perForm.Bad Form!']);
    expect(
      await app.fields(await app.put({ recipients: [], perForm: { pilot: [] }, webhook })),
    ).toEqual({
      'perForm.pilot': [
        'must name at least one address (remove the form to use the general recipients)',
      ],
    });
    const url = async (value: string) =>
      (
        await app.fields(await app.put({ recipients: [], webhook: { url: value, enabled: false } }))
      )['webhook.url']?.[0];
    expect(await url('http://crm.example.com/hooks')).toMatch(/^must be an https:\/\/ URL/);
    expect(await url('https://10.1.2.3/hooks')).toBe(
      'must point to a public address: 10.1.2.3 is a private address',
    );
    expect(await url('https://169.254.169.254/latest/meta-data')).toMatch(/cloud metadata/);
    expect(await url('ftp://crm.example.com')).toMatch(/^must be a full URL/);
    expect(
      await app.fields(
        await app.put({ recipients: [], webhook: { url: 'https://8.8.8.8/hooks', enabled: true } }),
      ),
    ).toEqual({ 'webhook.secret': ['is required while the webhook is on'] });
    expect(
      await app.fields(
        await app.put({
          recipients: [],
          webhook: { url: null, enabled: true, secret: newSecret() },
        }),
      ),
    ).toEqual({ 'webhook.url': ['is required while the webhook is on'] });
    expect(
      await app.fields(
        await app.put({
          recipients: [],
          webhook: { url: null, enabled: false, secret: 'whsec_c2hvcnQ=' },
        }),
      ),
    ).toEqual({ 'webhook.secret': ['must decode to 24 to 64 bytes (it has 5)'] });
    // Nothing was saved by any of them.
    expect((await app.settings()).body.source).toBe('environment');
  });

  it('apply without a restart: the next lead goes to the new URL, signed with the new secret', async () => {
    const first = await receiver();
    const second = await receiver();
    const oldSecret = newSecret();
    const app = await setUp({ LEAD_WEBHOOK_URL: first.url, LEAD_WEBHOOK_SECRET: oldSecret });
    const webhook = app.services.leadWebhook!;
    // A second process on the same table (the public function, the AWS drainer), with its
    // own cache of the settings.
    const endpoint = inject('dynamoEndpoint');
    const other = createServices(
      loadConfig({
        TABLE_NAME: app.services.tableName,
        DYNAMODB_ENDPOINT: endpoint,
        LEAD_SETTINGS_KEY: SETTINGS_KEY,
        LEAD_WEBHOOK_URL: first.url,
        LEAD_WEBHOOK_SECRET: oldSecret,
      }),
      { region: 'local', endpoint },
      { log: memoryLogger(), leadSettingsCacheMs: 0 },
    );
    stops.push(async () => other.db.destroy());

    const before = await app.submit();
    await webhook.drainOnce();
    expect(first.received).toHaveLength(1);
    expect(signedWith(oldSecret, first.received[0]!)).toBe(true);
    expect(JSON.parse(first.received[0]!.body).data.id).toBe(before);

    const secret = newSecret();
    const saved = await app.put({
      recipients: [],
      webhook: { url: second.url, enabled: true, secret },
    });
    expect(saved.status).toBe(200);

    const after = await app.submit();
    await webhook.drainOnce();
    expect(first.received).toHaveLength(1);
    expect(second.received).toHaveLength(1);
    const request = second.received[0]!;
    expect(JSON.parse(request.body).data.id).toBe(after);
    expect(request.path).toBe('/hooks/leads');
    expect(signedWith(secret, request)).toBe(true);
    expect(signedWith(oldSecret, request)).toBe(false);
    expect((await app.detail(after)).delivery?.status).toBe('delivered');

    // The other process delivers there too, signed with the secret it decrypted.
    const third = await other.leads.create(
      {
        name: 'Sam',
        email: 'sam@example-pharma.com',
        company: '',
        message: '',
        formType: 'general',
      },
      { spam: false, forward: await other.leadRouting.forwards() },
    );
    expect(await other.leadWebhook!.drainOnce()).toEqual({ attempted: 1 });
    expect(second.received).toHaveLength(2);
    expect(JSON.parse(second.received[1]!.body).data.id).toBe(third.id);
    expect(signedWith(secret, second.received[1]!)).toBe(true);

    // Without a new secret the stored one is kept.
    expect(
      (await app.put({ recipients: [], webhook: { url: first.url, enabled: true } })).status,
    ).toBe(200);
    await app.submit();
    await webhook.drainOnce();
    expect(first.received).toHaveLength(2);
    expect(signedWith(secret, first.received[1]!)).toBe(true);
  });

  it('switched off: new leads store no delivery, waiting ones stay until it is on again', async () => {
    const crm = await receiver();
    const secret = newSecret();
    const app = await setUp();
    const on = { url: crm.url, enabled: true, secret };
    expect((await app.put({ recipients: [], webhook: on })).status).toBe(200);
    const waiting = await app.submit();
    expect(
      (await app.put({ recipients: [], webhook: { url: crm.url, enabled: false } })).status,
    ).toBe(200);
    const offLead = await app.submit();
    expect(await app.detail(offLead)).toMatchObject({ delivery: null, webhookConfigured: false });
    expect(await app.services.leadWebhook!.drainOnce()).toEqual({ attempted: 0 });
    expect(crm.received).toHaveLength(0);
    expect((await app.json('POST', `/api/admin/leads/${waiting}/retry`)).status).toBe(409);

    expect(
      (await app.put({ recipients: [], webhook: { url: crm.url, enabled: true } })).status,
    ).toBe(200);
    expect(await app.services.leadWebhook!.drainOnce()).toEqual({ attempted: 1 });
    expect(JSON.parse(crm.received[0]!.body).data.id).toBe(waiting);
  });

  it('mail each lead to its form’s recipients, else to everyone’s, as soon as they are saved', async () => {
    const app = await setUp({ NOTIFY_EMAIL: 'old@pharmabridge.example' });
    await app.submit('general');
    expect(app.mail.map((message) => message.to)).toEqual([['old@pharmabridge.example']]);
    const saved = await app.put({
      recipients: ['Sales@PharmaBridge.example'],
      perForm: { 'pricing-request': ['pricing@pharmabridge.example', 'cfo@pharmabridge.example'] },
      webhook: { url: null, enabled: false },
    });
    expect(saved.status).toBe(200);
    await app.submit('general');
    const pricing = await app.submit('pricing');
    expect(app.mail.slice(1).map((message) => message.to)).toEqual([
      ['sales@pharmabridge.example'],
      ['pricing@pharmabridge.example', 'cfo@pharmabridge.example'],
    ]);
    expect((await app.detail(pricing)).lead.notification?.status).toBe('sent');

    // Nobody at all: the lead says so, and no mail goes.
    await app.put({ recipients: [], webhook: { url: null, enabled: false } });
    const silent = await app.submit('general');
    expect(app.mail).toHaveLength(3);
    expect((await app.detail(silent)).lead.notification?.status).toBe('not-configured');
  });

  it('sends a signed test delivery and shows what the receiver answered', async () => {
    const crm = await receiver((index) => (index === 0 ? 204 : 500));
    const secret = newSecret();
    const app = await setUp();
    await app.put({ recipients: [], webhook: { url: crm.url, enabled: true, secret } });

    const test = async (body: object = {}) => {
      const response = await app.json('POST', '/api/admin/settings/leads/test', body);
      return { status: response.status, body: (await response.json()) as unknown };
    };
    const ok = await test();
    expect(ok.status).toBe(200);
    expect(webhookTestResultSchema.parse(ok.body)).toMatchObject({ ok: true, httpStatus: 204 });
    const request = crm.received[0]!;
    expect(JSON.parse(request.body)).toMatchObject({ type: 'lead.test' });
    expect(String(request.headers['webhook-id'])).toMatch(/^test_/);
    expect(signedWith(secret, request)).toBe(true);

    const failed = webhookTestResultSchema.parse((await test()).body);
    expect(failed).toMatchObject({ ok: false, httpStatus: 500, error: 'answered 500' });

    // Another URL and secret, tried before saving them.
    const other = await receiver();
    const trial = newSecret();
    expect(
      webhookTestResultSchema.parse((await test({ url: other.url, secret: trial })).body),
    ).toMatchObject({
      ok: true,
    });
    expect(signedWith(trial, other.received[0]!)).toBe(true);

    // A refused address never gets a request.
    const refused = await test({ url: 'https://192.168.1.10/hooks' });
    expect(refused.status).toBe(400);
    expect((refused.body as ErrorBody).error.fields).toEqual({
      url: ['must point to a public address: 192.168.1.10 is a private address'],
    });
    // Nothing answers on this port: the answer says so as a sentence.
    const closed = await test({ url: 'http://127.0.0.1:9/hooks' });
    expect(webhookTestResultSchema.parse(closed.body)).toMatchObject({
      ok: false,
      error: 'could not reach the receiver (ECONNREFUSED)',
    });
  });

  it('list the last 20 deliveries, leads and tests, newest first', async () => {
    const crm = await receiver((index) => (index === 1 ? 503 : 200));
    const app = await setUp();
    await app.put({
      recipients: [],
      webhook: { url: crm.url, enabled: true, secret: newSecret() },
    });
    const id = await app.submit();
    await app.services.leadWebhook!.drainOnce();
    await app.json('POST', '/api/admin/settings/leads/test', {});
    const list = async () =>
      deliveryLogSchema.parse(
        await (await app.json('GET', '/api/admin/settings/leads/deliveries')).json(),
      ).deliveries;
    const first = await list();
    expect(first).toHaveLength(2);
    const [test, delivery] = first;
    expect(test).toMatchObject({
      kind: 'test',
      trigger: 'test',
      outcome: 'failed',
      httpStatus: 503,
    });
    expect(delivery).toMatchObject({
      kind: 'lead',
      leadId: id,
      trigger: 'automatic',
      outcome: 'delivered',
      httpStatus: 200,
      host: new URL(crm.url).host,
    });
    expect(Date.parse(test!.at)).toBeGreaterThanOrEqual(Date.parse(delivery!.at));

    for (let n = 0; n < 21; n++) await app.json('POST', '/api/admin/settings/leads/test', {});
    const last = await list();
    expect(last).toHaveLength(20);
    expect(last.every((entry) => entry.kind === 'test')).toBe(true);
  });

  it('audit every change, without the secret', async () => {
    const crm = await receiver();
    const app = await setUp();
    const secret = newSecret();
    await app.put({
      recipients: ['sales@pharmabridge.example'],
      perForm: { pilot: ['pilot@pharmabridge.example'] },
      webhook: { url: `${crm.url}?token=abc123`, enabled: true, secret },
    });
    await app.json('POST', '/api/admin/settings/leads/test', {});
    const response = await app.json('GET', '/api/admin/audit');
    const text = await response.text();
    const entries = (JSON.parse(text) as { entries: AuditEntry[] }).entries;
    const summaries = entries.filter((entry) => entry.action === 'settings').map((e) => e.summary);
    expect(summaries).toContain(
      `Lead routing saved: recipients sales@pharmabridge.example, per-form recipients pilot → pilot@pharmabridge.example, webhook URL to host ${new URL(crm.url).host}, webhook on, new signing secret`,
    );
    expect(summaries.some((s) => s.startsWith('Lead webhook test delivery to host'))).toBe(true);
    expect(text).not.toContain(secret.slice(6, 30));
    expect(text).not.toContain('abc123');
  });

  it('are for admins only', async () => {
    const app = await setUp();
    const { cookie } = await app.signIn('publisher@pharmabridge.test', 'publisher');
    const response = await app.anonJson('GET', '/api/admin/settings/leads', undefined, { cookie });
    expect(response.status).toBe(403);
    expect(((await response.json()) as ErrorBody).error.permission).toBe('accounts');
    expect((await app.anonJson('GET', '/api/admin/settings/leads')).status).toBe(401);
  });
});
