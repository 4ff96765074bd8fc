// The page workflow's repository (issue 23, docs/decisions/0132-working-copy.md): every
// layer of functions/data/workflow/ in one object, `ctx.workflow` (functions/lib/context.ts).
import { Lifecycles } from './lifecycle.ts';

/** A page's working copy, review, publishing, schedules, preview links and lifecycle. */
export class WorkflowRepository extends Lifecycles {}
