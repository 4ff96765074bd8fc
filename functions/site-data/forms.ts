// The form definitions the site build prerenders (issue 26,
// docs/decisions/0166-forms-on-the-public-site.md): the contact and pilot pages render their
// built-in form as the store holds it, or its defaults when nobody saved it or no store is
// configured (the build then renders the template). After hydration the page asks GET
// /api/forms/:id for a newer one, so a form saved after the build reaches visitors without one.
import { loadConfig } from '../env.ts';
import { createDocumentClient, dynamoTarget } from '../data/dynamo.ts';
import { FormRepository } from '../data/forms.ts';
import { builtInForm, publicForm, type BuiltInForm, type PublicForm } from '../shared/forms.ts';

/** The public definition of built-in form `id`, as the build's store has it. */
export async function readPublicForm(
  id: BuiltInForm,
  env?: Record<string, string | undefined>,
): Promise<PublicForm> {
  const config = env ? loadConfig(env) : loadConfig();
  if (config.store.kind === 'embedded') return publicForm(id, builtInForm(id));
  const table = config.env.TABLE_NAME;
  const db = createDocumentClient(dynamoTarget(config));
  try {
    const stored = await new FormRepository(db, table).get(id);
    return await publicForm(id, stored?.form ?? builtInForm(id));
  } catch (error) {
    throw new Error(
      `The site build reads the form ${id} from DynamoDB (table ${table}) and it did not answer: ${String(error)}`,
      { cause: error },
    );
  } finally {
    db.destroy();
  }
}
