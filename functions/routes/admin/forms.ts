// /api/admin/forms (issue 26, docs/decisions/0161-form-model.md): the form definitions the public
// forms render from and POST /api/contact validates against. Admins, publishers and editors
// (the `edit` permission) list and change them; a change is audited. With approvals required
// (issue 33, docs/decisions/0310-forms-under-review.md) a change saves the form's working
// copy, which goes live through submit, approve (an electronic signature, the page
// workflow's body and identity check) and publish, as a page's does; otherwise it is live at
// once and asks for a site rebuild, so the prerendered contact page shows it too.
import { Hono, type Context } from 'hono';
import * as z from 'zod';
import { assertPermission, handlerPermission, requireAdmin } from '../../lib/auth.ts';
import type { AppEnv } from '../../lib/context.ts';
import { NotFoundError } from '../../core/domain-errors.ts';
import { ApiError } from '../../lib/errors.ts';
import { limitBody } from '../../lib/validate.ts';
import {
  formReviewListSchema,
  formSignatureSchema,
  formStateSchema,
  formWorkingCopySchema,
  type FormReviewList,
  type FormSignature,
  type FormState,
  type FormWorkingCopy,
} from '../../shared/form-review.ts';
import { isBuiltInForm } from '../../shared/forms/built-in.ts';
import { formIdSchema } from '../../shared/forms/form-id.ts';
import {
  formListSchema,
  formPutSchema,
  storedFormSchema,
  type FormList,
  type StoredForm,
} from '../../shared/forms/definition.ts';
import { approveSchema, publishSchema, submitSchema } from '../../shared/workflow.ts';
import { confirmSigner } from '../support/identity.ts';
import { formReferences } from '../../shared/form-references.ts';
import type { LandingContent } from '../../shared/landing-content.ts';
import { requestRebuild } from '../support/changes.ts';
import { actorOf } from '../support/actor.ts';
import { defineRoute, mount } from '../support/define-route.ts';

const idParam = z.object({ formId: formIdSchema });
const editing = handlerPermission('edit');
/** Thirty fields of 50 options at their longest fit in well under 512 KiB. */
export const FORM_MAX_BYTES = 512 * 1024;
/** A publish `at` this close to now, or past, means now (as a page's). */
const NOW_SLACK_MS = 5_000;

/** A form's state, with the site's locales its translations are edited for (issue 39). */
async function stateOf(c: Context<AppEnv>, formId: string): Promise<FormState> {
  const services = c.get('services');
  const [state, settings] = await Promise.all([
    services.formReview.state(formId),
    services.workflow.settings(),
  ]);
  if (!state) throw new NotFoundError('Form not found');
  return { ...state, locales: settings.locales };
}

export const listForms = defineRoute(
  {
    method: 'get',
    path: '/',
    permission: 'edit',
    scope: 'forms:read',
    summary: 'Every form of the site, built-in and custom, one row each',
    middleware: [editing],
    responses: { 200: formListSchema },
  },
  async (c) => c.json<FormList>({ forms: await c.get('services').formReview.list() }),
);

export const getForm = defineRoute(
  {
    method: 'get',
    path: '/:formId',
    permission: ['edit', 'review'],
    scope: 'forms:read',
    summary: 'A form: its live definition, its working copy and its review',
    // Reviewers read what they sign.
    middleware: [handlerPermission(['edit', 'review'])],
    request: { params: idParam },
    responses: { 200: formStateSchema },
  },
  async (c, { params }) => c.json<FormState>(await stateOf(c, params.formId)),
);

/** Live at once, or into the working copy when review is on (or a copy exists). */
export const saveForm = defineRoute(
  {
    method: 'put',
    path: '/:formId',
    permission: 'edit',
    summary: 'Saves a definition: live at once, or into its working copy while review is on',
    // The body's limit runs before the kernel's validators, which follow the middleware.
    middleware: [editing, limitBody(FORM_MAX_BYTES)],
    request: { params: idParam, json: formPutSchema },
    responses: { 200: formStateSchema },
  },
  async (c, { params: { formId }, json: { form, revision } }) => {
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

export const submitForm = defineRoute(
  {
    method: 'post',
    path: '/:formId/submit',
    permission: 'edit',
    summary: "Submits a form's working copy for review",
    middleware: [editing],
    request: { params: idParam, json: submitSchema },
    responses: { 200: formWorkingCopySchema },
  },
  async (c, { params: { formId }, json: { note } }) => {
    await stateOf(c, formId);
    const copy = await c.get('services').formReview.submit(formId, note, actorOf(c));
    return c.json<FormWorkingCopy>(copy);
  },
);

/** An approval is an electronic signature: the password again, and a code when enrolled. */
export const approveForm = defineRoute(
  {
    method: 'post',
    path: '/:formId/approve',
    permission: 'review',
    summary: "A reviewer's electronic signature of a form's working copy",
    middleware: [handlerPermission('review')],
    request: { params: idParam, json: approveSchema },
    responses: { 201: formSignatureSchema },
  },
  async (c, { params: { formId }, json }) => {
    await stateOf(c, formId);
    const signature = await confirmSigner(c, json, (signer) =>
      c.get('services').formReview.sign(formId, signer, json.meaning, json.comment, actorOf(c)),
    );
    return c.json<FormSignature>(signature, 201);
  },
);

/** Publishes now; a form has no schedules, so an `at` in the future is refused. */
export const publishForm = defineRoute(
  {
    method: 'post',
    path: '/:formId/publish',
    permission: 'publish',
    summary: "Publishes a form's approved working copy now (a form is never scheduled)",
    middleware: [handlerPermission('publish')],
    request: { params: idParam, json: publishSchema },
    responses: { 200: storedFormSchema },
  },
  async (c, { params: { formId }, json: { at } }) => {
    const services = c.get('services');
    await stateOf(c, formId);
    if (at && new Date(at).getTime() > services.now().getTime() + NOW_SLACK_MS) {
      const problem = 'cannot be in the future: a form is published at once, not scheduled';
      throw new ApiError(400, 'validation_failed', `Invalid request: at ${problem}`, {
        at: [problem],
      });
    }
    const published = await services.formReview.publish(formId, actorOf(c));
    await requestRebuild(c, 'form-publish');
    return c.json<StoredForm>(published);
  },
);

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
export const deleteForm = defineRoute(
  {
    method: 'delete',
    path: '/:formId',
    permission: 'edit',
    summary: 'Deletes a custom form (a live one needs publish while review is on)',
    middleware: [editing],
    request: { params: idParam },
    responses: { 204: null },
  },
  async (c, { params: { formId } }) => {
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
  },
);

export const forms = mount(new Hono<AppEnv>().use(requireAdmin), [
  listForms,
  getForm,
  saveForm,
  deleteForm,
  submitForm,
  approveForm,
  publishForm,
]);

/** GET /api/admin/form-reviews: the forms waiting for approvals, for reviewers and editors. */
export const listFormReviews = defineRoute(
  {
    method: 'get',
    path: '/',
    permission: ['edit', 'review'],
    summary: 'The forms whose working copy waits for approvals',
    middleware: [handlerPermission(['edit', 'review'])],
    responses: { 200: formReviewListSchema },
  },
  async (c) => c.json<FormReviewList>({ forms: await c.get('services').formReview.inReview() }),
);

export const formReviews = mount(new Hono<AppEnv>().use(requireAdmin), [listFormReviews]);
