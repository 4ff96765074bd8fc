// PUT /api/admin/settings's body (docs/decisions/0549-publishing-settings.md): the settings to
// change, the others keep their values; the locales checked as BCP 47 codes the site speaks
// (functions/shared/locales.ts). Apart from functions/shared/workflow.ts, which the public
// function loads, so the locale checks stay out of its cold start.
import { localesSchema } from './locales.ts';
import { settingsSchema } from './workflow.ts';

export const settingsUpdateSchema = settingsSchema
  .partial()
  .extend({ locales: localesSchema.optional() })
  .refine((update) => Object.keys(update).length > 0, 'names no setting to change');
