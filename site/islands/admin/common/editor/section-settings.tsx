// The page settings: the sections of the content that are not blocks, each as fields
// generated from its schema and saying where it appears on the page
// (docs/decisions/0066-structured-editor.md, docs/decisions/0177-block-editor.md).
import { useId } from 'react';
import type * as z from 'zod';
import {
  landingContentSchema,
  type EDITOR_SECTIONS,
} from '../../../../../functions/shared/landing-content.ts';
import { ObjectFields, type EditorProps } from './structured-editor.tsx';
import { describeField, type FieldInfo } from '../../../../../functions/shared/schema-fields.ts';

const sectionSchema = (section: (typeof EDITOR_SECTIONS)[number]): z.ZodType =>
  landingContentSchema.shape[section];

function Placement({
  field,
  isDefaultPage,
  id,
}: {
  field: FieldInfo;
  isDefaultPage: boolean;
  id: string;
}) {
  const { everyPage, defaultPage } = field.placement ?? {};
  let text: string;
  if (everyPage) text = isDefaultPage && defaultPage ? `${everyPage}; ${defaultPage}` : everyPage;
  else if (isDefaultPage) text = defaultPage ?? '';
  else {
    text = `Not shown for this page: ${defaultPage ? `${defaultPage.charAt(0).toLowerCase()}${defaultPage.slice(1)}` : 'other pages'} uses the default page's ${field.title ?? 'section'}.`;
  }
  return (
    <p id={id} className="text-sm text-slate-700">
      <span className="font-medium">Where it appears:</span> {text}
    </p>
  );
}

/**
 * Page settings that are not blocks (issue 27): the SEO of every page and, on the default
 * page, the sections other pages read (testimonials, FAQ, How It Works steps), each with
 * where it appears. The landing page's own sections are edited as blocks
 * (blocks/block-editor.tsx).
 */
export function SectionSettings({
  sections,
  isDefaultPage = false,
  ...props
}: EditorProps & {
  sections: readonly (typeof EDITOR_SECTIONS)[number][];
  /** The default page also feeds /site, /faq, /pricing, /how-it-works. */
  isDefaultPage?: boolean;
}) {
  const ids = useId();
  return (
    <>
      {sections.map((section) => {
        const schema = sectionSchema(section);
        const field = describeField(schema);
        const placementId = `${ids}-${section}-where`;
        return (
          <div
            key={section}
            role="group"
            aria-labelledby={`${ids}-${section}-heading`}
            aria-describedby={placementId}
            className="grid gap-3"
            data-testid={`settings-${section}`}
          >
            <div className="rounded-md bg-slate-50 p-3">
              <h3 id={`${ids}-${section}-heading`} className="text-base font-semibold text-ink">
                {field.title}
              </h3>
              <p className="text-sm text-slate-700">{field.description}</p>
              <Placement field={field} isDefaultPage={isDefaultPage} id={placementId} />
            </div>
            <ObjectFields path={[section]} schema={schema} {...props} />
          </div>
        );
      })}
    </>
  );
}
