// The forms' review repository (issue 33, docs/decisions/0310-forms-under-review.md): every
// layer of functions/data/form-review/ in one object, `ctx.formReview`
// (functions/lib/context.ts).
import { FormPublishing } from './publish.ts';

/** Forms' working copies under review, their signatures, publishing and deletion. */
export class FormReviewRepository extends FormPublishing {}
