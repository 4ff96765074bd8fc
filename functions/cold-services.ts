// The public function's services at a cold start: what its cold routes use (the page read,
// the conversion beacons, the health check: functions/public-app.ts). The rest of the
// visitor services (DEFERRED_SERVICES, built by deferred-services.ts) come with the routes
// that use them, on the first request to one, so a cold start neither reads nor runs their
// repositories (docs/decisions/0545-public-function-cold-start.md). visitor-services.ts
// builds both at once for the admin function, the local server and the tests.
import type { Config } from './env.ts';
import { createDocumentClient, type DynamoTarget } from './data/dynamo.ts';
import { LandingPageRepository } from './data/landing-pages/repository.ts';
import { EventRepository } from './data/events/repository.ts';
import { ExperimentRepository } from './data/experiments/repository.ts';
import { RealtimeRepository } from './data/realtime.ts';
import { GoalRepository } from './data/goals.ts';
import { AdminRepository } from './data/admins.ts';
import { SessionRepository } from './data/sessions.ts';
import { MediaRepository } from './data/media/repository.ts';
import { PageResolver, VisitorEventCap } from './data/page-resolver.ts';
import type { ObjectStore } from './storage/object-store.ts';
import type { Rebuilder } from './rebuild/rebuilder.ts';
import type { LiveSlugSink } from './publishing/live-slugs.ts';
import type { LeadWebhookOptions } from './webhooks/lead-webhook.ts';
import { socketIp, type ClientIpResolver } from './lib/client-ip.ts';
import type { VisitorServices } from './lib/context.ts';
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

/** The visitor services the public function builds on first use (deferred-services.ts). */
export const DEFERRED_SERVICES = [
  'workflow',
  'leads',
  'leadWebhook',
  'leadSettings',
  'leadRouting',
  'forms',
  'rateLimiter',
  'assets',
  'mailer',
] as const satisfies readonly (keyof VisitorServices)[];

export type DeferredVisitorServices = Pick<VisitorServices, (typeof DEFERRED_SERVICES)[number]>;
export type ColdVisitorServices = Omit<VisitorServices, (typeof DEFERRED_SERVICES)[number]>;

export function coldVisitorServices(
  config: Config,
  target: DynamoTarget,
  options: ServiceOptions,
): ColdVisitorServices {
  const db = createDocumentClient(target);
  const tableName = config.env.TABLE_NAME;
  const now = options.now ?? (() => new Date());
  const log = options.log ?? jsonLogger(config.env.LOG_LEVEL);
  const pages = new LandingPageRepository(db, tableName, now, {
    liveSlugs: options.liveSlugs,
    // Loaded when an unsigned change first goes live: visitors' requests never write pages.
    liveClaims: async (content) =>
      (await import('./data/workflow/claims-check.ts')).assertLiveClaims(
        db,
        tableName,
        now,
        content,
      ),
  });
  return {
    config,
    db,
    tableName,
    pages,
    pageResolver: new PageResolver(pages, now),
    eventCap: new VisitorEventCap(
      {
        perVisitor: config.env.CONVERSION_RATE_LIMIT,
        perAddress: config.env.CONVERSION_ADDRESS_RATE_LIMIT,
      },
      now,
    ),
    events: new EventRepository(db, tableName, now, config.env.ANALYTICS_SALT_SECRET),
    experiments: new ExperimentRepository(db, tableName, now),
    realtime: new RealtimeRepository(db, tableName, now),
    goals: new GoalRepository(db, tableName, now),
    admins: new AdminRepository(db, tableName, now),
    sessions: new SessionRepository(db, tableName, now),
    media: new MediaRepository(db, tableName, now),
    clientIp: options.clientIp ?? socketIp(config.env.TRUST_PROXY),
    now,
    log,
  };
}
