// The block types added with the page builder (functions/shared/blocks.ts) that the landing
// page renders today, plus the testimonials section (shown by the marketing home, now also
// placeable on a landing page). Static markup with zero JavaScript: the FAQ opens with
// <details>, the rich text is parsed at build time. Colours only from blocks/style.ts.
import type { ReactNode } from 'react';
import type { BlockOf } from '../../../../functions/shared/blocks.ts';
import type { MediaMap } from '../media-image.tsx';
import { Screenshot } from '../sections.tsx';
import { RichText } from './rich-text.tsx';
import { blockLook, type Tone } from './style.ts';
import { dtr, withFallbacks } from '../dynamic-text.tsx';

const titleId = (id: string) => `block-${id}-title`;

/**
 * A block's section: its fixed look, its anchor `#block-{id}`, labelled by its heading. The
 * blocks of other files (event-block.tsx, video-block.tsx) use it too.
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

export function RichTextBlock({ block }: { block: BlockOf<'richText'> }) {
  const look = blockLook(block.style);
  return (
    <BlockSection block={block} labelled={false}>
      <RichText markdown={block.markdown} tone={look.tone} center={look.center} />
    </BlockSection>
  );
}

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

export function LogoStripBlock({
  block,
  media,
}: {
  block: BlockOf<'logoStrip'>;
  media: MediaMap | undefined;
}) {
  const look = blockLook(block.style);
  return (
    <BlockSection block={block} labelled={Boolean(block.headline)} width="max-w-7xl">
      {block.headline && (
        <h2
          id={titleId(block.id)}
          className={`text-center text-lg font-semibold ${look.tone.muted}`}
        >
          {dtr(block.headline)}
        </h2>
      )}
      <ul
        className={`flex flex-wrap items-center justify-center gap-x-12 gap-y-6 ${block.headline ? 'mt-8' : ''}`}
      >
        {block.logos.map((logo) => {
          const record = media?.[logo.image];
          const img = (
            <img
              src={record?.url ?? logo.image}
              alt={withFallbacks(logo.name)}
              {...(record ? { width: record.width, height: record.height } : {})}
              loading="lazy"
              decoding="async"
              className="h-10 w-auto max-w-40 object-contain"
            />
          );
          return (
            <li key={`${logo.name} ${logo.image}`}>
              {logo.href ? (
                <a
                  href={logo.href}
                  {...(/^https?:/i.test(logo.href) ? { rel: 'noopener noreferrer' } : {})}
                >
                  {img}
                </a>
              ) : (
                img
              )}
            </li>
          );
        })}
      </ul>
    </BlockSection>
  );
}

export function ImageCaptionBlock({
  block,
  media,
}: {
  block: BlockOf<'imageCaption'>;
  media: MediaMap | undefined;
}) {
  const look = blockLook(block.style);
  return (
    <BlockSection block={block} labelled={false} width="max-w-5xl">
      <figure>
        <Screenshot src={block.image} alt={block.alt} fallbackAlt={block.alt} media={media} />
        {block.caption && (
          <figcaption className={`mt-4 text-sm ${look.tone.muted}`}>
            {dtr(block.caption)}
          </figcaption>
        )}
      </figure>
    </BlockSection>
  );
}

export function TwoColumnsBlock({
  block,
  media,
}: {
  block: BlockOf<'twoColumns'>;
  media: MediaMap | undefined;
}) {
  const look = blockLook(block.style);
  return (
    <BlockSection block={block} labelled={false} width="max-w-7xl">
      <div className="grid items-center gap-10 lg:grid-cols-2">
        <div className={block.imageSide === 'start' ? 'lg:order-2' : ''}>
          <RichText markdown={block.markdown} tone={look.tone} center={look.center} />
        </div>
        <Screenshot src={block.image} alt={block.alt} fallbackAlt={block.alt} media={media} />
      </div>
    </BlockSection>
  );
}
