// A store that cannot be reached is an outage, not a bug: the API answers 503 with
// Retry-After, and the log gets one line when the incident starts and one when it ends,
// not a stack trace per request (thousands a second when DynamoDB Local has died).
import type { Logger } from '../core/logger.ts';

const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ENOTFOUND',
  'UND_ERR_SOCKET',
]);
const UNAVAILABLE_NAMES = new Set(['TimeoutError', 'ServiceUnavailable', 'RequestTimeout']);

/**
 * True for errors that mean "the store is not answering", at any depth of `cause`. Only
 * errors that come out of an AWS SDK call count (its retry layer stamps `$metadata` on
 * them): a browser that aborts its own upload also raises ECONNRESET, and that is not
 * an outage.
 */
export function isStoreUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('$metadata' in error)) return false;
  return isConnectionError(error);
}

function isConnectionError(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current !== 'object') return false;
    const { code, name, cause, errors } = current as {
      code?: unknown;
      name?: unknown;
      cause?: unknown;
      errors?: unknown;
    };
    if (typeof code === 'string' && CONNECTION_CODES.has(code)) return true;
    if (typeof name === 'string' && UNAVAILABLE_NAMES.has(name)) return true;
    // Node's happy-eyeballs connect wraps one error per address in an AggregateError.
    if (Array.isArray(errors) && errors.some((inner) => isConnectionError(inner))) return true;
    current = cause;
  }
  return false;
}

/** Seconds a client should wait before trying again. */
export const STORE_RETRY_AFTER_SECONDS = 5;

/** Tracks one outage at a time: logs its start once and its end with a count. */
export class StoreIncidents {
  private since: Date | undefined;
  private failed = 0;
  private readonly log: Logger;
  private readonly now: () => Date;

  constructor(log: Logger, now: () => Date) {
    this.log = log;
    this.now = now;
  }

  failure(error: unknown, requestId: string): void {
    this.failed += 1;
    if (this.since) return;
    this.since = this.now();
    this.log.error('store unavailable: answering 503 until it is back', {
      requestId,
      error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
    });
  }

  /** Called after every API response below 500: the store answered again. */
  success(): void {
    if (!this.since) return;
    this.log.info('store reachable again', {
      downSeconds: Math.round((this.now().getTime() - this.since.getTime()) / 1000),
      failedRequests: this.failed,
    });
    this.since = undefined;
    this.failed = 0;
  }

  get open(): boolean {
    return this.since !== undefined;
  }
}
