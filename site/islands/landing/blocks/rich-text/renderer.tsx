// The rich text block (functions/shared/blocks.ts, `richText`): Markdown rendered to fixed
// elements at build time (markdown.tsx, docs/decisions/0169-rich-text.md).
import type { BlockOf } from '../../../../../functions/shared/blocks.ts';
import { BlockSection } from '../block-section.tsx';
import { RichText } from '../markdown.tsx';
import type { Renderer } from '../render-context.ts';
import { blockLook } from '../style.ts';

export function RichTextBlock({ block }: { block: BlockOf<'richText'> }) {
  const look = blockLook(block.style);
  return (
    <BlockSection block={block} labelled={false}>
      <RichText markdown={block.markdown} tone={look.tone} center={look.center} />
    </BlockSection>
  );
}

export const render: Renderer<'richText'> = (block) => <RichTextBlock block={block} />;
