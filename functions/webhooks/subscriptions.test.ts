// Webhook subscriptions for every event (issue 40, docs/decisions/0568-webhook-subscriptions.md)
// against a real HTTP receiver on loopback (functions/test/webhook-receiver.ts) and DynamoDB
// Local: each event delivered once to a subscribed receiver, signed (verified with the
// official `standardwebhooks` package) and valid against its documented payload, nothing to
// a subscription not subscribed to it, retried after a failure, replayed by the route,
// switched off after 20 failures in a row with its creator e-mailed, Slack's message shape,
// the SSRF guard at save, and the CRM webhook listed read-only with the same body.
import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import type { MailMessage } from '../mail/mailer.ts';
import { leadWebhookPayloadSchema } from '../shared/leads/webhook.ts';
import {
  MAX_CONSECUTIVE_FAILURES,
  WEBHOOK_EVENT_DOCS,
  webhookCreatedSchema,
  webhookDeliveryListSchema,
  webhookDeliverySchema,
  webhookListSchema,
  type WebhookEvent,
} from '../shared/webhooks.ts';
import { adminTestApp } from '../test/harness.ts';
import { team as claimsTeam } from '../test/claims-team.ts';
import { team as experimentTeam } from '../test/experiment-team.ts';
import { formTeam, probedContact, signature } from '../test/form-team.ts';
import { approve, team as workflowTeam } from '../test/workflow-team.ts';
import { startReceiver, type Answer, type Receiver } from '../test/webhook-receiver.ts';
import { accountName, deliveryBody } from './subscriptions.ts';

type Call = (method: string, path: string, body?: unknown) => Response | Promise<Response>;

const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0).reverse()) await stop();
});

async function receiver(answer?: (index: number) => Answer): Promise<Receiver> {
  const started = await startReceiver(answer);
  stops.push(() => started.stop());
  return started;
}

async function subscribe(
  call: Call,
  url: string,
  events: WebhookEvent[],
  format?: 'standard' | 'slack',
) {
  const response = await call('POST', '/api/admin/webhooks', {
    url,
    events,
    description: 'Test receiver',
    ...(format ? { format } : {}),
  });
  expect(response.status).toBe(201);
  return webhookCreatedSchema.parse(await response.json());
}

/** The official library's check; its 5-minute tolerance is measured at the signed time. */
function verified(secret: string, request: Receiver['received'][number]): unknown {
  const headers = {
    'webhook-id': String(request.headers['webhook-id']),
    'webhook-timestamp': String(request.headers['webhook-timestamp']),
    'webhook-signature': String(request.headers['webhook-signature']),
  };
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Number(headers['webhook-timestamp']) * 1000);
  try {
    return new Webhook(secret).verify(request.body, headers);
  } finally {
    vi.useRealTimers();
  }
}

/** Each request's event, checked against its documented payload and its signature. */
function eventsOf(secret: string, received: Receiver['received']): WebhookEvent[] {
  return received.map((request) => {
    const payload = verified(secret, request) as { type: WebhookEvent };
    WEBHOOK_EVENT_DOCS[payload.type].payload.parse(payload);
    return payload.type;
  });
}

/** Slack's incoming-webhook message as its documentation describes it. */
const slackTextObject = z.strictObject({
  type: z.enum(['mrkdwn', 'plain_text']),
  text: z.string().min(1).max(3000),
});
const slackMessageSchema = z.strictObject({
  text: z.string().min(1),
  blocks: z
    .array(
      z.discriminatedUnion('type', [
        z.strictObject({ type: z.literal('section'), text: slackTextObject }),
        z.strictObject({
          type: z.literal('context'),
          elements: z.array(slackTextObject).min(1).max(10),
        }),
      ]),
    )
    .min(1)
    .max(50),
});

describe('webhook subscriptions: page events', () => {
  it('delivers submitted, approved, published, expired and unpublished once each, signed; nothing to others', async () => {
    const { as, live, draft, services } = await workflowTeam(0);
    const pages = await receiver();
    const leadsOnly = await receiver();
    const slack = await receiver();
    const admin = as('admin');
    const all = await subscribe(admin, pages.url, [
      'page.submitted',
      'page.approved',
      'page.published',
      'page.unpublished',
      'page.expired',
    ]);
    await subscribe(admin, leadsOnly.url, ['lead.created']);
    await subscribe(admin, slack.url, ['page.published'], 'slack');
    const drain = () => services.subscriptionWebhooks.drainOnce();

    expect((await draft('New headline', live.revision)).status).toBe(200);
    expect((await as('editor')('POST', `/api/landing-pages/${live.id}/submit`, {})).status).toBe(
      200,
    );
    await drain();
    expect(
      (await as('reviewer')('POST', `/api/landing-pages/${live.id}/approve`, approve())).status,
    ).toBe(201);
    await drain();
    expect(
      (await as('publisher')('POST', `/api/landing-pages/${live.id}/publish`, {})).status,
    ).toBe(200);
    await drain();
    const page = (await services.pages.getById(live.id))!;
    await services.workflow.expireLive(page, 'expiry-test', { email: 'system', ip: '' });
    await drain();
    // Back live (nothing to approve: no approvals required), then taken down by hand.
    expect(
      (await as('publisher')('POST', `/api/landing-pages/${live.id}/publish`, {})).status,
    ).toBe(200);
    expect(
      (await as('publisher')('POST', `/api/landing-pages/${live.id}/unpublish`, {})).status,
    ).toBe(200);
    await drain();

    expect(eventsOf(all.secret, pages.received)).toEqual([
      'page.submitted',
      'page.approved',
      'page.published',
      'page.expired',
      // One drain: the publish and the unpublish, in either order.
      ...eventsOf(all.secret, pages.received.slice(4)),
    ]);
    expect(
      pages.received
        .slice(4)
        .map((r) => JSON.parse(r.body).type)
        .sort(),
    ).toEqual(['page.published', 'page.unpublished']);
    const ids = pages.received.map((request) => request.headers['webhook-id']);
    expect(new Set(ids).size).toBe(6);
    const published = JSON.parse(pages.received[2]!.body) as {
      data: { jobCode: string; version: number; by: string; title: string };
    };
    expect(published.data).toMatchObject({
      id: live.id,
      locale: 'en-US',
      by: 'publisher@pharmabridge.test',
      version: 1,
    });
    expect(published.data.jobCode).toMatch(/^PB-\d{4}-\d{4}$/);
    const approved = JSON.parse(pages.received[1]!.body) as { data: { meaning: string } };
    expect(approved.data.meaning).toBe('approved-medical');
    // Not subscribed: nothing.
    expect(leadsOnly.received).toHaveLength(0);

    // Slack: its documented message shape, with the job code and version, twice (two publishes).
    expect(slack.received).toHaveLength(2);
    const message = slackMessageSchema.parse(JSON.parse(slack.received[0]!.body));
    expect(message.text).toBe(
      `Page “${published.data.title}” published by publisher@pharmabridge.test (${published.data.jobCode} v1)`,
    );
    expect(message.blocks[0]).toEqual({
      type: 'section',
      text: { type: 'mrkdwn', text: message.text },
    });
    // A person with a display name is named by it ("published by Jane Doe"), read from the
    // accounts when the message is made.
    await services.admins.create('jane@pharmabridge.test', 'unused', {
      role: 'publisher',
      name: 'Jane Doe',
    });
    const event = { ...published, data: { ...published.data, by: 'jane@pharmabridge.test' } };
    const named = slackMessageSchema.parse(
      JSON.parse(
        deliveryBody(
          { format: 'slack' },
          JSON.stringify(event),
          await accountName(services.admins)('jane@pharmabridge.test'),
        ),
      ),
    );
    expect(named.text).toBe(
      `Page “${published.data.title}” published by Jane Doe (${published.data.jobCode} v1)`,
    );
    expect(JSON.parse(slack.received[1]!.body).text).toContain(' v2)');
  });
});

describe('webhook subscriptions: leads', () => {
  it('lead.created has the CRM webhook body exactly; lead.updated follows a change; the CRM webhook is listed read-only', async () => {
    const crm = await receiver();
    const crmSecret = `whsec_${randomBytes(32).toString('base64')}`;
    const app = await adminTestApp({
      CONTACT_RATE_LIMIT: '1000',
      LEAD_WEBHOOK_URL: crm.url,
      LEAD_WEBHOOK_SECRET: crmSecret,
    });
    const hook = await receiver();
    const sub = await subscribe(app.json, hook.url, ['lead.created', 'lead.updated']);
    const submitted = await app.json('POST', '/api/contact', {
      name: 'Dana Whitfield',
      email: 'dana.whitfield@example-pharma.com',
      company: 'Example Pharma',
      message: 'Please call.',
      formType: 'pricing',
    });
    expect(submitted.status).toBe(201);
    const { id } = (await submitted.json()) as { id: string };
    await app.services.subscriptionWebhooks.drainOnce();
    await app.services.leadWebhook!.drainOnce();
    expect(eventsOf(sub.secret, hook.received)).toEqual(['lead.created']);
    // The same body as the CRM webhook's: nothing changes for a receiver.
    const body = leadWebhookPayloadSchema.parse(JSON.parse(hook.received[0]!.body));
    expect(body).toEqual(JSON.parse(crm.received[0]!.body));
    expect(body.data.id).toBe(id);

    expect(
      (await app.json('PATCH', `/api/admin/leads/${id}`, { status: 'contacted', note: 'Called' }))
        .status,
    ).toBe(200);
    await app.services.subscriptionWebhooks.drainOnce();
    expect(eventsOf(sub.secret, hook.received)).toEqual(['lead.created', 'lead.updated']);
    expect(JSON.parse(hook.received[1]!.body).data).toMatchObject({
      id,
      status: 'contacted',
      changes: ['status', 'note'],
      by: app.email,
    });

    // Spam is never an event.
    await app.json('POST', '/api/contact', {
      name: 'Bot',
      email: 'bot@example.com',
      company: 'Bots',
      message: 'x',
      formType: 'pricing',
      website: 'http://spam.example',
    });
    await app.services.subscriptionWebhooks.drainOnce();
    expect(hook.received).toHaveLength(2);

    const list = webhookListSchema.parse(
      await (await app.json('GET', '/api/admin/webhooks')).json(),
    );
    expect(list.webhooks.map((w) => [w.id, w.readOnly, w.events])).toEqual([
      ['crm', true, ['lead.created']],
      [sub.id, false, ['lead.created', 'lead.updated']],
    ]);
    expect(list.webhooks[0]!.url).toBe(crm.url);
    const crmLog = webhookDeliveryListSchema.parse(
      await (await app.json('GET', '/api/admin/webhooks/crm/deliveries')).json(),
    );
    expect(crmLog.deliveries[0]).toMatchObject({ event: 'lead.created', status: 'delivered' });
    for (const [method, path] of [
      ['PATCH', '/api/admin/webhooks/crm'],
      ['DELETE', '/api/admin/webhooks/crm'],
    ] as const) {
      const refused = await app.json(
        method,
        path,
        method === 'PATCH' ? { enabled: false } : undefined,
      );
      expect(refused.status).toBe(409);
    }
  });
});

describe('webhook subscriptions: forms, claims, experiments', () => {
  it('form.changed and claim.withdrawn', async () => {
    const { as, claim, services } = await claimsTeam();
    const hook = await receiver();
    const sub = await subscribe(as('admin'), hook.url, ['form.changed', 'claim.withdrawn']);
    const form = (await services.forms.get('contact'))!;
    await services.forms.put('contact', form.form, form.revision, {
      email: 'admin@pharmabridge.test',
    });
    await services.subscriptionWebhooks.drainOnce();
    const withdrawn = await as('admin')('POST', `/api/admin/claims/${claim.id}/withdraw`, {
      reason: 'The audit lapsed',
    });
    expect(withdrawn.status).toBe(200);
    await services.subscriptionWebhooks.drainOnce();
    expect(eventsOf(sub.secret, hook.received)).toEqual(['form.changed', 'claim.withdrawn']);
    expect(JSON.parse(hook.received[1]!.body).data).toEqual({
      id: claim.id,
      key: 'soc2-audited',
      reason: 'The audit lapsed',
      by: 'admin@pharmabridge.test',
    });
  });

  it('form.changed when a form’s reviewed working copy is published', async () => {
    const { as, path, services } = await formTeam(1);
    const hook = await receiver();
    const sub = await subscribe(as('admin'), hook.url, ['form.changed']);
    const saved = await as('editor')('PUT', path('contact'), {
      form: probedContact(),
      revision: 0,
    });
    expect(saved.status).toBe(200);
    expect((await as('editor')('POST', path('contact', 'submit'), {})).status).toBe(200);
    expect((await as('reviewer')('POST', path('contact', 'approve'), signature())).status).toBe(
      201,
    );
    await services.subscriptionWebhooks.drainOnce();
    // A working copy, submitted and signed, changes nothing visitors get: no event yet.
    expect(hook.received).toHaveLength(0);
    expect((await as('publisher')('POST', path('contact', 'publish'), {})).status).toBe(200);
    await services.subscriptionWebhooks.drainOnce();
    expect(eventsOf(sub.secret, hook.received)).toEqual(['form.changed']);
    expect(JSON.parse(hook.received[0]!.body).data).toMatchObject({
      id: 'contact',
      revision: 1,
      by: 'publisher@pharmabridge.test',
    });
  });

  it('experiment.started and experiment.ended', async () => {
    const { as, create, editB, services } = await experimentTeam();
    const hook = await receiver();
    const sub = await subscribe(as('admin'), hook.url, ['experiment.started', 'experiment.ended']);
    const { id } = (await (await create()).json()) as { id: string };
    expect((await editB(id, 'Shorter', 1)).status).toBe(200);
    expect((await as('publisher')('POST', `/api/admin/experiments/${id}/start`)).status).toBe(200);
    await services.subscriptionWebhooks.drainOnce();
    expect((await as('admin')('POST', `/api/admin/experiments/${id}/stop`)).status).toBe(200);
    await services.subscriptionWebhooks.drainOnce();
    expect(eventsOf(sub.secret, hook.received)).toEqual(['experiment.started', 'experiment.ended']);
    expect(JSON.parse(hook.received[0]!.body).data).toMatchObject({
      id,
      name: 'Shorter headline',
      // The page itself: the default locale's version (issue 39).
      locale: 'en-US',
      by: 'publisher@pharmabridge.test',
    });
  });
});

describe('webhook subscriptions: a version in another locale (issue 39)', () => {
  it("names the page's id and the locale apart; Slack says which language", async () => {
    const { as, live, services } = await workflowTeam(1);
    expect(
      (await as('admin')('PUT', '/api/admin/settings', { locales: ['en-US', 'de-DE'] })).status,
    ).toBe(200);
    const hook = await receiver();
    const slack = await receiver();
    const sub = await subscribe(as('admin'), hook.url, [
      'page.submitted',
      'page.approved',
      'page.published',
      'page.unpublished',
    ]);
    await subscribe(as('admin'), slack.url, ['page.published'], 'slack');
    const de = (who: string, action: string, body: unknown = {}) =>
      as(who)('POST', `/api/landing-pages/${live.id}/locales/de-DE/${action}`, body);
    const drafted = await as('editor')('PUT', `/api/landing-pages/${live.id}/locales/de-DE/draft`, {
      title: 'Frühjahrskampagne',
      slug: 'fruehling',
      content: { ...live.content, hero: { ...live.content.hero, headline: 'Saubere Daten' } },
      revision: 0,
    });
    expect(drafted.status, await drafted.clone().text()).toBe(200);
    // A drain after each step: one drain's deliveries come in any order.
    const drain = () => services.subscriptionWebhooks.drainOnce();
    expect((await de('editor', 'submit')).status).toBe(200);
    await drain();
    expect((await de('reviewer', 'approve', approve())).status).toBe(201);
    await drain();
    expect((await de('publisher', 'publish')).status).toBe(200);
    await drain();
    expect((await de('publisher', 'unpublish')).status).toBe(200);
    await drain();

    expect(eventsOf(sub.secret, hook.received)).toEqual([
      'page.submitted',
      'page.approved',
      'page.published',
      'page.unpublished',
    ]);
    for (const request of hook.received) {
      expect(JSON.parse(request.body).data).toMatchObject({
        id: live.id,
        locale: 'de-DE',
        title: 'Frühjahrskampagne',
        slug: 'de/fruehling',
      });
    }
    // The page's own events (its default locale) say en-US: the events test above.
    const message = slackMessageSchema.parse(JSON.parse(slack.received[0]!.body));
    expect(message.text).toMatch(
      /^Page “Frühjahrskampagne” \(de-DE\) published by publisher@pharmabridge\.test \(PB-\d{4}-\d{4} v1\)$/,
    );
  });
});

describe('webhook subscriptions: failures', () => {
  async function failingApp(answer: (index: number) => Answer) {
    const clock = { now: new Date('2026-03-02T09:00:00.000Z') };
    const sent: MailMessage[] = [];
    const app = await adminTestApp(
      { CONTACT_RATE_LIMIT: '1000' },
      {
        now: () => clock.now,
        webhook: { timeoutMs: 2000 },
        mailer: { transport: 'memory', send: async (message) => void sent.push(message) },
      },
    );
    const hook = await receiver(answer);
    const sub = await subscribe(app.json, hook.url, ['lead.created']);
    const submit = async () => {
      const response = await app.json('POST', '/api/contact', {
        name: 'Dana Whitfield',
        email: 'dana@example-pharma.com',
        company: 'Example Pharma',
        message: 'Hello',
        formType: 'pricing',
      });
      expect(response.status).toBe(201);
    };
    const deliveries = async () =>
      webhookDeliveryListSchema.parse(
        await (await app.json('GET', `/api/admin/webhooks/${sub.id}/deliveries`)).json(),
      ).deliveries;
    const subscription = async () =>
      webhookListSchema
        .parse(await (await app.json('GET', '/api/admin/webhooks')).json())
        .webhooks.find((w) => w.id === sub.id)!;
    const advance = (ms: number) => (clock.now = new Date(clock.now.getTime() + ms));
    return { ...app, hook, sub, sent, submit, deliveries, subscription, advance };
  }

  it('retries after a failure on the schedule, then a replay sends the same message again', async () => {
    const { hook, sub, submit, deliveries, subscription, advance, json, services } =
      await failingApp((index) => (index === 0 ? 500 : 204));
    await submit();
    await services.subscriptionWebhooks.drainOnce();
    let [delivery] = await deliveries();
    expect(delivery).toMatchObject({ status: 'pending', event: 'lead.created' });
    expect(delivery!.attempts).toEqual([
      expect.objectContaining({
        outcome: 'failed',
        httpStatus: 500,
        attempt: 1,
        answer: 'status 500',
      }),
    ]);
    expect((await subscription()).consecutiveFailures).toBe(1);
    // Not due before its delay.
    await services.subscriptionWebhooks.drainOnce();
    expect(hook.received).toHaveLength(1);
    advance(60_000);
    await services.subscriptionWebhooks.drainOnce();
    [delivery] = await deliveries();
    expect(delivery).toMatchObject({ status: 'delivered' });
    expect(delivery!.attempts.map((a) => [a.attempt, a.outcome, a.httpStatus])).toEqual([
      [1, 'failed', 500],
      [2, 'delivered', 204],
    ]);
    expect((await subscription()).consecutiveFailures).toBe(0);

    const replayed = await json(
      'POST',
      `/api/admin/webhooks/${sub.id}/deliveries/${delivery!.id}/replay`,
    );
    expect(replayed.status).toBe(200);
    const after = webhookDeliverySchema.parse(await replayed.json());
    expect(after.attempts.at(-1)).toMatchObject({ trigger: 'replay', outcome: 'delivered' });
    expect(hook.received).toHaveLength(3);
    expect(hook.received[2]!.headers['webhook-id']).toBe(hook.received[0]!.headers['webhook-id']);
    expect(hook.received[2]!.body).toBe(hook.received[0]!.body);
    expect(eventsOf(sub.secret, hook.received)).toHaveLength(3);
    const missing = await json(
      'POST',
      `/api/admin/webhooks/${sub.id}/deliveries/msg_000000000${'0'.repeat(16)}/replay`,
    );
    expect(missing.status).toBe(404);
  });

  it(`is switched off after ${MAX_CONSECUTIVE_FAILURES} failures in a row, audited, and its creator e-mailed`, async () => {
    const { hook, sub, submit, deliveries, subscription, sent, json, services, email } =
      await failingApp(() => 503);
    await submit();
    await services.subscriptionWebhooks.drainOnce();
    const [delivery] = await deliveries();
    for (let i = 1; i < MAX_CONSECUTIVE_FAILURES; i++) {
      expect((await subscription()).enabled).toBe(true);
      const replay = await json(
        'POST',
        `/api/admin/webhooks/${sub.id}/deliveries/${delivery!.id}/replay`,
      );
      expect(replay.status).toBe(200);
    }
    expect(hook.received).toHaveLength(MAX_CONSECUTIVE_FAILURES);
    const off = await subscription();
    expect(off).toMatchObject({ enabled: false, consecutiveFailures: MAX_CONSECUTIVE_FAILURES });
    expect(off.disabledAt).toBeDefined();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to).toEqual([email]);
    expect(sent[0]!.subject).toContain(`after ${MAX_CONSECUTIVE_FAILURES} failed deliveries`);
    expect(sent[0]!.text).toContain('answered 503');
    const audit = (await (await json('GET', '/api/admin/audit?limit=5')).json()) as {
      entries: { action: string; actor: string }[];
    };
    expect(audit.entries.find((entry) => entry.action === 'webhook-disable')).toBeDefined();

    // Switched off: a new event's delivery is not sent.
    await submit();
    await services.subscriptionWebhooks.drainOnce();
    expect(hook.received).toHaveLength(MAX_CONSECUTIVE_FAILURES);
    // Switched on again: its failures start over.
    const on = await json('PATCH', `/api/admin/webhooks/${sub.id}`, { enabled: true });
    expect(on.status).toBe(200);
    expect(await on.json()).toMatchObject({ enabled: true, consecutiveFailures: 0 });
    expect((await subscription()).disabledAt).toBeUndefined();
  });
});

describe('webhook subscriptions: the admin API', () => {
  it('refuses what the SSRF guard refuses and every bad input with a 400 naming the field', async () => {
    const app = await adminTestApp();
    const fields = async (method: string, path: string, body: unknown) => {
      const response = await app.json(method, path, body);
      expect(response.status).toBe(400);
      const { error } = (await response.json()) as {
        error: { message: string; fields: Record<string, string[]> };
      };
      return error;
    };
    const metadata = await fields('POST', '/api/admin/webhooks', {
      url: 'http://169.254.169.254/latest/meta-data',
      events: ['lead.created'],
    });
    expect(Object.keys(metadata.fields)).toEqual(['url']);
    expect(metadata.message).toMatch(/^Invalid request: url must/);
    expect(
      Object.keys(
        (
          await fields('POST', '/api/admin/webhooks', {
            url: 'https://10.0.0.1/x',
            events: ['lead.created'],
          })
        ).fields,
      ),
    ).toEqual(['url']);
    expect(
      (await fields('POST', '/api/admin/webhooks', { url: 'https://crm.example.com', events: [] }))
        .fields,
    ).toHaveProperty('events');
    expect(
      (
        await fields('POST', '/api/admin/webhooks', {
          url: 'https://crm.example.com',
          events: ['page.deleted'],
        })
      ).fields,
    ).toHaveProperty(['events.0']);
    expect(
      (
        await fields('POST', '/api/admin/webhooks', {
          url: 'https://crm.example.com',
          events: ['lead.created'],
          format: 'teams',
        })
      ).fields,
    ).toHaveProperty('format');
    const hook = await receiver();
    const sub = await subscribe(app.json, hook.url, ['lead.created']);
    expect(sub.secret).toMatch(/^whsec_/);
    expect(
      Object.keys(
        (await fields('PATCH', `/api/admin/webhooks/${sub.id}`, { url: 'http://[fd00::1]/x' }))
          .fields,
      ),
    ).toEqual(['url']);
    // The secret is never shown again.
    const listed = await (await app.json('GET', '/api/admin/webhooks')).text();
    expect(listed).not.toContain(sub.secret.slice(6));
    expect((await app.json('DELETE', `/api/admin/webhooks/${sub.id}`)).status).toBe(204);
    expect((await app.json('DELETE', `/api/admin/webhooks/${sub.id}`)).status).toBe(404);
  });
});
