// The experiments' refusals (docs/decisions/0150-experiment-model.md): domain errors that
// functions/lib/errors.ts answers.
import { ConflictError, NotFoundError } from '../../core/domain-errors.ts';

export class ExperimentNotFoundError extends NotFoundError {
  override name = 'ExperimentNotFoundError';
  constructor(what = 'Experiment') {
    super(`${what} not found`);
  }
}

export class ExperimentStateError extends ConflictError {
  override name = 'ExperimentStateError';
}

export class StaleExperimentError extends ConflictError {
  override name = 'StaleExperimentError';
  constructor(what: 'experiment' | 'variant', expected: number, current: number, by: string) {
    super(`The ${what} was saved by ${by} after you opened it; reload it before you save again`, {
      revision: [`is ${expected}, but the ${what} is at revision ${current} now`],
    });
  }
}
