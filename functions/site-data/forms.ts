// The form definitions the site build prerenders (issue 26,
// docs/decisions/0166-forms-on-the-public-site.md): the contact and pilot pages render their
// built-in form as the store holds it, or its defaults when nobody saved it or no store is
// configured (the build then renders the template); the landing pages' form blocks (issue 35,
// docs/decisions/0400-form-block.md) any form, built-in or custom. After hydration the page asks
// GET /api/forms/:id for a newer one, so a form saved after the build reaches visitors without one.
// A page in another locale passes its `locale` (issue 39): the definition's texts and consent
// version are then that locale's (functions/shared/forms/translations.ts), and the islands say
// their own words in its language.
import { loadConfig } from '../env.ts';
import { createDocumentClient, dynamoTarget } from '../data/dynamo.ts';
import { FormRepository } from '../data/forms.ts';
import { builtInForm, isBuiltInForm, type BuiltInForm } from '../shared/forms/built-in.ts';
import { publicForm, type PublicForm } from '../shared/forms/public-form.ts';

/**
 * The public definition of form `id` as the build's store has it: a built-in form's defaults
 * when nobody saved it, undefined for a custom id the store does not hold (or without a store).
 */
export async function readFormDefinition(
  id: string,
  env?: Record<string, string | undefined>,
  locale?: string,
): Promise<PublicForm | undefined> {
  const config = env ? loadConfig(env) : loadConfig();
  if (config.store.kind === 'embedded') {
    return isBuiltInForm(id) ? publicForm(id, builtInForm(id), locale) : undefined;
  }
  const table = config.env.TABLE_NAME;
  const db = createDocumentClient(dynamoTarget(config));
  try {
    const stored = await new FormRepository(db, table).get(id);
    return stored ? await publicForm(id, stored.form, locale) : undefined;
  } catch (error) {
    throw new Error(
      `The site build reads the form ${id} from DynamoDB (table ${table}) and it did not answer: ${String(error)}`,
      { cause: error },
    );
  } finally {
    db.destroy();
  }
}

/** The public definition of built-in form `id`, as the build's store has it, in `locale`. */
export async function readPublicForm(
  id: BuiltInForm,
  env?: Record<string, string | undefined>,
  locale?: string,
): Promise<PublicForm> {
  return (await readFormDefinition(id, env, locale)) ?? publicForm(id, builtInForm(id), locale);
}
