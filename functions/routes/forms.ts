// GET /api/forms/:formId (issue 26): a form's public definition for the visitor's browser:
// its fields, consent (with the version the lead will record), submit label and success
// message; never its auto-reply or who edited it. Cached a minute by browsers and CloudFront.
import { Hono } from 'hono';
import * as z from 'zod';
import type { VisitorEnv } from '../lib/context.ts';
import { NotFoundError } from '../core/domain-errors.ts';
import { formIdSchema } from '../shared/forms/definition.ts';
import { publicForm, publicFormSchema } from '../shared/forms/public-form.ts';
import { defineVisitorRoute, mount } from './support/define-route.ts';

export const FORM_CACHE_SECONDS = 60;

export const getPublicForm = defineVisitorRoute(
  {
    method: 'get',
    path: '/:formId',
    permission: 'public',
    summary: "A form's public definition: its fields, consent, submit label and success message",
    request: { params: z.object({ formId: formIdSchema }) },
    responses: { 200: publicFormSchema },
  },
  async (c, { params }) => {
    const stored = await c.get('services').forms.getCached(params.formId);
    if (!stored) throw new NotFoundError('Form not found');
    c.header('Cache-Control', `public, max-age=${FORM_CACHE_SECONDS}`);
    return c.json(await publicForm(params.formId, stored.form));
  },
);

export const publicForms = mount(new Hono<VisitorEnv>(), [getPublicForm]);
