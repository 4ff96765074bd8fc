// The gated download block (issue 27, functions/shared/assets.ts): a headline, a description
// and a button that opens the page's contact dialog with the block's form (its formId, else
// the built-in demo request). The button carries the gate: `data-gate` (the block's id) and
// `data-gate-slug` (the page's), which landing-behavior.ts sends with the form; the API answers
// the download link once the lead is stored. The file itself is never named here: a block
// without one is not rendered at all (`render` below), and the public page API strips it
// (functions/routes/landing-page-by-slug.ts). Static markup, colours from blocks/style.ts.
import type { BlockOf } from '../../../../../functions/shared/blocks.ts';
import { dtr } from '../../dynamic-text.tsx';
import { Icon } from '../../icons.tsx';
import { BlockSection, Heading } from '../block-section.tsx';
import type { Renderer } from '../render-context.ts';
import { blockLook } from '../style.ts';

/** The built-in form of a block without its own (load-form.ts DIALOG_FORMS.general). */
export const GATED_DEFAULT_FORM = 'demo-request';

/** A button that reads on every background of style.ts (AA checked there for the tones). */
const BUTTON: Record<'light' | 'dark', string> = {
  light: 'bg-brand-700 text-white hover:bg-brand-800',
  dark: 'bg-white text-brand-800 hover:bg-brand-50',
};

export function GatedAssetBlock({
  block,
  slug,
}: {
  block: BlockOf<'gatedAsset'>;
  slug: string | undefined;
}) {
  const look = blockLook(block.style);
  const onDark = block.style?.background === 'brand' || block.style?.background === 'dark';
  return (
    <BlockSection block={block} labelled>
      <Heading id={block.id} text={block.headline} tone={look.tone} />
      {block.description && (
        <p className={`mt-4 text-lg leading-8 whitespace-pre-line ${look.tone.body}`}>
          {dtr(block.description)}
        </p>
      )}
      <button
        type="button"
        data-contact="general"
        data-gate={block.id}
        data-gate-slug={slug}
        data-form-id={block.formId || GATED_DEFAULT_FORM}
        className={`mt-8 inline-flex items-center gap-2 rounded-md px-5 py-3 font-semibold shadow-sm ${BUTTON[onDark ? 'dark' : 'light']}`}
      >
        <Icon name="file-contract" className="h-5 w-5" />
        {dtr(block.buttonLabel)}
      </button>
    </BlockSection>
  );
}

// Without a file it is not shown (the editor says so under the field).
export const render: Renderer<'gatedAsset'> = (block, { slug }) =>
  block.asset ? <GatedAssetBlock block={block} slug={slug} /> : null;
