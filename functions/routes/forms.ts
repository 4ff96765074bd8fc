// GET /api/forms/:formId (issue 26): a form's public definition for the visitor's browser:
// its fields, consent (with the version the lead will record), submit label and success
// message; never its auto-reply or who edited it. Cached a minute by browsers and CloudFront.
import { Hono } from 'hono';
import * as z from 'zod';
import type { VisitorEnv } from '../lib/context.ts';
import { NotFoundError } from '../core/domain-errors.ts';
import { params } from '../lib/validate.ts';
import { formIdSchema } from '../shared/forms/definition.ts';
import { publicForm, type PublicForm } from '../shared/forms/public-form.ts';

export const FORM_CACHE_SECONDS = 60;

export const publicForms = new Hono<VisitorEnv>().get(
  '/:formId',
  params(z.object({ formId: formIdSchema })),
  async (c) => {
    const { formId } = c.req.valid('param');
    const stored = await c.get('services').forms.getCached(formId);
    if (!stored) throw new NotFoundError('Form not found');
    c.header('Cache-Control', `public, max-age=${FORM_CACHE_SECONDS}`);
    return c.json<PublicForm>(await publicForm(formId, stored.form));
  },
);
