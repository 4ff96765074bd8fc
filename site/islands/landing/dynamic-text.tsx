// Dynamic text in the landing page's markup (docs/decisions/0179-dynamic-text.md):
// a text field's `{{param:name|fallback}}` renders as `<span data-dtr="name"
// data-dtr-max="60">fallback</span>`, which landing-behavior.ts fills from the URL on load.
// Text without a token is returned as it is, so those pages render byte for byte as before.
// Every text field of a block goes through `dtr`, so it is also where claim tokens
// (`{{claim:<key>}}`) become their wording and reference numbers (claim-text.tsx).
import type { ReactNode } from 'react';
import { hasClaimToken } from '../../../functions/shared/claims/tokens.ts';
import { ClaimText } from './claim-text.tsx';
import {
  DTR_MAX,
  hasDynamicText,
  parseDynamicText,
  withFallbacks,
} from '../../../functions/shared/dynamic-text.ts';

export { withFallbacks };

/**
 * A text field as element content: its claims as their wordings with reference numbers, its
 * dynamic-text tokens as fallback spans, the rest as text.
 */
export function dtr(text: string): ReactNode {
  if (hasClaimToken(text)) return <ClaimText text={text} plain={paramText} />;
  return paramText(text);
}

function paramText(text: string): ReactNode {
  if (!hasDynamicText(text)) return text;
  return parseDynamicText(text).map((part, index) =>
    part.kind === 'text' ? (
      part.text
    ) : (
      <span key={index} data-dtr={part.name} data-dtr-max={DTR_MAX}>
        {part.fallback}
      </span>
    ),
  );
}

/** Private-use marks standing in for a token while Markdown is parsed. */
const MARK = /\uE000(\d+)\uE001/g;

/**
 * Markdown with each token swapped for a mark the Markdown parser leaves alone (a name like
 * `utm_term` would otherwise start an _italic_), and the tokens, for `unmask`.
 */
export function maskTokens(markdown: string): { masked: string; tokens: string[] } {
  const tokens: string[] = [];
  if (!hasDynamicText(markdown)) return { masked: markdown, tokens };
  const masked = parseDynamicText(markdown)
    .map((part) => {
      if (part.kind === 'text') return part.text;
      tokens.push(`{{param:${part.name}|${part.fallback}}}`);
      return `\uE000${tokens.length - 1}\uE001`;
    })
    .join('');
  return { masked, tokens };
}

/** Parsed text with its marks back as tokens: element content (`dtr`) or plain text. */
export function unmask(text: string, tokens: readonly string[], plain = false): ReactNode {
  if (tokens.length === 0 || !text.includes('\uE000')) return plain ? text : dtr(text);
  const restored = text.replace(MARK, (_, index: string) => tokens[Number(index)] ?? '');
  return plain ? withFallbacks(restored) : dtr(restored);
}
