// Markdown as React elements, at build time, for the rich-text and text-and-image blocks
// (docs/decisions/0169-rich-text.md): only the nodes of functions/shared/rich-text.ts, each a fixed
// element with fixed classes. Text is always a React text child (escaped), never HTML: `<script>`
// written in the Markdown shows as those characters. Links were checked by the parser (http(s),
// mailto, relative); the others arrive as plain text.
import { Fragment, type ReactNode } from 'react';
import { parseRichText, type Inline } from '../../../../functions/shared/rich-text.ts';
import type { Tone } from './style.ts';
import { maskTokens, unmask } from '../dynamic-text.tsx';

/** `tokens`: the dynamic-text tokens maskTokens took out of the Markdown (dynamic-text.tsx). */
function inline(nodes: Inline[], tone: Tone, tokens: readonly string[]): ReactNode[] {
  return nodes.map((node, index) => {
    switch (node.kind) {
      case 'text':
        // Keyed: a text with a claim token is an element (ClaimText, dynamic-text.tsx).
        return <Fragment key={index}>{unmask(node.text, tokens)}</Fragment>;
      case 'strong':
        return <strong key={index}>{inline(node.children, tone, tokens)}</strong>;
      case 'em':
        return <em key={index}>{inline(node.children, tone, tokens)}</em>;
      case 'code':
        return (
          <code key={index} className="font-mono text-[0.95em]">
            {unmask(node.text, tokens, true)}
          </code>
        );
      case 'link': {
        const external = /^https?:/i.test(node.href);
        return (
          <a
            key={index}
            href={node.href}
            className={`font-semibold underline underline-offset-4 ${tone.link}`}
            {...(external ? { rel: 'noopener noreferrer' } : {})}
          >
            {inline(node.children, tone, tokens)}
          </a>
        );
      }
    }
  });
}

const HEADING_CLASS = {
  2: 'text-3xl font-bold tracking-tight sm:text-4xl',
  3: 'text-2xl font-semibold',
  4: 'text-lg font-semibold',
} as const;

export function RichText({
  markdown,
  tone,
  center = false,
}: {
  markdown: string;
  tone: Tone;
  center?: boolean;
}) {
  const { masked, tokens } = maskTokens(markdown);
  const blocks = parseRichText(masked);
  return (
    <div className={`space-y-4 text-lg leading-8 ${tone.body}`} data-rich-text="">
      {blocks.map((block, index) => {
        switch (block.kind) {
          case 'heading': {
            const Tag = `h${block.level}` as const;
            return (
              <Tag
                key={index}
                className={`${HEADING_CLASS[block.level]} ${tone.heading} ${index > 0 ? 'pt-4' : ''}`.trim()}
              >
                {inline(block.children, tone, tokens)}
              </Tag>
            );
          }
          case 'paragraph':
            return <p key={index}>{inline(block.children, tone, tokens)}</p>;
          case 'list': {
            const Tag = block.ordered ? 'ol' : 'ul';
            const marker = block.ordered ? 'list-decimal' : 'list-disc';
            return (
              <Tag key={index} className={`${marker} space-y-2 ${center ? 'list-inside' : 'pl-6'}`}>
                {block.items.map((item, itemIndex) => (
                  <li key={itemIndex}>{inline(item, tone, tokens)}</li>
                ))}
              </Tag>
            );
          }
        }
      })}
    </div>
  );
}
