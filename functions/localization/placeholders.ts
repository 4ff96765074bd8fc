// The parts of a text a translator must not change (docs/decisions/0569-xliff-profile.md): the
// dynamic-text tokens `{{param:name|fallback}}` (functions/shared/dynamic-text.ts), the claim
// tokens `{{claim:key}}` (functions/shared/claims/tokens.ts) and the syntax and target of a
// Markdown link: `[` and `](target)` (functions/shared/rich-text.ts); the link's words between
// them are translated. The XLIFF export writes each as an inline `<ph>`; the rest of Markdown
// (`**`, `##`, list markers) stays plain text the translator keeps.
import { parseDynamicText } from '../shared/dynamic-text.ts';
import { parseClaimText } from '../shared/claims/tokens.ts';
import { matchLink } from '../shared/rich-text.ts';

export type PlaceholderKind = 'param' | 'claim' | 'link-start' | 'link-end';

export interface Placeholder {
  kind: PlaceholderKind;
  /** The text it stands for, exactly as written (`{{claim:efficacy-1}}`, `](/pilot)`). */
  original: string;
  /** What a translator's tool shows for it. */
  display: string;
}

export type TextPart =
  { kind: 'text'; text: string } | { kind: 'placeholder'; placeholder: Placeholder };

function tokenAt(text: string, at: number): Placeholder | undefined {
  if (text.startsWith('{{param:', at)) {
    const first = parseDynamicText(text.slice(at))[0];
    if (first?.kind === 'param') {
      return {
        kind: 'param',
        original: `{{param:${first.name}|${first.fallback}}}`,
        display: `${first.name}: ${first.fallback}`,
      };
    }
  }
  if (text.startsWith('{{claim:', at)) {
    const first = parseClaimText(text.slice(at))[0];
    if (first?.kind === 'claim') {
      return { kind: 'claim', original: `{{claim:${first.key}}}`, display: `claim ${first.key}` };
    }
  }
  return undefined;
}

/**
 * The text cut into plain runs and placeholders, in order; joining the parts' texts and
 * originals gives the text back. Tokens inside a link's words are found too.
 */
export function splitPlaceholders(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let plain = '';
  const flush = () => {
    if (plain) parts.push({ kind: 'text', text: plain });
    plain = '';
  };
  const push = (placeholder: Placeholder) => {
    flush();
    parts.push({ kind: 'placeholder', placeholder });
  };
  const scan = (from: number, to: number, links: boolean) => {
    let at = from;
    while (at < to) {
      const token = text[at] === '{' ? tokenAt(text.slice(0, to), at) : undefined;
      if (token) {
        push(token);
        at += token.original.length;
        continue;
      }
      if (links && text[at] === '[' && text[at - 1] !== '\\') {
        const link = matchLink(text.slice(0, to), at);
        if (link) {
          const close = at + 1 + link.label.length;
          push({ kind: 'link-start', original: '[', display: 'link start' });
          scan(at + 1, close, false);
          push({
            kind: 'link-end',
            original: text.slice(close, link.end),
            display: `link to ${link.href}`,
          });
          at = link.end;
          continue;
        }
      }
      plain += text[at];
      at += 1;
    }
  };
  scan(0, text.length, true);
  flush();
  return parts;
}

/** The text the parts stand for. */
export const joinParts = (parts: readonly TextPart[]): string =>
  parts.map((part) => (part.kind === 'text' ? part.text : part.placeholder.original)).join('');
