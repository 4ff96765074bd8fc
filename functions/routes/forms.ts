// GET /api/forms/:formId (issue 26): a form's public definition for the visitor's browser:
// its fields, consent (with the version the lead will record), submit label and success
// message; never its auto-reply or who edited it. Cached a minute by browsers (the API's
// CloudFront behaviour caches nothing). `?locale=de-DE` (issue 39,
// docs/decisions/0570-forms-per-locale.md) gives its texts in one of the site's locales.
import { Hono } from 'hono';
import * as z from 'zod';
import type { VisitorEnv } from '../lib/context.ts';
import { NotFoundError } from '../core/domain-errors.ts';
import { formIdSchema } from '../shared/forms/form-id.ts';
import { publicForm, publicFormSchema } from '../shared/forms/public-form.ts';
import { localeSchema } from '../shared/locales.ts';
import { defineVisitorRoute, mount } from './support/define-route.ts';
import { visitorLocale } from './support/visitor-locale.ts';

export const FORM_CACHE_SECONDS = 60;

export const getPublicForm = defineVisitorRoute(
  {
    method: 'get',
    path: '/:formId',
    permission: 'public',
    summary:
      "A form's public definition in a locale: its fields, consent (its version that locale's), submit label and success message",
    request: {
      params: z.object({ formId: formIdSchema }),
      query: z.object({
        /** One of the site's locales (default en-US): the texts and consent version in it. */
        locale: localeSchema.optional(),
      }),
    },
    responses: { 200: publicFormSchema },
  },
  async (c, { params, query }) => {
    const services = c.get('services');
    const locale = await visitorLocale(services, query.locale);
    const stored = await services.forms.getCached(params.formId);
    if (!stored) throw new NotFoundError('Form not found');
    c.header('Cache-Control', `public, max-age=${FORM_CACHE_SECONDS}`);
    return c.json(await publicForm(params.formId, stored.form, locale));
  },
);

export const publicForms = mount(new Hono<VisitorEnv>(), [getPublicForm]);
