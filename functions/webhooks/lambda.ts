// AWS: the outbox drainer as a Lambda function, invoked every minute by an EventBridge
// schedule (infra/constructs/lead-webhook.ts). Each run attempts every due delivery until
// the function's time is nearly up; what is left waits for the next run. It builds only
// what a drain needs (not the API's services), so its bundle and cold start stay small.
import '../lib/zod-jitless.ts'; // first, before any module builds a schema
import type { Context } from 'aws-lambda';
import { createDocumentClient, dynamoTarget } from '../data/dynamo.ts';
import { LeadRepository } from '../data/leads.ts';
import { OutboxRepository } from '../data/outbox.ts';
import { loadConfig } from '../env.ts';
import { jsonLogger } from '../lib/logger.ts';
import { sourceStack } from '../lib/stack-trace.ts';
import { LeadWebhook } from './lead-webhook.ts';
import { secretKey } from './signing.ts';

/** Stop starting attempts this long before the timeout: one attempt takes at most 5 s. */
const SAFETY_MS = 10_000;

const config = loadConfig();
const log = jsonLogger(config.env.LOG_LEVEL);
const db = createDocumentClient(dynamoTarget(config));
const table = config.env.TABLE_NAME;
const now = () => new Date();
const url = config.env.LEAD_WEBHOOK_URL;
const webhook = url
  ? new LeadWebhook(
      {
        leads: new LeadRepository(db, table, now),
        outbox: new OutboxRepository(db, table, now),
        now,
        log,
      },
      // loadConfig refuses a URL without a valid secret.
      { url, key: secretKey(config.env.LEAD_WEBHOOK_SECRET ?? '') },
    )
  : undefined;

export const handler = async (
  _event: unknown,
  context: Pick<Context, 'getRemainingTimeInMillis'>,
) => {
  if (!webhook) {
    log.warn('lead webhook drainer ran without LEAD_WEBHOOK_URL; nothing to do');
    return { attempted: 0 };
  }
  try {
    return await webhook.drainOnce({
      deadline: () => context.getRemainingTimeInMillis() < SAFETY_MS,
    });
  } catch (error) {
    // The runtime logs it too, but with the minified bundle's positions.
    log.error('lead webhook drain run failed', { error: sourceStack(error) });
    throw error;
  }
};
