// Where a page's content names a form (issue 35): the page's dialog (`formId`), and each block
// that has one: a form block, a gated download, a hero's or a final call to action's buttons
// (docs/decisions/0400-form-block.md, docs/decisions/0401-buttons-open-a-chosen-form.md). A page
// without a layout shows its hero and final call to action sections instead, so their buttons'
// forms count then. The API refuses a save naming a form that does not exist
// (functions/routes/support/form-references.ts), and a form that a page names cannot be deleted.
import type { Block } from './blocks.ts';

/** A path in the content (`['layout', 3, 'formId']`) and the form it names. */
export interface FormReference {
  path: (string | number)[];
  formId: string;
}

interface Named {
  formId?: string | undefined;
  hero?: { formId?: string | undefined } | undefined;
  finalCTA?: { formId?: string | undefined } | undefined;
  layout?: readonly Block[] | undefined;
}

/** Every form `content` names, with where. */
export function formReferences(content: Named): FormReference[] {
  const found: FormReference[] = [];
  if (content.formId) found.push({ path: ['formId'], formId: content.formId });
  if (content.layout) {
    content.layout.forEach((block, index) => {
      const formId = 'formId' in block ? block.formId : undefined;
      if (formId) found.push({ path: ['layout', index, 'formId'], formId });
    });
    return found;
  }
  for (const section of ['hero', 'finalCTA'] as const) {
    const formId = content[section]?.formId;
    if (formId) found.push({ path: [section, 'formId'], formId });
  }
  return found;
}
