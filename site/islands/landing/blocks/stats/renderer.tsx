// The stats row block (functions/shared/blocks.ts, `stats`): two to six key figures with their
// labels, as a description list.
import type { BlockOf } from '../../../../../functions/shared/blocks.ts';
import { dtr } from '../../dynamic-text.tsx';
import { BlockSection, Heading } from '../block-section.tsx';
import type { Renderer } from '../render-context.ts';
import { blockLook } from '../style.ts';

/** Whole class names, so Tailwind finds them. */
const STATS_COLUMNS: Record<number, string> = {
  2: 'lg:grid-cols-2',
  3: 'lg:grid-cols-3',
  4: 'lg:grid-cols-4',
};

export function StatsBlock({ block }: { block: BlockOf<'stats'> }) {
  const look = blockLook(block.style);
  return (
    <BlockSection block={block} labelled={Boolean(block.headline)} width="max-w-7xl">
      {block.headline && <Heading id={block.id} text={block.headline} tone={look.tone} />}
      <dl
        className={`grid gap-8 sm:grid-cols-2 ${STATS_COLUMNS[Math.min(block.items.length, 4)]} ${block.headline ? 'mt-10' : ''}`}
      >
        {block.items.map((item) => (
          <div key={`${item.value} ${item.label}`} className="flex flex-col-reverse gap-2">
            <dt className={`text-base ${look.tone.muted}`}>{dtr(item.label)}</dt>
            <dd className={`text-4xl font-extrabold tracking-tight ${look.tone.heading}`}>
              {dtr(item.value)}
            </dd>
          </div>
        ))}
      </dl>
    </BlockSection>
  );
}

export const render: Renderer<'stats'> = (block) => <StatsBlock block={block} />;
