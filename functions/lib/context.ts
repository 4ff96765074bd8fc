// What every handler receives through the Hono context: services chosen at start-up.
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Config } from '../env.ts';
import type { LandingPageRepository } from '../data/landing-pages/repository.ts';
import type { WorkflowRepository } from '../data/workflow/repository.ts';
import type { RedirectRepository } from '../data/redirects.ts';
import type { LeadRepository } from '../data/leads/repository.ts';
import type { OutboxRepository } from '../data/outbox.ts';
import type { WebhookSubscriptionRepository } from '../data/webhook-subscriptions.ts';
import type { SubscriptionWebhooks } from '../webhooks/subscriptions.ts';
import type { LeadWebhook } from '../webhooks/lead-webhook.ts';
import type { LeadSettingsRepository } from '../data/lead-settings.ts';
import type { LeadRouting } from '../webhooks/lead-routing.ts';
import type { EventRepository } from '../data/events/repository.ts';
import type { ExperimentRepository } from '../data/experiments/repository.ts';
import type { RealtimeRepository } from '../data/realtime.ts';
import type { GoalRepository } from '../data/goals.ts';
import type { FormRepository } from '../data/forms.ts';
import type { FormReviewRepository } from '../data/form-review/repository.ts';
import type { RateLimiter } from '../data/rate-limit.ts';
import type { AdminRepository } from '../data/admins.ts';
import type { SessionRepository } from '../data/sessions.ts';
import type { InvitationRepository } from '../data/invitations.ts';
import type { PasswordResetRepository } from '../data/password-resets.ts';
import type { TwoFactorRepository } from '../data/two-factor/repository.ts';
import type { SignInThrottle } from '../data/sign-in-throttle.ts';
import type { AuditLog } from '../data/audit.ts';
import type { MediaRepository } from '../data/media/repository.ts';
import type { AssetRepository } from '../data/assets.ts';
import type { ObjectStore } from '../storage/object-store.ts';
import type { Rebuilder } from '../rebuild/rebuilder.ts';
import type { ClientIpResolver } from './client-ip.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { InstallSecrets } from '../data/install-secrets.ts';
import type { CursorCodec } from './cursor.ts';
import type { PageResolver, VisitorEventCap } from '../data/page-resolver.ts';
import type { Logger } from '../core/logger.ts';
import type { ClaimRepository } from '../data/claims/claims.ts';
import type { EvidenceRepository } from '../data/claims/evidence.ts';
import type { Role } from '../shared/roles.ts';
import type { ApiTokenRepository } from '../data/api-tokens.ts';
import type { TokenScope } from '../shared/token-scopes.ts';

export interface Services {
  config: Config;
  db: DynamoDBDocumentClient;
  tableName: string;
  pages: LandingPageRepository;
  /** Working copies, approvals, schedules, preview links (functions/data/workflow/). */
  workflow: WorkflowRepository;
  /** Redirects: the Redirects view, unpublish's redirect, the local server's hits (functions/data/redirects.ts). */
  redirects: RedirectRepository;
  leads: LeadRepository;
  /** CRM deliveries of leads (functions/data/outbox.ts). */
  outbox: OutboxRepository;
  /**
   * Forwards leads to the CRM webhook of the lead routing settings (functions/webhooks).
   * The admin function and the local server always have one; the public function, none.
   */
  leadWebhook: LeadWebhook | undefined;
  /** Webhook subscriptions for every event (functions/data/webhook-subscriptions.ts, issue 40). */
  webhookSubscriptions: WebhookSubscriptionRepository;
  /** Their deliveries (functions/webhooks/subscriptions.ts). */
  subscriptionWebhooks: SubscriptionWebhooks;
  /** The saved lead routing settings and the delivery log (functions/data/lead-settings.ts). */
  leadSettings: LeadSettingsRepository;
  /** Recipients and the webhook in effect: saved, else the environment's (webhooks/lead-routing.ts). */
  leadRouting: LeadRouting;
  events: EventRepository;
  /** A/B experiments: variants, approvals, per-variant counters (functions/data/experiments/). */
  experiments: ExperimentRepository;
  /** Page views of the last minutes (functions/data/realtime.ts). */
  realtime: RealtimeRepository;
  /** Analytics goals (functions/data/goals.ts). */
  goals: GoalRepository;
  /** Claims: approved wordings tied to evidence (functions/data/claims/). */
  claims: ClaimRepository;
  /** Evidence behind the claims (functions/data/claims/evidence.ts). */
  evidence: EvidenceRepository;
  /** Form definitions (functions/data/forms.ts). */
  forms: FormRepository;
  /** Forms' working copies under review, their signatures, deletion (data/form-review/). */
  formReview: FormReviewRepository;
  rateLimiter: RateLimiter;
  admins: AdminRepository;
  sessions: SessionRepository;
  invitations: InvitationRepository;
  /** Password reset links (functions/data/password-resets.ts). */
  passwordResets: PasswordResetRepository;
  twoFactor: TwoFactorRepository;
  /** Failed sign-in limits and the growing per-account delay (data/sign-in-throttle.ts). */
  signInThrottle: SignInThrottle;
  audit: AuditLog;
  /** API tokens: made, listed, revoked, and looked up by their secret's hash (data/api-tokens.ts). */
  apiTokens: ApiTokenRepository;
  /** The media library and upload tickets (functions/data/media/). */
  media: MediaRepository;
  /** Gated downloads' private files and their signed links (functions/data/assets.ts). */
  assets: AssetRepository;
  /** Uploaded objects: the disk under DATA_DIR or S3 (functions/storage). */
  objects: ObjectStore;
  /** Per-installation secrets kept in the table (functions/data/install-secrets.ts). */
  secrets: InstallSecrets;
  /** Signs and checks pagination cursors (functions/lib/cursor.ts). */
  cursors: CursorCodec;
  /** Wire landingPageId to a live page, cached briefly (functions/data/page-resolver.ts). */
  pageResolver: PageResolver;
  /** Events per visitor and minute, this instance (functions/data/page-resolver.ts). */
  eventCap: VisitorEventCap;
  /** The rebuild webhook: local child-process build or CodeBuild (functions/rebuild). */
  rebuilder: Rebuilder;
  /** Outgoing mail: the log, SMTP or SES (functions/mail). */
  mailer: Mailer;
  /** The client's IP for rate limits and visitor hashes (see client-ip.ts). */
  clientIp: ClientIpResolver;
  /** Injected so tests can move time (session expiry, rate windows, daily salts). */
  now: () => Date;
  log: Logger;
}

/**
 * The public function's services (functions/visitor-services.ts builds them): what the
 * public routes may touch; everything else in Services is the admin's.
 */
export type VisitorServices = Pick<
  Services,
  | 'config'
  | 'db'
  | 'tableName'
  | 'pages'
  | 'workflow'
  | 'pageResolver'
  | 'eventCap'
  | 'leads'
  | 'leadWebhook'
  | 'leadSettings'
  | 'leadRouting'
  | 'events'
  | 'experiments'
  | 'realtime'
  | 'goals'
  | 'forms'
  | 'rateLimiter'
  | 'admins'
  | 'sessions'
  | 'media'
  | 'assets'
  | 'mailer'
  | 'clientIp'
  | 'now'
  | 'log'
>;

/** Who is signed in, and what their role lets them do (functions/shared/roles.ts). */
export interface SignedIn {
  email: string;
  role: Role;
  /**
   * The session's key (functions/data/sessions.ts), and whether an electronic signature
   * was written in it: the first one needs the e-mail beside the password.
   */
  session: { key: string; signed: boolean };
}

/**
 * The API token a request came with (Authorization: Bearer pb_...; functions/lib/auth.ts): the
 * signed-in account is then its creator, and each route checks the token's scopes
 * (functions/routes/support/define-route.ts).
 */
export interface TokenCall {
  id: string;
  name: string;
  scopes: readonly TokenScope[];
  createdBy: string;
}

/** The Hono environment of routes and middleware that see `services` of type S. */
export type EnvWith<S extends VisitorServices> = {
  Variables: {
    services: S;
    requestId: string;
    /** The signed-in administrator, set by requireAdmin (functions/lib/auth.ts). */
    admin?: SignedIn;
    /** Set with `admin` when the request came with an API token instead of a session. */
    token?: TokenCall;
  };
};

/** The admin function's and the local server's routes: every service. */
export type AppEnv = EnvWith<Services>;

/**
 * The public routes (functions/routes/public-routes.ts): only the visitor services, so a
 * public route that reaches for an admin-only one does not compile (the public function
 * builds no others).
 */
export type VisitorEnv = EnvWith<VisitorServices>;
