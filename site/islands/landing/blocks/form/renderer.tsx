// The form block (issue 35, docs/decisions/0400-form-block.md): a form of the Forms tab inline on
// the page, under its optional headline, in a white card on any of the block's backgrounds (the
// fields keep the public forms' own colours). The form is inline-form.tsx, the public forms' one
// renderer and one submission.
//
// The build (LandingPage.astro) passes the definitions it read (`context.forms`): the form is then
// prerendered with its definition, its submit button disabled, and the definition is written
// beside it as a JSON data block (never run, so the CSP needs nothing); landing-behavior.ts
// (form-blocks.ts) brings the block to life when it comes near or is touched. Rendered in the
// browser instead (/legacy, previews: no `context.forms`), the form is live React at once and
// asks GET /api/forms/:id itself; a preview never sends it.
import type { BlockOf } from '../../../../../functions/shared/blocks.ts';
import { BlockSection, Heading, titleId } from '../block-section.tsx';
import type { Renderer, RenderContext } from '../render-context.ts';
import { scriptJson } from '../structured-data.tsx';
import { blockLook } from '../style.ts';
import { formIdPrefix, InlineForm } from './inline-form.tsx';

export function FormBlock({
  block,
  context,
}: {
  block: BlockOf<'form'>;
  context: Pick<RenderContext, 'forms' | 'preview'>;
}) {
  const look = blockLook(block.style);
  const headline = block.headline || undefined;
  const labelledBy = headline ? titleId(block.id) : undefined;
  const form = context.forms?.[block.formId];
  // Prerendered by the build: the page's script finds it by these attributes.
  const prerendered = context.forms !== undefined;
  return (
    <BlockSection block={block} labelled={Boolean(headline)}>
      {headline && <Heading id={block.id} text={headline} tone={look.tone} />}
      <div
        className={`${headline ? 'mt-8 ' : ''}${look.center ? 'mx-auto ' : ''}max-w-2xl rounded-xl border border-slate-200 bg-white p-6 text-left shadow-sm sm:p-8`}
      >
        <div
          {...(prerendered
            ? {
                'data-form-block': block.id,
                'data-form-id': block.formId,
                'data-form-labelled-by': labelledBy,
              }
            : {})}
        >
          <InlineForm
            formId={block.formId}
            form={form}
            idPrefix={formIdPrefix(block.id)}
            labelledBy={labelledBy}
            mode={context.preview ? 'preview' : 'page'}
          />
        </div>
        {prerendered && form && (
          <script
            type="application/json"
            data-form-definition={block.id}
            dangerouslySetInnerHTML={{ __html: scriptJson(form) }}
          />
        )}
      </div>
    </BlockSection>
  );
}

export const render: Renderer<'form'> = (block, context) => (
  <FormBlock block={block} context={context} />
);
