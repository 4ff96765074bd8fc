// The landing page's structured data from its blocks (docs/decisions/0170-faq-structured-data.md).
// Search engines take one FAQPage per page: the questions of every shown FAQ block go into one
// FAQPage (a question asked twice, once), written once after the blocks. A data block is never run,
// so the page's CSP has nothing to allow; `<` is escaped so no text can close it.
import type { Block, BlockOf } from '../../../../functions/shared/blocks.ts';
import { withFallbacks } from '../dynamic-text.tsx';

/** JSON for a `<script type="application/ld+json">`: no `<`, so no `</script>` inside. */
export const scriptJson = (data: unknown) => JSON.stringify(data).replace(/</g, '\\u003c');

/** One FAQPage for all the FAQ blocks among `blocks`, or undefined without questions. */
export function faqPageOf(blocks: readonly Block[]): Record<string, unknown> | undefined {
  const seen = new Set<string>();
  const questions = blocks
    .filter((block): block is BlockOf<'faq'> => block.type === 'faq')
    .flatMap((block) => block.items)
    .map((item) => ({ name: withFallbacks(item.question), text: withFallbacks(item.answer) }))
    .filter(({ name }) => !seen.has(name) && Boolean(seen.add(name)));
  if (questions.length === 0) return undefined;
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: questions.map(({ name, text }) => ({
      '@type': 'Question',
      name,
      acceptedAnswer: { '@type': 'Answer', text },
    })),
  };
}

export function PageStructuredData({ blocks }: { blocks: readonly Block[] }) {
  const faqPage = faqPageOf(blocks);
  if (!faqPage) return null;
  return (
    <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: scriptJson(faqPage) }} />
  );
}
