// The AWS drainer (functions/webhooks/lambda.ts) as the scheduled invocation runs it: config
// read from the environment at import, DynamoDB Local as the table, a real receiver on
// loopback as the CRM. The EventBridge event and the Lambda context are the mocked parts
// (built by hand below); the function reads nothing from the event.
import { randomBytes, randomUUID } from 'node:crypto';
import { afterEach, describe, expect, inject, it, vi } from 'vitest';
import { createDocumentClient } from '../data/dynamo.ts';
import { LeadRepository } from '../data/leads/repository.ts';
import { OutboxRepository } from '../data/outbox.ts';
import { ensureTable } from '../data/table.ts';
import { startReceiver } from '../test/webhook-receiver.ts';

const scheduledEvent = {
  version: '0',
  id: randomUUID(),
  'detail-type': 'Scheduled Event',
  source: 'aws.events',
  account: '123456789012',
  time: new Date().toISOString(),
  region: 'eu-west-1',
  resources: ['arn:aws:events:eu-west-1:123456789012:rule/LeadWebhookSchedule'],
  detail: {},
};

afterEach(() => {
  vi.unstubAllEnvs();
});

async function loadDrainer(env: Record<string, string>) {
  vi.resetModules();
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  const { handler } = await import('./lambda.ts');
  return (remainingMs: number) =>
    handler(scheduledEvent, { getRemainingTimeInMillis: () => remainingMs });
}

describe('lead webhook drainer Lambda', () => {
  it('delivers the due leads of its table to LEAD_WEBHOOK_URL', async () => {
    const receiver = await startReceiver();
    try {
      const endpoint = inject('dynamoEndpoint');
      const tableName = `test-drainer-${randomUUID()}`;
      const db = createDocumentClient({ region: 'local', endpoint });
      await ensureTable(db, tableName);
      const leads = new LeadRepository(db, tableName);
      const lead = await leads.create(
        {
          name: 'Dana Whitfield',
          email: 'dana@example-pharma.com',
          company: '',
          message: '',
          formType: 'general',
        },
        { spam: false, forward: true },
      );
      const drain = await loadDrainer({
        AWS_REGION: 'local',
        DYNAMODB_ENDPOINT: endpoint,
        TABLE_NAME: tableName,
        LOG_LEVEL: 'error',
        LEAD_WEBHOOK_URL: receiver.url,
        LEAD_WEBHOOK_SECRET: `whsec_${randomBytes(32).toString('base64')}`,
      });

      // Too little time left: nothing is started.
      expect(await drain(5_000)).toEqual({ attempted: 0 });
      expect(receiver.received).toHaveLength(0);

      expect(await drain(55_000)).toEqual({ attempted: 1 });
      expect(receiver.received).toHaveLength(1);
      expect(JSON.parse(receiver.received[0]!.body).data.id).toBe(lead.id);
      expect((await new OutboxRepository(db, tableName).get(lead.id))?.status).toBe('delivered');
      db.destroy();
    } finally {
      await receiver.stop();
    }
  });

  it('does nothing without LEAD_WEBHOOK_URL (nor saved settings)', async () => {
    const endpoint = inject('dynamoEndpoint');
    const tableName = `test-drainer-${randomUUID()}`;
    const db = createDocumentClient({ region: 'local', endpoint });
    await ensureTable(db, tableName);
    // A lead with a delivery, stored while a webhook was on: it waits, unsent.
    const lead = await new LeadRepository(db, tableName).create(
      {
        name: 'Dana',
        email: 'dana@example-pharma.com',
        company: '',
        message: '',
        formType: 'general',
      },
      { spam: false, forward: true },
    );
    const drain = await loadDrainer({
      AWS_REGION: 'local',
      DYNAMODB_ENDPOINT: endpoint,
      TABLE_NAME: tableName,
      LOG_LEVEL: 'error',
      LEAD_WEBHOOK_URL: '',
      LEAD_WEBHOOK_SECRET: '',
    });
    expect(await drain(55_000)).toEqual({ attempted: 0 });
    expect(await new OutboxRepository(db, tableName).get(lead.id)).toMatchObject({
      status: 'pending',
      attempts: [],
    });
    db.destroy();
  });
});
