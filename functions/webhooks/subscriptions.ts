// Deliveries to the webhook subscriptions (issue 40, docs/decisions/0568-webhook-subscriptions.md,
// docs/webhooks.md), the CRM webhook's way (./lead-webhook.ts): a JSON POST with the
// Standard Webhooks headers signed with the subscription's secret, 5 s timeout, no redirects,
// the SSRF guard (./url-guard.ts) on the URL and on the socket's DNS lookup, retried after
// RETRY_DELAYS_MS, every attempt kept on its delivery with the receiver's status, the start
// of its answer and the time it took. A subscription whose attempts fail
// MAX_CONSECUTIVE_FAILURES times in a row is switched off (audited) and its creator
// e-mailed. Deliveries come from the event outbox (functions/data/webhook-events.ts); the
// local drainer (./drainer.ts) and the scheduled function (./lambda.ts) drain them.
//
// `format: 'slack'` sends Slack's message shape (./slack.ts) instead of the event; it is
// signed all the same (Slack ignores the headers; the URL is Slack's credential).
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { Logger } from '../core/logger.ts';
import type { MailMessage, Mailer } from '../mail/mailer.ts';
import type {
  DeliveryResult,
  StoredDelivery,
  StoredSubscription,
  WebhookSubscriptionRepository,
} from '../data/webhook-subscriptions.ts';
import { onWebhookEvents } from '../data/webhook-events.ts';
import {
  ANSWER_EXCERPT_CHARS,
  MAX_CONSECUTIVE_FAILURES,
  type WebhookAttempt,
  type WebhookPayload,
} from '../shared/webhooks.ts';
import { RETRY_DELAYS_MS, WEBHOOK_TIMEOUT_MS } from './lead-webhook.ts';
import type { SecretBox } from './secret-box.ts';
import { secretKey } from './signing.ts';
import { signatureHeaders } from './signing.ts';
import { slackMessage } from './slack.ts';
import { drainDue } from './drain-loop.ts';
import { guardedLookup, urlProblem, type GuardMode } from './url-guard.ts';

export interface SubscriptionDeliveryOptions {
  timeoutMs?: number;
  retryDelaysMs?: readonly number[];
  leaseMs?: number;
  concurrency?: number;
}

interface Deps {
  subscriptions: WebhookSubscriptionRepository;
  /** Opens the sealed secrets (the CRM webhook's box; functions/webhooks/secret-box.ts). */
  box: SecretBox | undefined;
  now: () => Date;
  log: Logger;
  mode: GuardMode;
  mailer?: Mailer;
  /** The site's address, for the e-mail's link to the admin. */
  siteUrl: string;
  /** An account's display name by its e-mail, for Slack's sentences (accountName). */
  nameOf?: (email: string) => Promise<string | undefined>;
}

/** Display names from the accounts: undefined for an account without one, or gone. */
export const accountName =
  (admins: { get(email: string): Promise<{ name?: string } | undefined> }) =>
  async (email: string): Promise<string | undefined> =>
    (await admins.get(email))?.name;

type Sent = { ok: boolean; httpStatus?: number; error?: string; answer?: string };

export type ReplayOutcome =
  { kind: 'done'; delivery: StoredDelivery } | { kind: 'busy' } | { kind: 'not-found' };

/**
 * The body an attempt sends: the event, or Slack's message of it, where the person who acted
 * is named by `byName` (their display name) when they have one, else by e-mail.
 */
export function deliveryBody(
  subscription: Pick<StoredSubscription, 'format'>,
  payload: string,
  byName?: string,
) {
  if (subscription.format !== 'slack') return payload;
  return JSON.stringify(slackMessage(JSON.parse(payload) as WebhookPayload, byName));
}

/** The display name of the event's `data.by`, for a Slack message; undefined without one. */
async function actorName(
  nameOf: Deps['nameOf'],
  subscription: Pick<StoredSubscription, 'format'>,
  payload: string,
): Promise<string | undefined> {
  if (subscription.format !== 'slack' || !nameOf) return undefined;
  const by = (JSON.parse(payload) as { data?: { by?: unknown } }).data?.by;
  return typeof by === 'string' ? nameOf(by) : undefined;
}

/** The e-mail to a subscription's creator when it is switched off. */
export function disabledNotice(
  subscription: StoredSubscription,
  lastError: string,
  siteUrl: string,
): MailMessage {
  const host = new URL(subscription.url).host;
  return {
    to: [subscription.createdBy],
    subject: `A webhook to ${host} was switched off after ${MAX_CONSECUTIVE_FAILURES} failed deliveries`,
    text: [
      `The webhook you added to PharmaBridge (${host}${subscription.description ? `, “${subscription.description}”` : ''})`,
      `failed ${MAX_CONSECUTIVE_FAILURES} times in a row, so it was switched off: no more events are sent to it.`,
      `The last attempt: ${lastError}.`,
      '',
      'When the receiver works again, switch the webhook on under Webhooks in the admin, and',
      'replay the deliveries it missed from its list:',
      `${siteUrl}/admin/?view=webhooks&webhook=${encodeURIComponent(subscription.id)}`,
    ].join('\n'),
  };
}

export class SubscriptionWebhooks {
  private readonly deps: Deps;
  private readonly timeoutMs: number;
  private readonly delays: readonly number[];
  private readonly leaseMs: number;
  private readonly concurrency: number;
  private wake: (() => void) | undefined;

  constructor(deps: Deps, options: SubscriptionDeliveryOptions = {}) {
    this.deps = deps;
    this.timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
    this.delays = options.retryDelaysMs ?? RETRY_DELAYS_MS;
    this.leaseMs = options.leaseMs ?? Math.max(60_000, this.timeoutMs * 4);
    this.concurrency = options.concurrency ?? 4;
    // An event's transaction wrote deliveries: the local drainer, if it listens, starts.
    onWebhookEvents(() => this.wake?.());
  }

  kick(): void {
    this.wake?.();
  }

  /** The local drainer registers here (./drainer.ts). */
  onKick(listener: (() => void) | undefined): void {
    this.wake = listener;
  }

  /** Attempts every due delivery, a few at a time, until none is due, `signal` aborts or `deadline` passes. */
  async drainOnce(
    options: { signal?: AbortSignal; deadline?: () => boolean } = {},
  ): Promise<{ attempted: number }> {
    return drainDue({
      due: (limit) => this.deps.subscriptions.due(limit),
      keyOf: (item) => item.id,
      claim: (item) => this.deps.subscriptions.claim(item, this.leaseEnd()),
      attempt: (claimed) => this.attempt(claimed, 'automatic', options.signal),
      concurrency: this.concurrency,
      signal: options.signal,
      deadline: options.deadline,
    });
  }

  /** An admin's replay: one attempt now of any delivery, whatever its state. */
  async replay(subscriptionId: string, deliveryId: string): Promise<ReplayOutcome> {
    const { subscriptions } = this.deps;
    const item = await subscriptions.delivery(subscriptionId, deliveryId);
    if (!item) return { kind: 'not-found' };
    const claimed = await subscriptions.claim(item, this.leaseEnd(), [
      'pending',
      'delivered',
      'failed',
    ]);
    if (!claimed) return { kind: 'busy' };
    await this.attempt(claimed, 'replay');
    const after = await subscriptions.delivery(subscriptionId, deliveryId);
    return after ? { kind: 'done', delivery: after } : { kind: 'not-found' };
  }

  private leaseEnd(): Date {
    return new Date(this.deps.now().getTime() + this.leaseMs);
  }

  /** One POST for a claimed delivery, then records it; undefined when nothing was sent. */
  private async attempt(
    claimed: StoredDelivery,
    trigger: WebhookAttempt['trigger'],
    signal?: AbortSignal,
  ): Promise<WebhookAttempt | undefined> {
    const { subscriptions, log } = this.deps;
    const subscription = await subscriptions.get(claimed.subscriptionId);
    if (!subscription) {
      // Deleted since the event: its deliveries go with it.
      await subscriptions.drop(claimed);
      return undefined;
    }
    const at = this.deps.now();
    const automatic = claimed.automaticAttempts + (trigger === 'automatic' ? 1 : 0);
    if (!subscription.enabled && trigger === 'automatic') {
      // Switched off (by an admin or after failures): not sent; a replay still may be.
      await subscriptions.complete(
        claimed,
        {
          at: at.toISOString(),
          trigger,
          attempt: automatic,
          outcome: 'failed',
          error: 'not sent: the webhook is switched off',
          durationMs: 0,
        },
        { status: 'failed' },
        automatic,
      );
      return undefined;
    }
    const started = performance.now();
    let sent: Sent | 'aborted';
    try {
      const secret = await this.secretOf(subscription);
      sent = await this.post(
        subscription.url,
        secretKey(secret),
        claimed.id,
        at,
        deliveryBody(
          subscription,
          claimed.payload,
          await actorName(this.deps.nameOf, subscription, claimed.payload),
        ),
        signal,
      );
    } catch (error) {
      sent = {
        ok: false,
        error: `the signing secret could not be read (${error instanceof Error ? error.message : String(error)})`,
      };
    }
    if (sent === 'aborted') {
      await subscriptions.release(claimed);
      return undefined;
    }
    const attempt: WebhookAttempt = {
      at: at.toISOString(),
      trigger,
      attempt: trigger === 'automatic' ? automatic : 0,
      outcome: sent.ok ? 'delivered' : 'failed',
      ...(sent.httpStatus !== undefined ? { httpStatus: sent.httpStatus } : {}),
      ...(sent.error ? { error: sent.error } : {}),
      ...(sent.answer ? { answer: sent.answer } : {}),
      durationMs: Math.round(performance.now() - started),
    };
    const result = this.next(claimed, trigger, sent, automatic);
    const recorded = await subscriptions.complete(claimed, attempt, result, automatic);
    const details = {
      subscriptionId: subscription.id,
      deliveryId: claimed.id,
      event: claimed.event,
      trigger,
      attempt: automatic,
      ok: sent.ok,
      ...(sent.httpStatus !== undefined ? { httpStatus: sent.httpStatus } : {}),
      ...(sent.error ? { error: sent.error } : {}),
    };
    if (!recorded) log.warn('webhook attempt not recorded (the delivery changed)', details);
    else if (sent.ok) log.info('webhook delivered', details);
    else log.warn('webhook attempt failed', details);
    const failures = await subscriptions.countOutcome(subscription.id, sent.ok);
    if (!sent.ok && failures >= MAX_CONSECUTIVE_FAILURES) {
      await this.switchOff(subscription, sent.error ?? 'no answer');
    }
    return attempt;
  }

  /** Switches a failing subscription off (audited) and e-mails its creator, once. */
  private async switchOff(subscription: StoredSubscription, lastError: string): Promise<void> {
    const { subscriptions, log, mailer } = this.deps;
    const current = await subscriptions.get(subscription.id);
    if (!current || !current.enabled) return;
    const disabledAt = this.deps.now().toISOString();
    const changed = await subscriptions.update(
      current,
      { ...current, enabled: false, disabledAt },
      { email: 'system' },
      `Webhook to host ${new URL(current.url).host} switched off after ${MAX_CONSECUTIVE_FAILURES} failed deliveries in a row (last: ${lastError})`,
      'webhook-disable',
    );
    if (!changed) return; // another worker did it
    log.error('webhook switched off after failures', { subscriptionId: current.id });
    if (!mailer || !current.createdBy.includes('@')) return;
    await mailer
      .send(disabledNotice(current, lastError, this.deps.siteUrl))
      .catch((error: unknown) =>
        log.warn('webhook switch-off notice not sent', {
          error: error instanceof Error ? error.message : String(error),
        }),
      );
  }

  private async secretOf(subscription: StoredSubscription): Promise<string> {
    if (!this.deps.box) throw new Error('no encryption key is configured');
    return this.deps.box.decrypt(subscription.secretCiphertext);
  }

  private next(
    claimed: StoredDelivery,
    trigger: WebhookAttempt['trigger'],
    sent: { ok: boolean; httpStatus?: number },
    automatic: number,
  ): DeliveryResult {
    if (sent.ok) return { status: 'delivered' };
    if (trigger !== 'automatic') {
      // A replay leaves the schedule as it was.
      return claimed.status === 'pending' && claimed.nextAttemptAt
        ? { status: 'pending', nextAttemptAt: claimed.nextAttemptAt }
        : { status: 'failed' };
    }
    // 410 Gone: the receiver wants no more (Standard Webhooks); so do retries run out.
    const delay = this.delays[automatic - 1];
    if (sent.httpStatus === 410 || delay === undefined) return { status: 'failed' };
    return {
      status: 'pending',
      nextAttemptAt: new Date(this.deps.now().getTime() + delay).toISOString(),
    };
  }

  /** One POST with node:http(s), no redirects followed, its DNS lookup guarded; keeps the answer's start. */
  private async post(
    target: string,
    key: Buffer,
    webhookId: string,
    at: Date,
    body: string,
    signal: AbortSignal | undefined,
  ): Promise<Sent | 'aborted'> {
    const refused = urlProblem(target, this.deps.mode);
    if (refused) return { ok: false, error: `refused: the URL ${refused}` };
    const url = new URL(target);
    const timeout = AbortSignal.timeout(this.timeoutMs);
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    return new Promise((resolve) => {
      const outgoing = send(
        url,
        {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'content-length': String(Buffer.byteLength(body)),
            'user-agent': 'PharmaBridge-Webhooks/1.0',
            ...signatureHeaders(key, webhookId, at, body),
          },
          lookup: guardedLookup(this.deps.mode),
          agent: false,
          signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        },
        (response) => {
          const status = response.statusCode ?? 0;
          const ok = status >= 200 && status < 300;
          const chunks: Buffer[] = [];
          let size = 0;
          const finish = () => {
            const text = Buffer.concat(chunks).toString('utf8').trim();
            const answer = text.slice(0, ANSWER_EXCERPT_CHARS);
            resolve({
              ok,
              httpStatus: status,
              ...(ok ? {} : { error: `answered ${status}` }),
              ...(answer ? { answer } : {}),
            });
          };
          response.on('data', (chunk: Buffer) => {
            // Only the start is kept; the rest is read and dropped.
            if (size < ANSWER_EXCERPT_CHARS * 4) chunks.push(chunk);
            size += chunk.length;
          });
          response.on('end', finish);
          response.on('error', finish);
        },
      );
      outgoing.on('error', (error: NodeJS.ErrnoException) => {
        if (signal?.aborted) return resolve('aborted');
        if (timeout.aborted) {
          return resolve({ ok: false, error: `no answer within ${this.timeoutMs / 1000} s` });
        }
        if (error.code === 'EREFUSEDADDRESS') return resolve({ ok: false, error: error.message });
        resolve({
          ok: false,
          error: `could not reach the receiver (${error.code ?? error.message})`,
        });
      });
      outgoing.end(body);
    });
  }
}
