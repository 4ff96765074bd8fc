// Builds the services for a config: the one place that picks the store implementations.
// The visitor part (visitor-services.ts) is shared with the public Lambda function.
import type { Config } from './env.ts';
import type { DynamoTarget } from './data/dynamo.ts';
import { InvitationRepository } from './data/invitations.ts';
import { PasswordResetRepository } from './data/password-resets.ts';
import { RedirectRepository } from './data/redirects.ts';
import { OutboxRepository } from './data/outbox.ts';
import { WebhookSubscriptionRepository } from './data/webhook-subscriptions.ts';
import { AdminRepository } from './data/admins.ts';
import { accountName, SubscriptionWebhooks } from './webhooks/subscriptions.ts';
import { LeadWebhook } from './webhooks/lead-webhook.ts';
import { guardModeOf } from './webhooks/url-guard.ts';
import { chooseSecretBox, SECRET_PURPOSES } from './webhooks/secret-box.ts';
import { TwoFactorRepository } from './data/two-factor/repository.ts';
import { SignInThrottle } from './data/sign-in-throttle.ts';
import { AuditLog } from './data/audit.ts';
import { ApiTokenRepository } from './data/api-tokens.ts';
import { ClaimRepository } from './data/claims/claims.ts';
import { EvidenceRepository } from './data/claims/evidence.ts';
import { FormReviewRepository } from './data/form-review/repository.ts';
import { createObjectStore } from './storage/select.ts';
import { InstallSecrets } from './data/install-secrets.ts';
import { CursorCodec } from './lib/cursor.ts';
import { DisabledRebuilder, type Rebuilder } from './rebuild/rebuilder.ts';
import type { Services } from './lib/context.ts';
import { jsonLogger, type Logger } from './core/logger.ts';
import { chooseLiveSlugs } from './publishing/live-slugs.ts';
import { createMailer } from './mail/select.ts';
import { assembleVisitorServices, type ServiceOptions } from './visitor-services.ts';

export type { ServiceOptions } from './visitor-services.ts';

export function createServices(
  config: Config,
  target: DynamoTarget,
  options: ServiceOptions = {},
): Services {
  const log = options.log ?? jsonLogger(config.env.LOG_LEVEL);
  const visitor = assembleVisitorServices(
    config,
    target,
    {
      ...options,
      log,
      // AWS: CloudFront's live-slug keys follow every page write at once (issue 33).
      liveSlugs: options.liveSlugs ?? chooseLiveSlugs(config.env.REDIRECTS_KVS_ARN, log),
    },
    createMailer,
  );
  const { db, tableName, now, leads, leadRouting, leadSettings, forms, workflow } = visitor;
  const secrets = new InstallSecrets(db, tableName, now);
  const outbox = new OutboxRepository(db, tableName, now);
  const webhookSubscriptions = new WebhookSubscriptionRepository(db, tableName, now);
  return {
    ...visitor,
    outbox,
    // Always there: an admin may switch the webhook on at any time (the lead routing
    // settings), and the local drainer must already be running then. Its target is read
    // per attempt from leadRouting.
    leadWebhook: new LeadWebhook(
      {
        leads,
        outbox,
        now,
        log,
        routing: leadRouting,
        mode: guardModeOf(config),
        deliveries: leadSettings,
      },
      options.webhook,
    ),
    webhookSubscriptions,
    subscriptionWebhooks: new SubscriptionWebhooks(
      {
        subscriptions: webhookSubscriptions,
        box: leadRouting.box,
        now,
        log,
        mode: guardModeOf(config),
        mailer: visitor.mailer,
        siteUrl: config.siteUrl,
        nameOf: accountName(new AdminRepository(db, tableName, now)),
      },
      options.webhook,
    ),
    invitations: new InvitationRepository(db, tableName, now),
    passwordResets: new PasswordResetRepository(db, tableName, now),
    redirects: new RedirectRepository(db, tableName, now),
    // TOTP secrets encrypted with the webhook secret's key (functions/data/two-factor/store.ts).
    twoFactor: new TwoFactorRepository(
      db,
      tableName,
      now,
      chooseSecretBox(config, SECRET_PURPOSES.totp),
    ),
    signInThrottle: new SignInThrottle(db, tableName, now, {
      pairLimit: config.env.LOGIN_PAIR_LIMIT,
      ipLimit: config.env.LOGIN_IP_LIMIT,
      freeFailures: config.env.LOGIN_FREE_FAILURES,
      maxDelaySeconds: config.env.LOGIN_MAX_DELAY_SECONDS,
    }),
    audit: new AuditLog(db, tableName, now),
    apiTokens: new ApiTokenRepository(db, tableName, now),
    claims: new ClaimRepository(db, tableName, now),
    evidence: new EvidenceRepository(db, tableName, now),
    formReview: new FormReviewRepository(db, tableName, now, forms, workflow),
    objects: options.objects ?? createObjectStore(config, now),
    secrets,
    cursors: new CursorCodec(secrets),
    rebuilder: options.rebuilder ?? chooseRebuilder(config, options.log),
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
