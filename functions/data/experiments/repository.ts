// The experiments' repository (issue 24, docs/decisions/0150-experiment-model.md): every
// layer of functions/data/experiments/ in one object, `ctx.experiments`
// (functions/lib/context.ts).
import { ExperimentLifecycle } from './lifecycle.ts';

/** A/B experiments: their lifecycle, variants and approvals, serving and counters. */
export class ExperimentRepository extends ExperimentLifecycle {}
