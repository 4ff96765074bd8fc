// The page workflow's repository (issue 23, docs/decisions/0132-working-copy.md): every
// layer of functions/data/workflow/ in one object, `ctx.workflow` (functions/lib/context.ts).
import { Translations } from './translations.ts';

/** A page's working copy, review, publishing, schedules, preview links, lifecycle, locales. */
export class WorkflowRepository extends Translations {}
