// The Forms view's calls to /api/admin/forms on the admin's HTTP layer (../api.ts). The shapes
// are functions/shared/forms/definition.ts's (StoredForm, FormSummary) and, for a form under review,
// functions/shared/form-review.ts's (FormState); the API checks a definition with the same
// formDefinitionSchema the editor checks it with as it is typed. Submit, approve and publish
// send the page workflow's bodies (functions/shared/workflow.ts). Every answer is parsed with
// its route's schema (docs/decisions/0526-admin-parses-answers.md).
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  formReviewListSchema,
  formSignatureSchema,
  formStateSchema,
  formWorkingCopySchema,
  type FormInReview,
  type FormSignature,
  type FormState,
} from '../../../../functions/shared/form-review.ts';
import {
  formListSchema,
  storedFormSchema,
  type FormDefinition,
  type FormSummary,
} from '../../../../functions/shared/forms/definition.ts';
import type { ApproveRequest } from '../../../../functions/shared/workflow.ts';
import { noContent, request } from '../api.ts';

export type { FormDefinition, FormInReview, FormSignature, FormState, FormSummary };

export const FORMS_KEY = ['/api/admin/forms'] as const;
export const formKey = (id: string) => [...FORMS_KEY, id] as const;
/** The forms waiting for approvals (reviewers have no other list). */
export const FORM_REVIEWS_KEY = ['/api/admin/form-reviews'] as const;

const path = (id: string) => `/api/admin/forms/${encodeURIComponent(id)}`;

/** Built-in forms first (in their own order), then custom ones by title. */
export async function listForms(): Promise<FormSummary[]> {
  const { forms } = await request(formListSchema, 'GET', '/api/admin/forms');
  return [...forms].sort(
    (a, b) =>
      Number(b.builtIn) - Number(a.builtIn) ||
      (a.builtIn ? 0 : a.title.localeCompare(b.title, undefined, { sensitivity: 'base' })),
  );
}

/** The form: live, its working copy and its review; at the top, the definition to edit. */
export const formsQuery = queryOptions({ queryKey: FORMS_KEY, queryFn: listForms });

export const fetchForm = (id: string) => request(formStateSchema, 'GET', path(id));

/** Saves a definition (live, or its working copy under review); `revision` as loaded. */
export const saveForm = (id: string, form: FormDefinition, revision?: number) =>
  request(formStateSchema, 'PUT', path(id), revision === undefined ? { form } : { form, revision });

export const submitForm = (id: string, note?: string) =>
  request(formWorkingCopySchema, 'POST', `${path(id)}/submit`, note ? { note } : {});

/** An electronic signature of the working copy (the password again, a code when enrolled). */
export const approveForm = (id: string, body: ApproveRequest) =>
  request(formSignatureSchema, 'POST', `${path(id)}/approve`, body);

export const publishForm = (id: string) =>
  request(storedFormSchema, 'POST', `${path(id)}/publish`, {});

export async function listFormReviews(): Promise<FormInReview[]> {
  return (await request(formReviewListSchema, 'GET', '/api/admin/form-reviews')).forms;
}

export const deleteForm = (id: string) => request(noContent, 'DELETE', path(id));

/** After a save: the form's own cache and the list's row. */
export function cacheForm(client: QueryClient, state: FormState): void {
  client.setQueryData(formKey(state.id), state);
  void client.invalidateQueries({ queryKey: FORMS_KEY, exact: true });
  void client.invalidateQueries({ queryKey: FORM_REVIEWS_KEY });
}
