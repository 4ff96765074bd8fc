// /api/admin/forms (issue 26, docs/decisions/0161-form-model.md): the form definitions the public
// forms render from and POST /api/contact validates against. Admins, publishers and editors
// (the `edit` permission) read and change them; a change is audited and asks for a site
// rebuild, so the prerendered contact page shows it too (the dialog reads it live).
import { Hono, type Context } from 'hono';
import { createFactory } from 'hono/factory';
import * as z from 'zod';
import { requirePermission } from '../../lib/auth.ts';
import type { AppEnv } from '../../lib/context.ts';
import { NotFoundError } from '../../lib/domain-errors.ts';
import { jsonBody, limitBody, params, requireJson } from '../../lib/validate.ts';
import {
  formIdSchema,
  formPutSchema,
  type FormSummary,
  type StoredForm,
} from '../../shared/forms.ts';
import { formReferences } from '../../shared/form-references.ts';
import type { LandingContent } from '../../shared/landing-content.ts';
import { requestRebuild } from '../admin-changes.ts';

const { createHandlers } = createFactory<AppEnv>();
const idParam = params(z.object({ formId: formIdSchema }));
const actorOf = (c: Context<AppEnv>) => ({
  email: c.get('admin')!.email,
  ip: c.get('services').clientIp(c),
});
/** Thirty fields of 50 options at their longest fit in well under 512 KiB. */
export const FORM_MAX_BYTES = 512 * 1024;

const list = createHandlers(async (c) =>
  c.json<{ forms: FormSummary[] }>({ forms: await c.get('services').forms.list() }),
);

const read = createHandlers(idParam, async (c) => {
  const form = await c.get('services').forms.get(c.req.valid('param').formId);
  if (!form) throw new NotFoundError('Form not found');
  return c.json<StoredForm>(form);
});

const save = createHandlers(
  idParam,
  requireJson,
  limitBody(FORM_MAX_BYTES),
  jsonBody(formPutSchema),
  async (c) => {
    const { formId } = c.req.valid('param');
    const body = c.req.valid('json');
    const saved = await c.get('services').forms.put(formId, body.form, body.revision, actorOf(c));
    await requestRebuild(c, 'form-save');
    return c.json<StoredForm>(saved);
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

const remove = createHandlers(idParam, async (c) => {
  const { formId } = c.req.valid('param');
  await c.get('services').forms.delete(formId, actorOf(c), await pagesUsing(c, formId));
  return c.body(null, 204);
});

export const forms = new Hono<AppEnv>()
  .use(requirePermission('edit'))
  .get('/', ...list)
  .get('/:formId', ...read)
  .put('/:formId', ...save)
  .delete('/:formId', ...remove);
