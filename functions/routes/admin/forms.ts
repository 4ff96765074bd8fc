// /api/admin/forms (issue 26, docs/decisions/0161-form-model.md): the form definitions the public
// forms render from and POST /api/contact validates against. Admins, publishers and editors
// (the `edit` permission) list and change them; a change is audited. With approvals required
// (issue 33, docs/decisions/0310-forms-under-review.md) a change saves the form's working
// copy, which goes live through submit, approve (an electronic signature, the page
// workflow's body and identity check) and publish, as a page's does; otherwise it is live at
// once and asks for a site rebuild, so the prerendered contact page shows it too.
import { Hono, type Context } from 'hono';
import { createFactory } from 'hono/factory';
import * as z from 'zod';
import { assertPermission, handlerPermission, requireAdmin } from '../../lib/auth.ts';
import type { AppEnv } from '../../lib/context.ts';
import { NotFoundError } from '../../core/domain-errors.ts';
import { ApiError } from '../../lib/errors.ts';
import { jsonBody, limitBody, params, requireJson } from '../../lib/validate.ts';
import type { FormInReview, FormSignature, FormState } from '../../shared/form-review.ts';
import { isBuiltInForm } from '../../shared/forms/built-in.ts';
import {
  formIdSchema,
  formPutSchema,
  type FormSummary,
  type StoredForm,
} from '../../shared/forms/definition.ts';
import { approveSchema, publishSchema, submitSchema } from '../../shared/workflow.ts';
import { confirmSigner } from '../support/identity.ts';
import { formReferences } from '../../shared/form-references.ts';
import type { LandingContent } from '../../shared/landing-content.ts';
import { requestRebuild } from '../support/changes.ts';
import { actorOf } from '../support/actor.ts';

const { createHandlers } = createFactory<AppEnv>();
const idParam = params(z.object({ formId: formIdSchema }));
/** Thirty fields of 50 options at their longest fit in well under 512 KiB. */
export const FORM_MAX_BYTES = 512 * 1024;
/** A publish `at` this close to now, or past, means now (as a page's). */
const NOW_SLACK_MS = 5_000;

async function stateOf(c: Context<AppEnv>, formId: string): Promise<FormState> {
  const state = await c.get('services').formReview.state(formId);
  if (!state) throw new NotFoundError('Form not found');
  return state;
}

const list = createHandlers(async (c) =>
  c.json<{ forms: FormSummary[] }>({ forms: await c.get('services').formReview.list() }),
);

const read = createHandlers(idParam, async (c) =>
  c.json<FormState>(await stateOf(c, c.req.valid('param').formId)),
);

/** Live at once, or into the working copy when review is on (or a copy exists). */
const save = createHandlers(
  idParam,
  requireJson,
  limitBody(FORM_MAX_BYTES),
  jsonBody(formPutSchema),
  async (c) => {
    const { formId } = c.req.valid('param');
    const { form, revision } = c.req.valid('json');
    const { forms, formReview } = c.get('services');
    if (await formReview.savesToCopy(formId)) {
      await formReview.saveCopy(formId, form, revision, actorOf(c));
    } else {
      await forms.put(formId, form, revision, actorOf(c));
      await requestRebuild(c, 'form-save');
    }
    return c.json<FormState>(await stateOf(c, formId));
  },
);

const submit = createHandlers(idParam, requireJson, jsonBody(submitSchema), async (c) => {
  const { formId } = c.req.valid('param');
  await stateOf(c, formId);
  const copy = await c
    .get('services')
    .formReview.submit(formId, c.req.valid('json').note, actorOf(c));
  return c.json(copy);
});

/** An approval is an electronic signature: the password again, and a code when enrolled. */
const approve = createHandlers(idParam, requireJson, jsonBody(approveSchema), async (c) => {
  const { formId } = c.req.valid('param');
  await stateOf(c, formId);
  const { password, code, meaning, comment } = c.req.valid('json');
  const signer = await confirmSigner(c, { password, code });
  const signature = await c
    .get('services')
    .formReview.sign(formId, signer, meaning, comment, actorOf(c));
  return c.json<FormSignature>(signature, 201);
});

/** Publishes now; a form has no schedules, so an `at` in the future is refused. */
const publish = createHandlers(idParam, requireJson, jsonBody(publishSchema), async (c) => {
  const services = c.get('services');
  const { formId } = c.req.valid('param');
  await stateOf(c, formId);
  const { at } = c.req.valid('json');
  if (at && new Date(at).getTime() > services.now().getTime() + NOW_SLACK_MS) {
    const problem = 'cannot be in the future: a form is published at once, not scheduled';
    throw new ApiError(400, 'validation_failed', `Invalid request: at ${problem}`, {
      at: [problem],
    });
  }
  const published = await services.formReview.publish(formId, actorOf(c));
  await requestRebuild(c, 'form-publish');
  return c.json<StoredForm>(published);
});

/**
 * Titles of the pages whose live content or working copy names the form: for its dialog, a
 * form block, a gated download or a button (functions/shared/form-references.ts).
 */
async function pagesUsing(c: Context<AppEnv>, formId: string): Promise<string[]> {
  const { pages, workflow } = c.get('services');
  const names = (content: LandingContent | undefined) =>
    content !== undefined &&
    formReferences(content).some((reference) => reference.formId === formId);
  const titles: string[] = [];
  for (const page of await pages.list()) {
    const copy = await workflow.workingCopy(page.id);
    if (names(page.content) || names(copy?.content)) titles.push(page.title);
  }
  return titles;
}

/** With review on, taking a live form away needs `publish`, as deleting a page does. */
const remove = createHandlers(idParam, async (c) => {
  const { formId } = c.req.valid('param');
  const { forms, formReview, workflow } = c.get('services');
  if (
    !isBuiltInForm(formId) &&
    (await workflow.settings()).approvalsRequired > 0 &&
    (await forms.get(formId))
  ) {
    await assertPermission(c, 'publish');
  }
  await formReview.remove(formId, actorOf(c), await pagesUsing(c, formId));
  return c.body(null, 204);
});

const editing = handlerPermission('edit');

export const forms = new Hono<AppEnv>()
  .use(requireAdmin)
  .get('/', editing, ...list)
  // Reviewers read what they sign.
  .get('/:formId', handlerPermission(['edit', 'review']), ...read)
  .put('/:formId', editing, ...save)
  .delete('/:formId', editing, ...remove)
  .post('/:formId/submit', editing, ...submit)
  .post('/:formId/approve', handlerPermission('review'), ...approve)
  .post('/:formId/publish', handlerPermission('publish'), ...publish);

const inReview = createHandlers(async (c) =>
  c.json<{ forms: FormInReview[] }>({ forms: await c.get('services').formReview.inReview() }),
);

/** GET /api/admin/form-reviews: the forms waiting for approvals, for reviewers and editors. */
export const formReviews = new Hono<AppEnv>()
  .use(requireAdmin)
  .get('/', handlerPermission(['edit', 'review']), ...inReview);
