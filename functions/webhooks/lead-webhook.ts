// Forwards stored leads to the team's CRM: a JSON POST signed the Standard Webhooks way,
// 5 s timeout, retried about 1 min, 5 min, 30 min, 2 h and 12 h after failures, then
// marked failed. Deliveries come from the outbox (functions/data/outbox.ts), drained by
// the local server (./drainer.ts) or, in AWS, by a scheduled function (./lambda.ts); an
// admin can retry one by hand. Spam is never forwarded.
//
// The target (URL and signing key) is read for each attempt from the lead routing
// settings (./lead-routing.ts: what an admin saved, else LEAD_WEBHOOK_URL / _SECRET), so a
// change applies without a restart; while the webhook is off, deliveries wait. Every
// request goes through the SSRF guard (./url-guard.ts): the URL is checked and the socket's
// DNS lookup refuses non-public addresses, so a refused attempt records why. Each attempt
// and each test delivery is written to the delivery log (functions/data/lead-settings.ts).
import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LeadRepository } from '../data/leads/repository.ts';
import type { AttemptResult, OutboxItem, OutboxRepository } from '../data/outbox.ts';
import type { Logger } from '../core/logger.ts';
import type { DeliveryAttempt } from '../shared/leads/lead.ts';
import {
  TEST_EVENT_TYPE,
  type DeliveryLogEntry,
  type WebhookTestResult,
} from '../shared/leads/settings.ts';
import type { TargetResolution } from './lead-routing.ts';
import { webhookPayload } from './lead-payload.ts';
import { drainDue } from './drain-loop.ts';
import { signatureHeaders } from './signing.ts';
import { guardedLookup, urlProblem, type GuardMode } from './url-guard.ts';

/** About 1 min, 5 min, 30 min, 2 h, 12 h: six attempts over some 15 hours, then failed. */
export const RETRY_DELAYS_MS = [60_000, 300_000, 1_800_000, 7_200_000, 43_200_000] as const;
export const WEBHOOK_TIMEOUT_MS = 5_000;

export interface LeadWebhookOptions {
  /** How long the CRM may take to answer one attempt. */
  timeoutMs?: number;
  /** Delays after the 1st, 2nd, ... failed automatic attempt; one attempt more than delays. */
  retryDelaysMs?: readonly number[];
  /** How long a worker holds a delivery; longer than the timeout. */
  leaseMs?: number;
  /** Deliveries attempted at once by one drain. */
  concurrency?: number;
}

export type ManualRetryOutcome =
  | 'delivered'
  | 'failed'
  /** Another worker holds it right now. */
  | 'busy'
  | 'no-delivery'
  | 'already-delivered'
  | 'cancelled'
  /** The webhook is not configured or is switched off. */
  | 'not-configured';

interface Deps {
  leads: LeadRepository;
  outbox: OutboxRepository;
  now: () => Date;
  log: Logger;
  /** Where attempts go right now (./lead-routing.ts LeadRouting). */
  routing: { target(): Promise<TargetResolution> };
  /** The SSRF guard's strictness (./url-guard.ts guardModeOf). */
  mode: GuardMode;
  /** The delivery log; failures to write it are logged, never fail a delivery. */
  deliveries?: { recordDelivery(entry: DeliveryLogEntry): Promise<void> };
}

type Sent = { ok: boolean; httpStatus?: number; error?: string };

/** The receiver's host for logs and the delivery log (a path or query may hold a token). */
const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return undefined;
  }
};

export class LeadWebhook {
  /**
   * Kept for the local server's start-up log line (functions/server/local-stack.ts), which
   * names the host: the target now comes from the settings at each attempt, so this is no
   * URL to send to ('about:' has an empty host).
   */
  readonly url = 'about:lead-routing-settings';
  private readonly deps: Deps;
  private readonly timeoutMs: number;
  private readonly delays: readonly number[];
  private readonly leaseMs: number;
  private readonly concurrency: number;
  private wake: (() => void) | undefined;

  constructor(deps: Deps, options: LeadWebhookOptions = {}) {
    this.deps = deps;
    this.timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
    this.delays = options.retryDelaysMs ?? RETRY_DELAYS_MS;
    this.leaseMs = options.leaseMs ?? Math.max(60_000, this.timeoutMs * 4);
    this.concurrency = options.concurrency ?? 4;
  }

  /**
   * A new delivery is waiting: the local drainer (if one listens) starts at once. In AWS
   * nobody listens here; the scheduled function picks it up within a minute.
   */
  kick(): void {
    this.wake?.();
  }

  /** The local drainer registers here to be woken by kick(). */
  onKick(listener: (() => void) | undefined): void {
    this.wake = listener;
  }

  /**
   * Attempts every delivery that is due, a few at a time, until none is due, `signal`
   * aborts (the server is stopping) or `deadline` passes (the Lambda's time runs out).
   */
  async drainOnce(
    options: { signal?: AbortSignal; deadline?: () => boolean } = {},
  ): Promise<{ attempted: number }> {
    // Switched off or not configured: deliveries stay pending until it is on again.
    if ((await this.deps.routing.target()).kind === 'off') return { attempted: 0 };
    return drainDue({
      due: (limit) => this.deps.outbox.due(limit),
      keyOf: (item) => item.leadId,
      claim: (item) => this.deps.outbox.claim(item, this.leaseEnd()),
      attempt: (claimed) => this.attempt(claimed, 'automatic', options.signal),
      concurrency: this.concurrency,
      signal: options.signal,
      deadline: options.deadline,
    });
  }

  /** An admin's retry: one attempt now, whatever the schedule, for a pending or failed delivery. */
  async retryNow(leadId: string): Promise<ManualRetryOutcome> {
    const item = await this.deps.outbox.get(leadId);
    if (!item) return 'no-delivery';
    if (item.status === 'delivered') return 'already-delivered';
    if (item.status === 'cancelled') return 'cancelled';
    if ((await this.deps.routing.target()).kind === 'off') return 'not-configured';
    const claimed = await this.deps.outbox.claim(item, this.leaseEnd(), ['pending', 'failed']);
    if (!claimed) return 'busy';
    const attempt = await this.attempt(claimed, 'manual');
    return attempt?.outcome ?? 'no-delivery';
  }

  /**
   * A signed `lead.test` delivery to `target` (the saved one, or one an admin is trying),
   * through the same guard and timeout as a lead; the answer and the delivery log say how
   * the receiver answered.
   */
  async sendTest(target: { url: string; key: Buffer }): Promise<WebhookTestResult> {
    const at = this.deps.now();
    const body = JSON.stringify({
      type: TEST_EVENT_TYPE,
      timestamp: at.toISOString(),
      data: { message: 'A test delivery from the PharmaBridge admin (Account, Lead routing).' },
    });
    const started = performance.now();
    const sent = await this.post(target, `test_${randomUUID()}`, at, body, undefined);
    const durationMs = Math.round(performance.now() - started);
    const result = sent === 'aborted' ? { ok: false, error: 'cancelled' } : sent;
    await this.log({
      at: at.toISOString(),
      kind: 'test',
      trigger: 'test',
      outcome: result.ok ? 'delivered' : 'failed',
      ...(result.httpStatus !== undefined ? { httpStatus: result.httpStatus } : {}),
      ...(result.error ? { error: result.error } : {}),
      ...(hostOf(target.url) ? { host: hostOf(target.url)! } : {}),
      durationMs,
    });
    return { ...result, durationMs };
  }

  private async log(entry: DeliveryLogEntry): Promise<void> {
    await this.deps.deliveries?.recordDelivery(entry).catch((error: unknown) =>
      this.deps.log.warn('lead webhook delivery log not written', {
        error: error instanceof Error ? error.message : String(error),
      }),
    );
  }

  private leaseEnd(): Date {
    return new Date(this.deps.now().getTime() + this.leaseMs);
  }

  /**
   * One POST for a claimed delivery, then records it. Undefined when nothing was sent: the
   * lead is gone or is spam, or `signal` aborted mid-way (then the claim is given back).
   */
  private async attempt(
    claimed: OutboxItem,
    trigger: DeliveryAttempt['trigger'],
    signal?: AbortSignal,
  ): Promise<DeliveryAttempt | undefined> {
    const { leads, outbox, log } = this.deps;
    const lead = await leads.get(claimed.leadId);
    if (!lead) return undefined; // erased: its delivery went with it
    if (lead.status === 'spam') {
      // Marking spam cancels the delivery in the same transaction; should one still be
      // pending, it ends here, unsent.
      await outbox.complete(claimed, undefined, { status: 'cancelled' }, claimed.automaticAttempts);
      return undefined;
    }
    const target = await this.deps.routing.target();
    if (target.kind === 'off') {
      // Switched off since the drain began: the delivery waits, unattempted.
      await outbox.release(claimed);
      return undefined;
    }
    const body = JSON.stringify(webhookPayload(lead));
    const at = this.deps.now();
    const started = performance.now();
    const sent: Sent | 'aborted' =
      target.kind === 'broken'
        ? { ok: false, error: target.error }
        : await this.post(target, claimed.webhookId, at, body, signal);
    if (sent === 'aborted') {
      await outbox.release(claimed);
      return undefined;
    }
    const attempt: DeliveryAttempt = {
      at: at.toISOString(),
      trigger,
      outcome: sent.ok ? 'delivered' : 'failed',
      ...(sent.httpStatus !== undefined ? { httpStatus: sent.httpStatus } : {}),
      ...(sent.error ? { error: sent.error } : {}),
    };
    const automatic = claimed.automaticAttempts + (trigger === 'automatic' ? 1 : 0);
    const result = this.next(claimed, trigger, sent, automatic);
    const recorded = await outbox.complete(claimed, attempt, result, automatic);
    await this.log({
      at: attempt.at,
      kind: 'lead',
      leadId: lead.id,
      trigger,
      outcome: attempt.outcome,
      ...(sent.httpStatus !== undefined ? { httpStatus: sent.httpStatus } : {}),
      ...(sent.error ? { error: sent.error } : {}),
      ...(hostOf(target.url) ? { host: hostOf(target.url)! } : {}),
      durationMs: Math.round(performance.now() - started),
    });
    const details = { leadId: lead.id, trigger, attempt: automatic, ...sent };
    if (!recorded) {
      log.warn('lead webhook attempt not recorded (the lead was erased or changed)', details);
    } else if (result.status === 'delivered') {
      log.info('lead webhook delivered', details);
    } else if (result.status === 'failed' && claimed.status !== 'failed') {
      // The message the failure alarm counts (infra/constructs/lead-webhook.ts).
      log.error('lead webhook delivery failed', details);
    } else {
      log.warn('lead webhook attempt failed', {
        ...details,
        ...(result.status === 'pending' ? { nextAttemptAt: result.nextAttemptAt } : {}),
      });
    }
    return attempt;
  }

  private next(
    claimed: OutboxItem,
    trigger: DeliveryAttempt['trigger'],
    sent: { ok: boolean; httpStatus?: number },
    automatic: number,
  ): AttemptResult {
    if (sent.ok) return { status: 'delivered' };
    if (trigger === 'manual') {
      // A manual retry leaves the schedule as it was.
      return claimed.status === 'pending' && claimed.nextAttemptAt
        ? { status: 'pending', nextAttemptAt: claimed.nextAttemptAt }
        : { status: 'failed' };
    }
    // 410 Gone: the receiver says it wants no more (Standard Webhooks); so do retries run out.
    const delay = this.delays[automatic - 1];
    if (sent.httpStatus === 410 || delay === undefined) return { status: 'failed' };
    return {
      status: 'pending',
      nextAttemptAt: new Date(this.deps.now().getTime() + delay).toISOString(),
    };
  }

  /**
   * One POST with node:http(s) (no redirects followed: a redirect is a failure, as Standard
   * Webhooks advises), its socket's DNS lookup guarded (./url-guard.ts).
   */
  private async post(
    target: { url: string; key: Buffer },
    webhookId: string,
    at: Date,
    body: string,
    signal: AbortSignal | undefined,
  ): Promise<Sent | 'aborted'> {
    const refused = urlProblem(target.url, this.deps.mode);
    if (refused) return { ok: false, error: `refused: the URL ${refused}` };
    const url = new URL(target.url);
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
            ...signatureHeaders(target.key, webhookId, at, body),
          },
          lookup: guardedLookup(this.deps.mode),
          // A socket per attempt: nothing kept open to the receiver between deliveries.
          agent: false,
          signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        },
        (response) => {
          response.resume();
          const status = response.statusCode ?? 0;
          const ok = status >= 200 && status < 300;
          resolve(
            ok
              ? { ok, httpStatus: status }
              : { ok, httpStatus: status, error: `answered ${status}` },
          );
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
