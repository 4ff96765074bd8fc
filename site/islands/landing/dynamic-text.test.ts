import { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { placeholderContent } from '../../../functions/shared/landing-content.ts';
import { dtr } from './dynamic-text.tsx';
import { applyDynamicText } from './landing-behavior.ts';
import { FinalCta } from './blocks/final-cta/renderer.tsx';
import { Hero } from './blocks/hero/renderer.tsx';
import { RichText } from './blocks/markdown.tsx';
import { PageStructuredData } from './blocks/structured-data.tsx';
import { FaqBlock } from './blocks/faq/renderer.tsx';
import { blockLook } from './blocks/style.ts';

const html = (node: ReturnType<typeof dtr>) => renderToStaticMarkup(h('p', null, node));

describe('dtr', () => {
  it('returns text without a token as it is', () => {
    expect(dtr('Plain <b> {{braces}}')).toBe('Plain <b> {{braces}}');
  });

  it('renders a token as a span holding its fallback, escaped', () => {
    expect(html(dtr('Hi {{param:utm_term|<b>you</b>}}!'))).toBe(
      '<p>Hi <span data-dtr="utm_term" data-dtr-max="60">&lt;b&gt;you&lt;/b&gt;</span>!</p>',
    );
    expect(html(dtr('{{param:city|}}'))).toBe(
      '<p><span data-dtr="city" data-dtr-max="60"></span></p>',
    );
  });
});

describe('the landing renderers', () => {
  it('put the hero headline token in the h1 and its fallback in the image alt', () => {
    const hero = {
      ...placeholderContent().hero,
      headline: 'Data you can trust, {{param:utm_term|supplier teams}}',
      heroImage: '/screenshots/hero.png',
      features: ['For {{param:city|every city}}'],
    };
    const out = renderToStaticMarkup(h(Hero, { hero }));
    expect(out).toContain(
      'Data you can trust, <span data-dtr="utm_term" data-dtr-max="60">supplier teams</span>',
    );
    expect(out).toContain('<span data-dtr="city" data-dtr-max="60">every city</span>');
    expect(out).not.toContain('{{param:');
  });

  it('fill the final call to action', () => {
    const cta = { ...placeholderContent().finalCTA, headline: 'Ready, {{param:name|friend}}?' };
    expect(renderToStaticMarkup(h(FinalCta, { cta }))).toContain(
      'Ready, <span data-dtr="name" data-dtr-max="60">friend</span>?',
    );
  });

  it('keep a token whole in Markdown, where a name like utm_term looks like _italic_', () => {
    const markdown =
      '## For {{param:utm_term|you}}\n\nHello **{{param:utm_source|there}}** and `{{param:x|code}}` _em_';
    const out = renderToStaticMarkup(h(RichText, { markdown, tone: blockLook(undefined).tone }));
    expect(out).toContain('For <span data-dtr="utm_term" data-dtr-max="60">you</span></h2>');
    expect(out).toContain(
      '<strong><span data-dtr="utm_source" data-dtr-max="60">there</span></strong>',
    );
    expect(out).toContain('>code</code>');
    expect(out).toContain('<em>em</em>');
    expect(out).not.toContain('\uE000');
  });

  it('give crawlers the fallback in structured data', () => {
    const block = {
      id: 'faq',
      type: 'faq' as const,
      headline: 'FAQ',
      items: [{ question: 'Why {{param:city|here}}?', answer: 'Because.' }],
    };
    const out = renderToStaticMarkup(h(FaqBlock, { block }));
    expect(out).toContain('Why <span data-dtr="city" data-dtr-max="60">here</span>?');
    // The page's one FAQPage (blocks/structured-data.tsx) carries the fallback.
    const data = renderToStaticMarkup(h(PageStructuredData, { blocks: [block] }));
    expect(data).toContain('"name":"Why here?"');
  });
});

describe('applyDynamicText', () => {
  /** Stand-ins for the [data-dtr] elements: only what the function touches. */
  const element = (name: string, fallback: string, max = '60') => ({
    dataset: { dtr: name, dtrMax: max } as Record<string, string>,
    textContent: fallback,
  });
  const rootOf = (elements: ReturnType<typeof element>[]) =>
    ({ querySelectorAll: () => elements }) as unknown as ParentNode;

  it('sets the text from the URL, capped, and keeps the fallback otherwise', () => {
    const term = element('utm_term', 'supplier teams');
    const city = element('city', 'your city');
    const blank = element('blank', 'kept');
    const short = element('long', 'fallback', '10');
    applyDynamicText(
      rootOf([term, city, blank, short]),
      '?utm_term=%3Cscript%3Ealert(1)%3C%2Fscript%3E&blank=%20%00&long=one+two+three+four',
    );
    expect(term.textContent).toBe('<script>alert(1)</script>');
    expect(city.textContent).toBe('your city');
    expect(blank.textContent).toBe('kept');
    expect(short.textContent).toBe('one two…');
  });
});
