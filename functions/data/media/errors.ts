// The media library's refusals (functions/data/media/store.ts has the layers): domain errors
// that functions/lib/errors.ts answers, and which part of a refused transaction it was.
import { ConflictError } from '../../core/domain-errors.ts';

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

/** Whether part `index` of a transaction was cancelled because its condition failed. */
export function cancelledAt(error: unknown, index: number): boolean {
  const reasons =
    (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
  return reasons[index]?.Code === 'ConditionalCheckFailed';
}
