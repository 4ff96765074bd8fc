import { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { parseRichText, safeHref } from '../../../../functions/shared/rich-text.ts';
import { RichText } from './markdown.tsx';
import { TONES } from './style.ts';

const html = (markdown: string) =>
  renderToStaticMarkup(h(RichText, { markdown, tone: TONES.white }));

/** The elements the output uses: only the fixed set may ever appear. */
const tagsIn = (markup: string) =>
  [...new Set([...markup.matchAll(/<([a-z][a-z0-9]*)\b/g)].map((match) => match[1]))].sort();
const ALLOWED = new Set([
  'a',
  'code',
  'div',
  'em',
  'h2',
  'h3',
  'h4',
  'li',
  'ol',
  'p',
  'strong',
  'ul',
]);
/** Attributes the output uses. */
const attributesIn = (markup: string) =>
  [...new Set([...markup.matchAll(/\s([a-zA-Z-:]+)="/g)].map((match) => match[1]))].sort();

describe('rich text', () => {
  it('renders the subset: headings h2-h4, paragraphs, lists, links, bold, italic, code', () => {
    const markup = html(
      [
        '# Top',
        '## Why',
        '### How',
        '#### Detail',
        '',
        'A **bold** and *italic* and _also_ with `co*de*` and a [link](https://x.example/a?b=1).',
        'Same paragraph.',
        '',
        '- one',
        '- two with [mail](mailto:team@x.example)',
        '  continued',
        '',
        '1. first',
        '2) second',
        '',
        'Escaped \\*stars\\* and [relative](docs/guide) and [path](/pricing#plans) and [anchor](#faq)',
      ].join('\n'),
    );
    expect(markup).toBe(
      [
        '<div class="space-y-4 text-lg leading-8 text-slate-700" data-rich-text="">',
        '<h2 class="text-3xl font-bold tracking-tight sm:text-4xl text-ink">Top</h2>',
        '<h2 class="text-3xl font-bold tracking-tight sm:text-4xl text-ink pt-4">Why</h2>',
        '<h3 class="text-2xl font-semibold text-ink pt-4">How</h3>',
        '<h4 class="text-lg font-semibold text-ink pt-4">Detail</h4>',
        '<p>A <strong>bold</strong> and <em>italic</em> and <em>also</em> with <code class="font-mono text-[0.95em]">co*de*</code> and a <a href="https://x.example/a?b=1" class="font-semibold underline underline-offset-4 text-brand-700" rel="noopener noreferrer">link</a>. Same paragraph.</p>',
        '<ul class="list-disc space-y-2 pl-6"><li>one</li><li>two with <a href="mailto:team@x.example" class="font-semibold underline underline-offset-4 text-brand-700">mail</a> continued</li></ul>',
        '<ol class="list-decimal space-y-2 pl-6"><li>first</li><li>second</li></ol>',
        '<p>Escaped *stars* and <a href="docs/guide" class="font-semibold underline underline-offset-4 text-brand-700">relative</a> and <a href="/pricing#plans" class="font-semibold underline underline-offset-4 text-brand-700">path</a> and <a href="#faq" class="font-semibold underline underline-offset-4 text-brand-700">anchor</a></p>',
        '</div>',
      ].join(''),
    );
  });

  it('shows raw HTML as text: no script, no event handler, no style attribute gets through', () => {
    const hostile = [
      '<script>alert(1)</script>',
      '<img src=x onerror=alert(1)>',
      '<a href="#" onclick="alert(1)">x</a>',
      '<p style="position:fixed;inset:0">cover</p>',
      '<svg/onload=alert(1)>',
      '<iframe src="https://evil.example"></iframe>',
      '**<b onmouseover=alert(1)>bold</b>**',
      '[<img src=x onerror=alert(1)>](https://x.example)',
      '<!-- <script>alert(1)</script> -->',
    ];
    for (const markdown of hostile) {
      const markup = html(markdown);
      for (const tag of tagsIn(markup))
        expect(ALLOWED.has(tag!), `${markdown}: <${tag}>`).toBe(true);
      for (const attribute of attributesIn(markup)) {
        expect(['class', 'data-rich-text', 'href', 'rel'], `${markdown}: ${attribute}`).toContain(
          attribute,
        );
      }
      // The words are kept, escaped.
      expect(markup, markdown).toContain('&lt;');
    }
  });

  it('drops javascript:, data: and vbscript: links in every disguise and keeps their text', () => {
    const tricks = [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'java\nscript:alert(1)',
      '\u0000javascript:alert(1)',
      'javascript&colon;alert(1)',
      '&#106;avascript:alert(1)',
      '&#x6A;avascript:alert(1)',
      'jav&#x09;ascript:alert(1)',
      'javascript%3Aalert(1)',
      'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
      'DATA:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      '//evil.example/steal',
      '\\\\evil.example\\share',
      'https://x.example/"onmouseover="alert(1)',
    ];
    for (const href of tricks) {
      expect(safeHref(href), JSON.stringify(href)).toBeUndefined();
      const markup = html(`Click [here](${href}) now`);
      expect(markup, JSON.stringify(href)).not.toContain('<a');
      expect(markup, JSON.stringify(href)).toContain('Click here');
      expect(markup.toLowerCase(), JSON.stringify(href)).not.toMatch(/href=/);
    }
  });

  it('parses into the fixed node kinds only, whatever the input', () => {
    const kinds = new Set<string>();
    const walk = (nodes: { kind: string; children?: unknown[] }[]) =>
      nodes.forEach((node) => {
        kinds.add(node.kind);
        if (Array.isArray(node.children)) walk(node.children as never);
      });
    for (const block of parseRichText(
      '## a\n- *b* **c** `d` [e](/f)\n\n1. g\n\n<h1>x</h1> ![img](/x.png)',
    )) {
      kinds.add(block.kind);
      if (block.kind === 'list') block.items.forEach((item) => walk(item));
      else walk(block.children);
    }
    expect([...kinds].sort()).toEqual(
      ['code', 'em', 'heading', 'link', 'list', 'paragraph', 'strong', 'text'].sort(),
    );
  });
});
