// The media library's refusals (functions/data/media/store.ts has the layers): domain errors
// that functions/lib/errors.ts answers, and which part of a refused transaction it was.
import { ConflictError } from '../../core/domain-errors.ts';
import { CONDITION_FAILED } from '../table.ts';

/**
 * A page went live while an image was being changed in place: the change was not made, and
 * the caller looks again (the image may be on a live page now).
 */
export class LiveChangedMeanwhileError extends ConflictError {
  override name = 'LiveChangedMeanwhileError';
  constructor() {
    super('A page was published while the image was being changed; nothing was changed: try again');
  }
}

/**
 * A transact() conflict answer (functions/data/table.ts): the live-guard part at `index` refused
 * means LiveChangedMeanwhileError; any other refusal is the answer false (changed meanwhile).
 */
export const liveChangedAt =
  (index: number) =>
  (codes: readonly string[]): Error | undefined =>
    codes[index] === CONDITION_FAILED ? new LiveChangedMeanwhileError() : undefined;
