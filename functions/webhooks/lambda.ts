// AWS: the outbox drainer as a Lambda function, invoked every minute by an EventBridge
// schedule (infra/constructs/lead-webhook.ts); with the webhook off or not configured a
// run only looks at the settings. Each run attempts every due delivery until
// the function's time is nearly up; what is left waits for the next run. It builds only
// what a drain needs (not the API's services), so its bundle and cold start stay small.
import '../lib/zod-jitless.ts'; // first, before any module builds a schema
import type { Context } from 'aws-lambda';
import { createDocumentClient, dynamoTarget } from '../data/dynamo.ts';
import { LeadRepository } from '../data/leads/repository.ts';
import { OutboxRepository } from '../data/outbox.ts';
import { loadConfig } from '../env.ts';
import { jsonLogger } from '../core/logger.ts';
import { sourceStack } from '../lib/stack-trace.ts';
import { LeadSettingsRepository } from '../data/lead-settings.ts';
import { LeadRouting } from './lead-routing.ts';
import { LeadWebhook } from './lead-webhook.ts';
import { chooseSecretBox } from './secret-box.ts';
import { guardModeOf } from './url-guard.ts';
import { WebhookSubscriptionRepository } from '../data/webhook-subscriptions.ts';
import { createMailer } from '../mail/select.ts';
import { accountName, SubscriptionWebhooks } from './subscriptions.ts';
import { AdminRepository } from '../data/admins.ts';

/** Stop starting attempts this long before the timeout: one attempt takes at most 5 s. */
const SAFETY_MS = 10_000;

const config = loadConfig();
const log = jsonLogger(config.env.LOG_LEVEL);
const db = createDocumentClient(dynamoTarget(config));
const table = config.env.TABLE_NAME;
const now = () => new Date();
const settings = new LeadSettingsRepository(db, table, now);
// The target comes from the lead routing settings at each run (saved in the admin, else
// LEAD_WEBHOOK_URL / LEAD_WEBHOOK_SECRET), so the function runs whether or not one is set.
const webhook = new LeadWebhook({
  leads: new LeadRepository(db, table, now),
  outbox: new OutboxRepository(db, table, now),
  now,
  log,
  routing: new LeadRouting(settings, config, chooseSecretBox(config)),
  mode: guardModeOf(config),
  deliveries: settings,
});
// The webhook subscriptions' deliveries (issue 40, ./subscriptions.ts), drained by the same run.
const subscriptions = new SubscriptionWebhooks({
  subscriptions: new WebhookSubscriptionRepository(db, table, now),
  box: chooseSecretBox(config),
  now,
  log,
  mode: guardModeOf(config),
  mailer: createMailer(config, log),
  siteUrl: config.siteUrl,
  nameOf: accountName(new AdminRepository(db, table, now)),
});

export const handler = async (
  _event: unknown,
  context: Pick<Context, 'getRemainingTimeInMillis'>,
) => {
  try {
    const deadline = () => context.getRemainingTimeInMillis() < SAFETY_MS;
    const leads = await webhook.drainOnce({ deadline });
    const events = await subscriptions.drainOnce({ deadline });
    return { attempted: leads.attempted + events.attempted };
  } catch (error) {
    // The runtime logs it too, but with the minified bundle's positions.
    log.error('lead webhook drain run failed', { error: sourceStack(error) });
    throw error;
  }
};
