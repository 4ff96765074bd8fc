// What domain code (functions/data, functions/media, functions/storage) throws when a
// request cannot be done: plain classes without HTTP, so the site build and the scripts
// load them too. The app's error handler answers them through one table
// (functions/lib/errors.ts DOMAIN_ANSWERS); routes do not translate them by hand.
// The message is the sentence the administrator reads; `fields` name the inputs at fault.

import type { FieldErrors } from '../shared/error-envelope.ts';

/** Field path (dot separated, e.g. `content.hero.headline`) to its problems. */
export type { FieldErrors };

/** The kinds of refusal; each is one row of DOMAIN_ANSWERS. */
export type DomainErrorKind =
  'not_found' | 'conflict' | 'invalid' | 'too_large' | 'unsupported' | 'unprocessable';

export abstract class DomainError extends Error {
  abstract readonly kind: DomainErrorKind;
  readonly fields: FieldErrors | undefined;
  constructor(message: string, fields?: FieldErrors) {
    super(message);
    this.fields = fields;
  }
}

/** The thing asked for does not exist (404). */
export class NotFoundError extends DomainError {
  override name = 'NotFoundError';
  readonly kind = 'not_found';
}

/** The store holds something else than the change expects: a revision, a taken name (409). */
export class ConflictError extends DomainError {
  override name = 'ConflictError';
  readonly kind = 'conflict';
}

/** An input the domain refuses although it was well-formed, e.g. a stale cursor (400). */
export class InvalidError extends DomainError {
  override name = 'InvalidError';
  readonly kind = 'invalid';
}

/** More bytes than accepted (413). */
export class TooLargeError extends DomainError {
  override name = 'TooLargeError';
  readonly kind = 'too_large';
}

/** A kind of content that is not accepted (415). */
export class UnsupportedError extends DomainError {
  override name = 'UnsupportedError';
  readonly kind = 'unsupported';
}

/** Well-formed but unusable, e.g. an image that cannot be decoded (422). */
export class UnprocessableError extends DomainError {
  override name = 'UnprocessableError';
  readonly kind = 'unprocessable';
}
