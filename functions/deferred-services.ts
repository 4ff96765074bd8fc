// The visitor services only the public function's deferred routes use (DEFERRED_SERVICES,
// cold-services.ts): leads and their routing, forms, rate limits, preview links, gated
// files, mail. The public function imports this module on the first request to one of
// those routes (functions/public-app.ts); visitor-services.ts builds it with the cold part.
import type { Config } from './env.ts';
import { WorkflowRepository } from './data/workflow/repository.ts';
import { LeadRepository } from './data/leads/repository.ts';
import { LeadSettingsRepository } from './data/lead-settings.ts';
import { LeadRouting } from './webhooks/lead-routing.ts';
import { chooseSecretBox } from './webhooks/secret-box.ts';
import { FormRepository } from './data/forms.ts';
import { DynamoRateLimiter } from './data/rate-limit.ts';
import { AssetRepository } from './data/assets.ts';
import type { Logger } from './core/logger.ts';
import { createAwsMailer, type Mailer } from './mail/mailer.ts';
import type {
  ColdVisitorServices,
  DeferredVisitorServices,
  ServiceOptions,
} from './cold-services.ts';

export function deferredVisitorServices(
  cold: ColdVisitorServices,
  options: ServiceOptions,
  chooseMailer: (config: Config, log: Logger) => Mailer,
): DeferredVisitorServices {
  const { db, tableName, now, config, log, pages, media } = cold;
  const leadSettings = new LeadSettingsRepository(db, tableName, now);
  return {
    workflow: new WorkflowRepository(db, tableName, now, pages, media),
    leads: new LeadRepository(db, tableName, now),
    leadSettings,
    // Recipients and whether to forward, per lead, from the saved settings or the
    // environment (functions/webhooks/lead-routing.ts).
    leadRouting: new LeadRouting(leadSettings, config, chooseSecretBox(config), {
      ...(options.leadSettingsCacheMs !== undefined
        ? { cacheMs: options.leadSettingsCacheMs }
        : {}),
    }),
    // The visitor side only stores a lead's CRM delivery, in the lead's own transaction;
    // sending it is the drainer's (services.ts adds the sender for the admin function and
    // the local server, whose drainer it wakes; in AWS a scheduled function drains).
    leadWebhook: undefined,
    forms: new FormRepository(db, tableName, now),
    rateLimiter: new DynamoRateLimiter(db, tableName, now),
    assets: new AssetRepository(db, tableName, now),
    mailer: options.mailer ?? chooseMailer(config, log),
  };
}

/** The public Lambda function's: mail through SES (mail/mailer.ts createAwsMailer). */
export const publicFunctionServices = (cold: ColdVisitorServices): DeferredVisitorServices =>
  deferredVisitorServices(cold, {}, createAwsMailer);
