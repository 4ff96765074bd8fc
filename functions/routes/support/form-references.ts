// Saving content that names a form (functions/shared/form-references.ts): every form it names must
// exist (a built-in one, or a custom one of the Forms tab), else a 400 naming each path
// (`content.layout.3.formId`) and the id, before anything is written. Used by the page routes,
// the working copy and the experiments' variants.
import type { Context } from 'hono';
import type { AppEnv } from '../../lib/context.ts';
import { InvalidError } from '../../core/domain-errors.ts';
import { formReferences } from '../../shared/form-references.ts';
import { isBuiltInForm } from '../../shared/forms/built-in.ts';
import type { LandingContent } from '../../shared/landing-content.ts';

export async function assertFormsExist(
  c: Context<AppEnv>,
  content: LandingContent | undefined,
  prefix: (string | number)[] = ['content'],
): Promise<void> {
  if (!content) return;
  const references = formReferences(content);
  const custom = [...new Set(references.map((reference) => reference.formId))].filter(
    (id) => !isBuiltInForm(id),
  );
  const { forms } = c.get('services');
  const found = await Promise.all(custom.map(async (id) => [id, await forms.get(id)] as const));
  const missing = new Set(found.flatMap(([id, form]) => (form ? [] : [id])));
  if (missing.size === 0) return;
  const fields: Record<string, string[]> = {};
  for (const { path, formId } of references) {
    if (!missing.has(formId)) continue;
    fields[[...prefix, ...path].join('.')] = [
      `names the form "${formId}", which does not exist: pick one of the Forms tab`,
    ];
  }
  const names = Object.keys(fields);
  throw new InvalidError(
    names.length === 1
      ? `Invalid request: ${names[0]} ${fields[names[0]!]![0]}`
      : `Invalid request: ${names.length} fields are invalid`,
    fields,
  );
}
