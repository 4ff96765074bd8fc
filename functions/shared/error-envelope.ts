// The error envelope: every non-2xx answer of the API is { error: { code, message, fields? } }
// (docs/requirements.md §8). This schema is its one statement: functions/lib/errors.ts infers
// ErrorCode and ErrorBody from it and makes every answer (ApiError.toBody()), the API tests
// check answers against it, and the islands read it (site/lib/api-client.ts).
import * as z from 'zod';
import { PERMISSIONS } from './roles.ts';
import { TOKEN_SCOPES } from './token-scopes.ts';

/** Every code an error answer carries. */
export const errorCodeSchema = z.enum([
  'bad_request',
  'validation_failed',
  'unauthorized',
  'forbidden',
  'not_found',
  'method_not_allowed',
  'conflict',
  // 410: a link that worked once and no longer does (a revoked or expired shared dashboard).
  'gone',
  'payload_too_large',
  'unsupported_media_type',
  // 422: well-formed but unusable, e.g. an image that cannot be decoded or is too big.
  'unprocessable',
  // 501: a route that exists on purpose and refuses (e.g. /api/s3/sts).
  'not_implemented',
  'rate_limited',
  'unavailable',
  'internal',
]);
export type ErrorCode = z.infer<typeof errorCodeSchema>;

/** Field path (dot separated, e.g. `content.hero.headline`) to its problems. */
export const fieldErrorsSchema = z.record(z.string(), z.array(z.string()));
export type FieldErrors = z.infer<typeof fieldErrorsSchema>;

export const errorEnvelopeSchema = z.object({
  error: z.object({
    code: errorCodeSchema,
    message: z.string(),
    fields: fieldErrorsSchema.optional(),
    /** Named in 5xx answers, so a report can be matched with the log line. */
    requestId: z.string().optional(),
    /** A 403's missing permission (functions/shared/roles.ts). */
    permission: z.enum(PERMISSIONS).optional(),
    /** A 403's API token scope: the one the route needs that the token lacks (api-tokens.ts). */
    scope: z.enum(TOKEN_SCOPES).optional(),
  }),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;
