// The services the public routes use (routes/public-routes.ts): landing pages and their
// images, leads, events, rate limits, the signed-in check for draft
// previews, mail. The public Lambda function builds only these, so its bundle holds none of
// the admin-only repositories and their schemas; services.ts adds the rest for the admin
// function and the local server.
import type { Config } from './env.ts';
import { createDocumentClient, type DynamoTarget } from './data/dynamo.ts';
import { LandingPageRepository } from './data/landing-pages/repository.ts';
import { WorkflowRepository } from './data/workflow/repository.ts';
import { LeadRepository } from './data/leads/repository.ts';
import { LeadSettingsRepository } from './data/lead-settings.ts';
import { LeadRouting } from './webhooks/lead-routing.ts';
import { chooseSecretBox } from './webhooks/secret-box.ts';
import type { LeadWebhookOptions } from './webhooks/lead-webhook.ts';
import { EventRepository } from './data/events/repository.ts';
import { ExperimentRepository } from './data/experiments/repository.ts';
import { RealtimeRepository } from './data/realtime.ts';
import { GoalRepository } from './data/goals.ts';
import { FormRepository } from './data/forms.ts';
import { DynamoRateLimiter } from './data/rate-limit.ts';
import { AdminRepository } from './data/admins.ts';
import { SessionRepository } from './data/sessions.ts';
import { MediaRepository } from './data/media/repository.ts';
import { AssetRepository } from './data/assets.ts';
import { PageResolver, VisitorEventCap } from './data/page-resolver.ts';
import type { ObjectStore } from './storage/object-store.ts';
import type { Rebuilder } from './rebuild/rebuilder.ts';
import type { LiveSlugSink } from './publishing/live-slugs.ts';
import { socketIp, type ClientIpResolver } from './lib/client-ip.ts';
import type { VisitorServices } from './lib/context.ts';

export type { VisitorServices } from './lib/context.ts';
import { jsonLogger, type Logger } from './core/logger.ts';
import type { Mailer } from './mail/mailer.ts';

export interface ServiceOptions {
  log?: Logger;
  clientIp?: ClientIpResolver;
  now?: () => Date;
  /** The local server passes its own (LocalRebuilder); otherwise chosen from config. */
  rebuilder?: Rebuilder;
  /** Otherwise chosen from config (createMailer). */
  mailer?: Mailer;
  /** Otherwise chosen from config (createObjectStore: S3 or the disk). */
  objects?: ObjectStore;
  /** Timeouts and retry delays of the CRM webhook (tests shorten them). */
  webhook?: LeadWebhookOptions;
  /** How long a process trusts its copy of the lead routing settings (lead-routing.ts). */
  leadSettingsCacheMs?: number;
  /**
   * Told of every committed page write (functions/publishing/live-slugs.ts): services.ts
   * gives the admin side CloudFront's live-slug writer in AWS; visitors change no page.
   */
  liveSlugs?: LiveSlugSink | undefined;
}

export function assembleVisitorServices(
  config: Config,
  target: DynamoTarget,
  options: ServiceOptions,
  chooseMailer: (config: Config, log: Logger) => Mailer,
): VisitorServices {
  const db = createDocumentClient(target);
  const tableName = config.env.TABLE_NAME;
  const now = options.now ?? (() => new Date());
  const log = options.log ?? jsonLogger(config.env.LOG_LEVEL);
  const pages = new LandingPageRepository(db, tableName, now, { liveSlugs: options.liveSlugs });
  const media = new MediaRepository(db, tableName, now);
  const leads = new LeadRepository(db, tableName, now);
  const leadSettings = new LeadSettingsRepository(db, tableName, now);
  return {
    config,
    db,
    tableName,
    pages,
    workflow: new WorkflowRepository(db, tableName, now, pages, media),
    pageResolver: new PageResolver(pages, now),
    eventCap: new VisitorEventCap(
      {
        perVisitor: config.env.CONVERSION_RATE_LIMIT,
        perAddress: config.env.CONVERSION_ADDRESS_RATE_LIMIT,
      },
      now,
    ),
    leads,
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
    events: new EventRepository(db, tableName, now, config.env.ANALYTICS_SALT_SECRET),
    experiments: new ExperimentRepository(db, tableName, now),
    realtime: new RealtimeRepository(db, tableName, now),
    goals: new GoalRepository(db, tableName, now),
    forms: new FormRepository(db, tableName, now),
    rateLimiter: new DynamoRateLimiter(db, tableName, now),
    admins: new AdminRepository(db, tableName, now),
    sessions: new SessionRepository(db, tableName, now),
    media,
    assets: new AssetRepository(db, tableName, now),
    mailer: options.mailer ?? chooseMailer(config, log),
    clientIp: options.clientIp ?? socketIp(config.env.TRUST_PROXY),
    now,
    log,
  };
}
