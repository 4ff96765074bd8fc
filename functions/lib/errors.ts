// The one error envelope of the API: { error: { code, message, fields? } }. Every error
// answer is an ApiError turned into a body by toBody(); domain errors become one through
// DOMAIN_ANSWERS below (functions/app-builder.ts onError).
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type * as z from 'zod';
import type { ErrorCode, ErrorEnvelope, FieldErrors } from '../shared/error-envelope.ts';
import { fieldErrors } from '../shared/field-errors.ts';
import type { Permission } from '../shared/roles.ts';
import type { TokenScope } from '../shared/token-scopes.ts';
import type { DomainError, DomainErrorKind } from '../core/domain-errors.ts';

export type { ErrorCode, FieldErrors };

/** An error answer's body, as functions/shared/error-envelope.ts's schema states it. */
export type ErrorBody = ErrorEnvelope;

export class ApiError extends Error {
  override name = 'ApiError';
  readonly status: ContentfulStatusCode;
  readonly code: ErrorCode;
  readonly fields: FieldErrors | undefined;
  /** Sent as Retry-After (503 and 429 answers that know when to come back). */
  readonly retryAfterSeconds: number | undefined;
  /** Named in 5xx bodies, so a report can be matched with the log line. */
  readonly requestId: string | undefined;
  /** The permission a 403 refused for (functions/shared/roles.ts). */
  readonly permission: Permission | undefined;
  /** The API token scope a 403 refused for (functions/shared/api-tokens.ts). */
  readonly scope: TokenScope | undefined;

  constructor(
    status: ContentfulStatusCode,
    code: ErrorCode,
    message: string,
    fields?: FieldErrors,
    retryAfterSeconds?: number,
    requestId?: string,
    permission?: Permission,
    scope?: TokenScope,
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.retryAfterSeconds = retryAfterSeconds;
    this.requestId = requestId;
    this.permission = permission;
    this.scope = scope;
  }

  toBody(): ErrorBody {
    return {
      error: {
        code: this.code,
        message: this.message,
        ...(this.fields ? { fields: this.fields } : {}),
        ...(this.requestId ? { requestId: this.requestId } : {}),
        ...(this.permission ? { permission: this.permission } : {}),
        ...(this.scope ? { scope: this.scope } : {}),
      },
    };
  }
}

/** The one table from a domain refusal to its HTTP answer; the message is the error's own. */
export const DOMAIN_ANSWERS = {
  not_found: { status: 404, code: 'not_found' },
  conflict: { status: 409, code: 'conflict' },
  invalid: { status: 400, code: 'validation_failed' },
  too_large: { status: 413, code: 'payload_too_large' },
  unsupported: { status: 415, code: 'unsupported_media_type' },
  unprocessable: { status: 422, code: 'unprocessable' },
} as const satisfies Record<DomainErrorKind, { status: ContentfulStatusCode; code: ErrorCode }>;

/** A domain error (functions/core/domain-errors.ts) as the API answers it. */
export function domainAnswer(error: DomainError): ApiError {
  const { status, code } = DOMAIN_ANSWERS[error.kind];
  return new ApiError(status, code, error.message, error.fields);
}

export { fieldErrors };

export const notFound = (what: string) => new ApiError(404, 'not_found', `${what} not found`);

export function validationError(
  issues: readonly z.core.$ZodIssue[],
  prefix: readonly PropertyKey[] = [],
): ApiError {
  const fields = fieldErrors(issues, prefix);
  const names = Object.keys(fields);
  const summary =
    names.length === 1
      ? `${names[0]} ${fields[names[0]!]![0]}`
      : `${names.length} fields are invalid`;
  return new ApiError(400, 'validation_failed', `Invalid request: ${summary}`, fields);
}

/**
 * True when the client hung up before its request body arrived in full: Node's HTTP server
 * fails the body's stream with `Error: aborted` (code ECONNRESET), which reaches the app
 * as is (or as the `cause` of a wrapper). Anyone can cause it at will, so it is not a
 * fault of ours and must not raise the "unhandled error" alarm. A store call's ECONNRESET
 * is not this: the AWS SDK stamps `$metadata` on its errors.
 */
export function isAbortedBody(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current !== 'object' || '$metadata' in current) return false;
    const { code, message, cause } = current as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
    };
    if (code === 'ECONNRESET' && message === 'aborted') return true;
    current = cause;
  }
  return false;
}
