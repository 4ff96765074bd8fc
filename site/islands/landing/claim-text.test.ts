// Claim tokens in the landing page's markup (docs/decisions/0523-claims-rendered.md), rendered
// to a string over real claims: the seed of content/claims.json (planSeed, what the build
// reads without a store) and claims as the API answers them.
import { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { BlockInput } from '../../../functions/shared/blocks.ts';
import { landingContentSchema } from '../../../functions/shared/landing-content.ts';
import { pageClaimsOf, type PageClaims } from '../../../functions/shared/claims/page-claims.ts';
import { resolveSeo } from '../../../functions/shared/seo.ts';
import { landingTemplate } from '../../../functions/shared/template.ts';
import { seededClaims } from '../../../functions/site-data/store.ts';
import { LandingMarkup } from './landing-page.tsx';

const build = seededClaims(new Date('2026-12-01T00:00:00Z'));
const claimOf = (key: string) => build.claims.find((claim) => claim.key === key)!;
const evidenceOf = (key: string) =>
  build.evidence.find((item) => item.id === claimOf(key).references[0]!.evidenceId)!;

const ACCURACY = 'performance-accuracy';
const LATENCY = 'performance-latency';
/** Cites its own source line, not the policy file. */
const RESULT = 'results-manufacturers-1-value';

function contentWith(hero: { headline: string; subheadline?: string }, layout?: BlockInput[]) {
  const template = landingTemplate();
  return landingContentSchema.parse({
    ...template,
    hero: { ...template.hero, ...hero },
    ...(layout ? { layout } : {}),
  });
}

function render(
  content: ReturnType<typeof contentWith>,
  options: { preview?: boolean; claims?: PageClaims | undefined } = {},
) {
  const claims =
    'claims' in options ? options.claims : pageClaimsOf(undefined, build.claims, build.evidence);
  return renderToStaticMarkup(
    h(LandingMarkup, { content, claims, preview: options.preview ?? false }),
  );
}

/** The element with this id, as markup (ids are unique; the element does not nest itself). */
function byId(html: string, id: string, tag: string): string {
  const at = html.indexOf(`id="${id}"`);
  expect(at, id).toBeGreaterThan(-1);
  const open = html.lastIndexOf(`<${tag}`, at);
  return html.slice(open, html.indexOf(`</${tag}>`, at) + tag.length + 3);
}
const h1Of = (html: string) => html.slice(html.indexOf('<h1'), html.indexOf('</h1>') + 5);
const textOf = (markup: string) => markup.replace(/<[^>]+>/g, '');
const escaped = (text: string) => renderToStaticMarkup(h('i', null, text)).slice(3, -4);
/** A claim's superscript: its numbers, as links to the list. */
const sup = (...numbers: number[]) =>
  `<sup class="claim-refs ml-0.5 text-[0.6em] font-semibold">${numbers
    .map(
      (n) =>
        `<a href="#ref-${n}" aria-label="Reference ${n}" class="underline underline-offset-2">${n}</a>`,
    )
    .join(',')}</sup>`;
const said = (key: string, ...numbers: number[]) =>
  `<span data-claim="${key}">${escaped(claimOf(key).text)}</span>${sup(...numbers)}`;

describe('a claim token in a text field', () => {
  it('renders the approved wording and a superscript link to its reference', () => {
    const html = render(contentWith({ headline: `Fast and right: {{claim:${ACCURACY}}}` }));
    const h1 = h1Of(html);
    expect(h1).toContain(`Fast and right: ${said(ACCURACY, 1)}`);
    expect(html).not.toContain('{{claim');
    // The References list ends the page (before the structured data), its entry the target.
    const list = byId(html, 'references', 'section');
    expect(list).toContain('<h2 id="references-title"');
    expect(list).toContain('>References</h2>');
    const entry = byId(html, 'ref-1', 'li');
    const evidence = evidenceOf(ACCURACY);
    expect(entry).toContain(escaped(evidence.title));
    expect(entry).toContain(escaped(evidence.source));
    expect(entry).toContain('<time dateTime="2026-12-01">1 December 2026</time>');
    const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'));
    expect(main.lastIndexOf('<section')).toBe(main.indexOf('<section id="references"'));
  });

  it('numbers evidence in order of first use, once per piece, across fields and blocks', () => {
    const html = render(
      contentWith({
        headline: `{{claim:${RESULT}}} less cleansing`,
        subheadline: `{{claim:${ACCURACY}}}, {{claim:${LATENCY}}} and {{claim:${RESULT}}} again`,
      }),
    );
    // The result's source line is used first: 1. Accuracy and latency share the policy: 2.
    expect(h1Of(html)).toContain(said(RESULT, 1));
    expect(html).toContain(
      `${said(ACCURACY, 2)}, ${said(LATENCY, 2)} and ${said(RESULT, 1)} again`,
    );
    const list = byId(html, 'references', 'section');
    expect([...list.matchAll(/<li id="(ref-\d+)"/g)].map((match) => match[1])).toEqual([
      'ref-1',
      'ref-2',
    ]);
    expect(byId(html, 'ref-1', 'li')).toContain(escaped(evidenceOf(RESULT).title));
    expect(byId(html, 'ref-2', 'li')).toContain(escaped(evidenceOf(ACCURACY).title));
  });

  it('renders tokens in Markdown, and the list where a references block stands', () => {
    const layout: BlockInput[] = [
      { id: 'hero', type: 'hero', ...landingTemplate().hero },
      { id: 'sources', type: 'references', heading: 'Sources' },
      { id: 'text', type: 'richText', markdown: `## Why\n\n**Measured**: {{claim:${ACCURACY}}}.` },
    ];
    const html = render(contentWith({ headline: 'Plain' }, layout));
    expect(html).toContain(`<p><strong>Measured</strong>: ${said(ACCURACY, 1)}.</p>`);
    const list = byId(html, 'block-sources', 'section');
    expect(list).toContain('>Sources</h2>');
    // Where the layout puts it, before the rich text, and only there.
    expect(html.indexOf('id="block-sources"')).toBeLessThan(html.indexOf('data-rich-text'));
    expect(html.match(/data-references/g)).toHaveLength(1);
  });

  it('never shows a claim that is not approved: left out on the page, marked in a preview', () => {
    const withdrawn = build.claims.map((claim) =>
      claim.key === ACCURACY ? { ...claim, status: 'withdrawn' as const } : claim,
    );
    const content = contentWith({
      headline: `Now {{claim:${ACCURACY}}} and {{claim:${LATENCY}}}`,
    });
    const claims = pageClaimsOf([ACCURACY, LATENCY, 'no-such-claim'], withdrawn, build.evidence);
    expect(claims.unapproved).toEqual([
      { key: ACCURACY, why: `Not shown: the claim "${ACCURACY}", which was withdrawn` },
      { key: 'no-such-claim', why: 'Not shown: there is no claim "no-such-claim"' },
    ]);
    const page = render(content, { claims });
    expect(textOf(h1Of(page))).toContain(`Now  and ${claimOf(LATENCY).text}1`);
    expect(h1Of(page)).not.toContain(escaped(claimOf(ACCURACY).text));
    expect(page).not.toContain('data-claim-unapproved');

    const preview = render(content, { claims, preview: true });
    expect(h1Of(preview)).toContain(
      `<mark data-claim-unapproved="${ACCURACY}" title="Not shown: the claim &quot;${ACCURACY}&quot;, which was withdrawn"`,
    );
    expect(h1Of(preview)).not.toContain(escaped(claimOf(ACCURACY).text));
    // Without the claims (the editor's preview while it reads them): marked, never raw.
    const reading = render(content, { claims: undefined, preview: true });
    expect(reading.match(/<mark data-claim-unapproved/g)).toHaveLength(2);
    expect(reading).not.toContain('{{claim');
  });

  it('leaves a page without claims as it was: no References list', () => {
    const content = contentWith({ headline: 'No claims here' });
    expect(render(content)).toBe(render(content, { claims: undefined }));
    expect(render(content)).not.toContain('data-references');
  });

  it('gives the head the wording without numbers, and nothing for a claim not given', () => {
    const content = contentWith({
      headline: `{{claim:${ACCURACY}}}`,
      subheadline: `Measured: {{claim:${LATENCY}}}.`,
    });
    const claims = pageClaimsOf([ACCURACY, LATENCY], build.claims, build.evidence);
    const seo = resolveSeo({ slug: 'x' }, content, claims);
    expect(seo.title).toContain(claimOf(ACCURACY).text);
    expect(seo.description).toBe(`Measured: ${claimOf(LATENCY).text}.`);
    expect(resolveSeo({ slug: 'x' }, content).description).toBe('Measured: .');
  });
});
