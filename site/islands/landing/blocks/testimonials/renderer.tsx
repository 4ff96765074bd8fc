// The testimonials block (functions/shared/blocks.ts, `testimonials`): customer quotes with
// their authors (the marketing home shows the default page's; a landing page may place its own).
import type { BlockOf } from '../../../../../functions/shared/blocks.ts';
import { dtr } from '../../dynamic-text.tsx';
import { BlockSection, Heading } from '../block-section.tsx';
import type { Renderer } from '../render-context.ts';
import { blockLook } from '../style.ts';

export function TestimonialsBlock({ block }: { block: BlockOf<'testimonials'> }) {
  const look = blockLook(block.style);
  return (
    <BlockSection block={block} labelled width="max-w-7xl">
      <div className="mx-auto max-w-3xl text-center">
        <Heading id={block.id} text={block.headline} tone={look.tone} />
        {block.subheadline && (
          <p className={`mt-4 text-lg leading-8 ${look.tone.body}`}>{dtr(block.subheadline)}</p>
        )}
      </div>
      <ul className="mt-12 grid gap-6 text-left md:grid-cols-2 lg:grid-cols-3">
        {block.items.map((item) => (
          <li key={`${item.author} ${item.quote.slice(0, 20)}`}>
            <figure className="h-full rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
              <blockquote className="text-base leading-7 text-slate-700">
                <p>&ldquo;{dtr(item.quote)}&rdquo;</p>
              </blockquote>
              <figcaption className="mt-4 text-sm">
                <span className="font-semibold text-ink">{dtr(item.author)}</span>
                {item.title && <span className="block text-slate-600">{dtr(item.title)}</span>}
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </BlockSection>
  );
}

export const render: Renderer<'testimonials'> = (block) => <TestimonialsBlock block={block} />;
