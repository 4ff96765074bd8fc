// `/calendar/{slug}/{blockId}.ics`: the "Add to calendar" file of each shown event block of
// each page built (docs/decisions/0173-event-blocks.md), written at build time like the pages
// themselves (site/pages/[slug].astro; the default page's are under its slug, `default`).
// The text is functions/shared/ics.ts's; the local server (functions/server/static-site/headers.ts)
// and the publish step (infra/constructs/rebuild.ts) serve it as text/calendar.
// An experiment's variant may add an event block the page itself does not have: its file is
// written too; a block id both have keeps the page's event.
import type { APIRoute, GetStaticPaths } from 'astro';
import { activePages, experimentVariants } from '../../../lib/landing-data.ts';
import { blocksOf, type BlockOf } from '../../../../functions/shared/blocks.ts';
import { eventBlockIcs } from '../../../../functions/shared/ics.ts';
import { publicPath, RESERVED_SLUGS } from '../../../../functions/shared/slug.ts';
import type { LandingContent } from '../../../../functions/shared/landing-content.ts';

// A type, not an interface: Astro's props are a string-keyed record.
type Props = {
  slug: string;
  block: BlockOf<'event'>;
};

const eventsOf = (content: LandingContent) =>
  blocksOf(content).filter((block): block is BlockOf<'event'> => block.type === 'event');

export const getStaticPaths = (async () => {
  const [pages, variants] = await Promise.all([activePages(), experimentVariants()]);
  const files = new Map<string, Props>();
  const contents = [
    ...pages.map((page) => ({ slug: page.slug, content: page.content })),
    ...variants.map((variant) => ({ slug: variant.page.slug, content: variant.page.content })),
  ];
  for (const { slug, content } of contents) {
    if (RESERVED_SLUGS.has(slug)) continue;
    for (const block of eventsOf(content)) {
      const key = `${slug}/${block.id}`;
      if (!files.has(key)) files.set(key, { slug, block });
    }
  }
  return [...files.values()].map((props) => ({
    params: { slug: props.slug, block: props.block.id },
    props,
  }));
}) satisfies GetStaticPaths;

/** One stamp for the whole build (DTSTAMP: when the file was made). */
const BUILT_AT = new Date();

export const GET: APIRoute<Props> = ({ props, site }) => {
  const url = new URL(publicPath(props.slug), site ?? new URL('http://localhost:3000'));
  const body = eventBlockIcs(props.block, { slug: props.slug, url }, BUILT_AT);
  return new Response(body, { headers: { 'content-type': 'text/calendar; charset=utf-8' } });
};
