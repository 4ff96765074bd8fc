// What every handler receives through the Hono context: services chosen at start-up.
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Config } from '../env.ts';
import type { LandingPageRepository } from '../data/landing-pages.ts';
import type { LeadRepository } from '../data/leads.ts';
import type { OutboxRepository } from '../data/outbox.ts';
import type { LeadWebhook } from '../webhooks/lead-webhook.ts';
import type { EventRepository } from '../data/events.ts';
import type { RateLimiter } from '../data/rate-limit.ts';
import type { AdminRepository } from '../data/admins.ts';
import type { SessionRepository } from '../data/sessions.ts';
import type { InvitationRepository } from '../data/invitations.ts';
import type { TwoFactorRepository } from '../data/two-factor.ts';
import type { SignInThrottle } from '../data/sign-in-throttle.ts';
import type { AuditLog } from '../data/audit.ts';
import type { MediaRepository } from '../data/media.ts';
import type { ObjectStore } from '../storage/object-store.ts';
import type { Rebuilder } from '../rebuild/rebuilder.ts';
import type { ClientIpResolver } from './client-ip.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { InstallSecrets } from '../data/install-secrets.ts';
import type { CursorCodec } from './cursor.ts';
import type { PageResolver, VisitorEventCap } from '../data/page-resolver.ts';

export interface Services {
  config: Config;
  db: DynamoDBDocumentClient;
  tableName: string;
  pages: LandingPageRepository;
  leads: LeadRepository;
  /** CRM deliveries of leads (functions/data/outbox.ts). */
  outbox: OutboxRepository;
  /** Forwards leads to LEAD_WEBHOOK_URL; undefined when it is not set (functions/webhooks). */
  leadWebhook: LeadWebhook | undefined;
  events: EventRepository;
  rateLimiter: RateLimiter;
  admins: AdminRepository;
  sessions: SessionRepository;
  invitations: InvitationRepository;
  twoFactor: TwoFactorRepository;
  /** Failed sign-in limits and the growing per-account delay (data/sign-in-throttle.ts). */
  signInThrottle: SignInThrottle;
  audit: AuditLog;
  /** The media library and upload tickets (functions/data/media.ts). */
  media: MediaRepository;
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

export interface Logger {
  info(message: string, details?: Record<string, unknown>): void;
  warn(message: string, details?: Record<string, unknown>): void;
  error(message: string, details?: Record<string, unknown>): void;
}

export type AppEnv = {
  Variables: {
    services: Services;
    requestId: string;
    /** The signed-in administrator, set by requireAdmin (functions/lib/auth.ts). */
    admin?: { email: string };
  };
};

/** One JSON line per event, which CloudWatch and a terminal both read well. */
export function jsonLogger(minLevel: 'debug' | 'info' | 'warn' | 'error' = 'info'): Logger {
  const order = { debug: 0, info: 1, warn: 2, error: 3 } as const;
  const write =
    (level: keyof typeof order) => (message: string, details?: Record<string, unknown>) => {
      if (order[level] < order[minLevel]) return;
      const line = JSON.stringify({ time: new Date().toISOString(), level, message, ...details });
      (level === 'error' || level === 'warn' ? process.stderr : process.stdout).write(`${line}\n`);
    };
  return { info: write('info'), warn: write('warn'), error: write('error') };
}
