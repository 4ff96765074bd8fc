// The Forms view's calls to /api/admin/forms on the admin's HTTP layer (../api.ts). The shapes
// are functions/shared/forms.ts's (StoredForm, FormSummary); the API checks a definition with
// the same formDefinitionSchema the editor checks it with as it is typed.
import type { QueryClient } from '@tanstack/react-query';
import type {
  FormDefinition,
  FormSummary,
  StoredForm,
} from '../../../../functions/shared/forms.ts';
import { request } from '../api.ts';

export type { FormDefinition, FormSummary, StoredForm };

export const FORMS_KEY = ['/api/admin/forms'] as const;
export const formKey = (id: string) => [...FORMS_KEY, id] as const;

const path = (id: string) => `/api/admin/forms/${encodeURIComponent(id)}`;

/** Built-in forms first (in their own order), then custom ones by title. */
export async function listForms(): Promise<FormSummary[]> {
  const { forms } = await request<{ forms: FormSummary[] }>('GET', '/api/admin/forms');
  return [...forms].sort(
    (a, b) =>
      Number(b.builtIn) - Number(a.builtIn) ||
      (a.builtIn ? 0 : a.title.localeCompare(b.title, undefined, { sensitivity: 'base' })),
  );
}

export const fetchForm = (id: string) => request<StoredForm>('GET', path(id));

/** Saves a definition; `revision` is the one the editor loaded (absent: a new form). */
export const saveForm = (id: string, form: FormDefinition, revision?: number) =>
  request<StoredForm>('PUT', path(id), revision === undefined ? { form } : { form, revision });

export const deleteForm = (id: string) => request<null>('DELETE', path(id));

/** After a save: the form's own cache and the list's row. */
export function cacheForm(client: QueryClient, stored: StoredForm): void {
  client.setQueryData(formKey(stored.id), stored);
  void client.invalidateQueries({ queryKey: FORMS_KEY, exact: true });
}
