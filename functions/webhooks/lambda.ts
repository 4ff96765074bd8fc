// AWS: the outbox drainer as a Lambda function, invoked every minute by an EventBridge
// schedule (infra/constructs/lead-webhook.ts). Each run attempts every due delivery until
// the function's time is nearly up; what is left waits for the next run.
import type { Context } from 'aws-lambda';
import { dynamoTarget } from '../data/dynamo.ts';
import { loadConfig } from '../env.ts';
import { createServices } from '../services.ts';

const config = loadConfig();
const services = createServices(config, dynamoTarget(config));

/** Stop starting attempts this long before the timeout: one attempt takes at most 5 s. */
const SAFETY_MS = 10_000;

export const handler = async (_event: unknown, context: Context) => {
  const webhook = services.leadWebhook;
  if (!webhook) {
    services.log.warn('lead webhook drainer ran without LEAD_WEBHOOK_URL; nothing to do');
    return { attempted: 0 };
  }
  return webhook.drainOnce({ deadline: () => context.getRemainingTimeInMillis() < SAFETY_MS });
};
