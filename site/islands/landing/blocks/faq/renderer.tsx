// The FAQ block (functions/shared/blocks.ts, `faq`): questions in <details>, no JavaScript; its
// questions go into the page's one FAQPage (structured-data.tsx,
// docs/decisions/0170-faq-structured-data.md).
import type { BlockOf } from '../../../../../functions/shared/blocks.ts';
import { dtr } from '../../dynamic-text.tsx';
import { BlockSection, Heading } from '../block-section.tsx';
import type { Renderer } from '../render-context.ts';
import { blockLook } from '../style.ts';

export function FaqBlock({ block }: { block: BlockOf<'faq'> }) {
  const look = blockLook(block.style);
  return (
    <BlockSection block={block} labelled>
      <Heading id={block.id} text={block.headline} tone={look.tone} />
      {block.subheadline && (
        <p className={`mt-4 text-lg leading-8 ${look.tone.body}`}>{dtr(block.subheadline)}</p>
      )}
      <div className={`mt-10 divide-y border-y text-left ${look.tone.border}`}>
        {block.items.map((item) => (
          <details key={item.question} className={`group py-4 ${look.tone.border}`}>
            <summary
              className={`flex cursor-pointer list-none items-center justify-between gap-4 text-lg font-semibold ${look.tone.heading}`}
            >
              {dtr(item.question)}
              <span aria-hidden="true" className="text-2xl leading-none group-open:rotate-45">
                +
              </span>
            </summary>
            <p className={`mt-3 leading-7 whitespace-pre-line ${look.tone.body}`}>
              {dtr(item.answer)}
            </p>
          </details>
        ))}
      </div>
    </BlockSection>
  );
}

export const render: Renderer<'faq'> = (block) => <FaqBlock block={block} />;
