// GET /api/forms/:id from the browser (issue 26, docs/decisions/0166-forms-on-the-public-site.md):
// one request per form and page view, shared by whoever asks first. The landing page's plain
// script asks as it starts loading the dialog, so the definition and the dialog's chunk
// travel together; the contact and pilot pages ask after hydration. The answer is cached a
// minute by the browser (Cache-Control), so a form saved in the admin reaches visitors within
// that minute. No api-client and no zod here: the landing page's first script imports this.
// Asked in the page's locale (its <html lang>, ./page-locale.ts; issue 39): the definition's
// texts and consent version are that locale's (`?locale=de-DE`; none for en-US).
import type { PublicForm } from '../../../functions/shared/forms/public-form.ts';
import { DEFAULT_PAGE_LOCALE, pageLocale } from './page-locale.ts';

/** How long the dialog waits for a definition before it says it cannot load the form. */
export const FORM_TIMEOUT_MS = 8000;

const requests = new Map<string, Promise<PublicForm>>();

/** GET /api/forms/:id's address for `locale` (the default locale's without a query). */
export const formUrl = (id: string, locale: string): string =>
  `/api/forms/${encodeURIComponent(id)}${
    locale === DEFAULT_PAGE_LOCALE ? '' : `?locale=${encodeURIComponent(locale)}`
  }`;

function request(id: string, locale: string): Promise<PublicForm> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), FORM_TIMEOUT_MS);
  return fetch(formUrl(id, locale), {
    credentials: 'same-origin',
    signal: controller.signal,
  })
    .then(async (response) => {
      if (!response.ok) throw new Error(`${response.status}: ${await response.text()}`);
      const form = (await response.json()) as PublicForm;
      if (!Array.isArray(form.fields) || typeof form.submitLabel !== 'string') {
        throw new Error(`GET /api/forms/${id} answered something else than a form`);
      }
      return form;
    })
    .finally(() => clearTimeout(timer));
}

/**
 * The public definition of form `id` in `locale` (the page's by default); a failed request is
 * made again on the next call.
 */
export function loadPublicForm(id: string, locale: string = pageLocale()): Promise<PublicForm> {
  const key = `${id} ${locale}`;
  let pending = requests.get(key);
  if (!pending) {
    pending = request(id, locale);
    requests.set(key, pending);
    pending.catch(() => requests.delete(key));
  }
  return pending;
}

/** The built-in forms of the landing page's two dialogs (functions/shared/forms/built-in.ts). */
export const DIALOG_FORMS = { general: 'demo-request', pricing: 'pricing-request' } as const;

/**
 * The form a dialog opened from a landing page shows: the pricing dialog always the built-in
 * pricing form; the general one the page's `content.formId` (its root's data-form-id), else
 * the built-in demo request.
 */
export function dialogFormId(kind: 'general' | 'pricing', pageFormId: string | undefined): string {
  return kind === 'pricing' ? DIALOG_FORMS.pricing : pageFormId || DIALOG_FORMS.general;
}
