// Builds the services for a config: the one place that picks the store implementations.
import type { Config } from './env.ts';
import { createDocumentClient, type DynamoTarget } from './data/dynamo.ts';
import { LandingPageRepository } from './data/landing-pages.ts';
import { LeadRepository } from './data/leads.ts';
import { OutboxRepository } from './data/outbox.ts';
import { LeadWebhook, type LeadWebhookOptions } from './webhooks/lead-webhook.ts';
import { secretKey } from './webhooks/signing.ts';
import { EventRepository } from './data/events.ts';
import { DynamoRateLimiter } from './data/rate-limit.ts';
import { AdminRepository } from './data/admins.ts';
import { SessionRepository } from './data/sessions.ts';
import { InvitationRepository } from './data/invitations.ts';
import { TwoFactorRepository } from './data/two-factor.ts';
import { SignInThrottle } from './data/sign-in-throttle.ts';
import { AuditLog } from './data/audit.ts';
import { MediaRepository } from './data/media.ts';
import type { ObjectStore } from './storage/object-store.ts';
import { createObjectStore } from './storage/select.ts';
import { InstallSecrets } from './data/install-secrets.ts';
import { CursorCodec } from './lib/cursor.ts';
import { PageResolver, VisitorEventCap } from './data/page-resolver.ts';
import { DisabledRebuilder, type Rebuilder } from './rebuild/rebuilder.ts';
import { socketIp, type ClientIpResolver } from './lib/client-ip.ts';
import { jsonLogger, type Logger, type Services } from './lib/context.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';

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
}

/**
 * How the optional services are picked. The public Lambda function passes its own
 * (lambda-public.ts) so that its bundle holds neither SMTP, S3 nor CodeBuild: esbuild
 * drops the choosers below when nothing calls createServices.
 */
export interface ServiceChoosers {
  mailer(config: Config, log: Logger): Mailer;
  objects(config: Config, now: () => Date): ObjectStore;
  rebuilder(config: Config, log: Logger | undefined): Rebuilder;
}

export function createServices(
  config: Config,
  target: DynamoTarget,
  options: ServiceOptions = {},
): Services {
  return assembleServices(config, target, options, {
    mailer: createMailer,
    objects: createObjectStore,
    rebuilder: chooseRebuilder,
  });
}

export function assembleServices(
  config: Config,
  target: DynamoTarget,
  options: ServiceOptions,
  choose: ServiceChoosers,
): Services {
  const db = createDocumentClient(target);
  const tableName = config.env.TABLE_NAME;
  const now = options.now ?? (() => new Date());
  const log = options.log ?? jsonLogger(config.env.LOG_LEVEL);
  const secrets = new InstallSecrets(db, tableName, now);
  const pages = new LandingPageRepository(db, tableName, now);
  const leads = new LeadRepository(db, tableName, now);
  const outbox = new OutboxRepository(db, tableName, now);
  return {
    config,
    db,
    tableName,
    pages,
    pageResolver: new PageResolver(pages, now),
    eventCap: new VisitorEventCap(config.env.CONVERSION_RATE_LIMIT, now),
    leads,
    outbox,
    leadWebhook: config.env.LEAD_WEBHOOK_URL
      ? new LeadWebhook(
          { leads, outbox, now, log },
          {
            url: config.env.LEAD_WEBHOOK_URL,
            // loadConfig refuses a URL without a valid secret.
            key: secretKey(config.env.LEAD_WEBHOOK_SECRET ?? ''),
          },
          options.webhook,
        )
      : undefined,
    events: new EventRepository(db, tableName, now, config.env.ANALYTICS_SALT_SECRET),
    rateLimiter: new DynamoRateLimiter(db, tableName, now),
    admins: new AdminRepository(db, tableName, now),
    sessions: new SessionRepository(db, tableName, now),
    invitations: new InvitationRepository(db, tableName, now),
    twoFactor: new TwoFactorRepository(db, tableName, now),
    signInThrottle: new SignInThrottle(db, tableName, now, {
      pairLimit: config.env.LOGIN_PAIR_LIMIT,
      ipLimit: config.env.LOGIN_IP_LIMIT,
      freeFailures: config.env.LOGIN_FREE_FAILURES,
      maxDelaySeconds: config.env.LOGIN_MAX_DELAY_SECONDS,
    }),
    audit: new AuditLog(db, tableName, now),
    media: new MediaRepository(db, tableName, now),
    objects: options.objects ?? choose.objects(config, now),
    secrets,
    cursors: new CursorCodec(secrets),
    rebuilder: options.rebuilder ?? choose.rebuilder(config, options.log),
    mailer: options.mailer ?? choose.mailer(config, log),
    clientIp: options.clientIp ?? socketIp(config.env.TRUST_PROXY),
    now,
    log,
  };
}

/**
 * REBUILD_PROJECT set: CodeBuild in AWS, its client loaded on the first request or status
 * read (a cold start that rebuilds nothing does not pay for it); otherwise nothing rebuilds
 * unless the caller (the local server) supplies its own rebuilder.
 */
export function chooseRebuilder(config: Config, log: Logger | undefined): Rebuilder {
  const project = config.env.REBUILD_PROJECT;
  if (!project) return new DisabledRebuilder();
  let loaded: Promise<Rebuilder> | undefined;
  const load = (): Promise<Rebuilder> => {
    loaded ??= Promise.all([
      import('./rebuild/codebuild.ts'),
      import('@aws-sdk/client-codebuild'),
    ]).then(
      ([{ CodeBuildRebuilder }, { CodeBuildClient }]) =>
        new CodeBuildRebuilder(
          new CodeBuildClient(config.env.AWS_REGION ? { region: config.env.AWS_REGION } : {}),
          project,
          log,
        ),
    );
    loaded.catch(() => (loaded = undefined));
    return loaded;
  };
  return {
    request: async (reason) => (await load()).request(reason),
    status: async () => (await load()).status(),
  };
}
