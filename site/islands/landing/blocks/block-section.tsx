// The frame of the block types added with the page builder (functions/shared/blocks.ts): a
// section with the block's fixed look (style.ts) and anchor, labelled by its h2. Their
// renderers (<type>/renderer.tsx) are static markup with zero JavaScript, colours only from
// style.ts.
import type { ReactNode } from 'react';
import type { BlockOf } from '../../../../functions/shared/blocks.ts';
import { blockLook, type Tone } from './style.ts';
import { dtr } from '../dynamic-text.tsx';

/** The id of a block's h2, which labels its section. */
export const titleId = (id: string) => `block-${id}-title`;

/**
 * A block's section: its fixed look, its anchor `#block-{id}`, labelled by its heading. The
 * blocks of every campaign type use it (the gated download, the video, the event ...).
 */
export function BlockSection({
  block,
  labelled,
  children,
  width = 'max-w-3xl',
}: {
  block: { id: string; style?: BlockOf<'richText'>['style'] };
  labelled: boolean;
  children: ReactNode;
  width?: string;
}) {
  const look = blockLook(block.style);
  return (
    <section
      id={`block-${block.id}`}
      data-block={block.id}
      data-reveal
      {...(labelled ? { 'aria-labelledby': titleId(block.id) } : {})}
      className={look.section}
    >
      <div className={`mx-auto ${width} px-4 sm:px-6 lg:px-8 ${look.align}`}>{children}</div>
    </section>
  );
}

/** A block's h2, the section's label. */
export function Heading({ id, text, tone }: { id: string; text: string; tone: Tone }) {
  return (
    <h2
      id={titleId(id)}
      className={`text-3xl font-bold tracking-tight sm:text-4xl ${tone.heading}`}
    >
      {dtr(text)}
    </h2>
  );
}
