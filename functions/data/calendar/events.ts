// The calendar's events: the event blocks (functions/shared/blocks.ts, `event`) on live
// pages, from their start to their end (functions/shared/event-time.ts), as the page's .ics
// file has them. A block is in the range when it starts in it.
import { blocksOf, type BlockOf } from '../../shared/blocks.ts';
import { withFallbacks } from '../../shared/dynamic-text.ts';
import { eventSpan } from '../../shared/event-time.ts';
import { inRange, type CalendarSource } from './range.ts';

export const eventEntries: CalendarSource = async (_sources, range, pages) =>
  [...pages.values()]
    .filter((page) => page.isActive)
    .flatMap((page) =>
      blocksOf(page.content)
        .filter((block): block is BlockOf<'event'> => block.type === 'event')
        .map((block) => ({ block, span: eventSpan(block) }))
        .filter(({ span }) => inRange(span.start.toISOString(), range))
        .map(({ block, span }) => ({
          type: 'event' as const,
          at: span.start.toISOString(),
          end: span.end.toISOString(),
          pageId: page.id,
          title: withFallbacks(block.title),
        })),
    );
