// Dynamic text replacement (issue 27, docs/decisions/0179-dynamic-text.md). A text
// field of a landing page may hold `{{param:utm_term|supplier teams}}`: the prerendered HTML
// shows the fallback ("supplier teams") inside `<span data-dtr="utm_term">`, and the landing
// script (site/islands/landing/landing-behavior.ts) puts the URL parameter's value there as
// text, capped at DTR_MAX characters. No zod here: the landing script imports this module
// and must stay small; the content schema (landing-sections.ts, block-fields.ts) calls
// dynamicTextProblem from its text helper.

/** The longest value a token shows; longer ones are cut at a word boundary with "…". */
export const DTR_MAX = 60;

/** A parameter's name: letters, digits, `_`, `.` and `-`, 1 to 64 of them. */
const NAME = /^[A-Za-z0-9_.-]{1,64}$/;
/** The start of a token: text holding it must be a whole, well-formed token. */
const OPEN = '{{param:';
/** A whole token at the start of the text: its name and its fallback (no `}}` inside). */
const TOKEN = /^\{\{param:([A-Za-z0-9_.-]{1,64})\|((?:(?!\}\})[\s\S])*)\}\}/;

export type DynamicTextPart =
  { kind: 'text'; text: string } | { kind: 'param'; name: string; fallback: string };

/** Whether the text holds anything that starts a token (the fast path of every caller). */
export const hasDynamicText = (text: string): boolean => text.includes(OPEN);

/**
 * The text cut into plain runs and tokens, in order. A `{{param:` that does not start a
 * well-formed token (the schema refuses those) stays plain text.
 */
export function parseDynamicText(text: string): DynamicTextPart[] {
  return splitTokens(text, OPEN, TOKEN, (token) => ({
    kind: 'param',
    name: token[1]!,
    fallback: token[2]!,
  }));
}

/**
 * Text cut into plain runs and the tokens that start with `open` and match `token` (anchored
 * at the start), in order; an `open` that does not start a whole token stays plain text.
 * The one scanner of the `{{kind:...}}` tokens (dynamic text here, claims in claims/tokens.ts).
 */
export function splitTokens<T>(
  text: string,
  open: string,
  token: RegExp,
  part: (match: RegExpExecArray) => T,
): ({ kind: 'text'; text: string } | T)[] {
  const parts: ({ kind: 'text'; text: string } | T)[] = [];
  let plain = '';
  let at = 0;
  while (at < text.length) {
    const start = text.indexOf(open, at);
    if (start < 0) break;
    const match = token.exec(text.slice(start));
    if (!match) {
      plain += text.slice(at, start + open.length);
      at = start + open.length;
      continue;
    }
    plain += text.slice(at, start);
    if (plain) parts.push({ kind: 'text', text: plain });
    plain = '';
    parts.push(part(match));
    at = start + match[0].length;
  }
  plain += text.slice(at);
  if (plain) parts.push({ kind: 'text', text: plain });
  return parts;
}

/**
 * What is wrong with the text's tokens, as the end of a sentence naming the field
 * ("has a dynamic-text token ..."), or undefined when every `{{param:` starts a
 * well-formed token. Text without `{{param:` is always fine, so no existing page changes.
 */
export function dynamicTextProblem(text: string): string | undefined {
  let at = text.indexOf(OPEN);
  while (at >= 0) {
    const rest = text.slice(at);
    if (!TOKEN.test(rest)) {
      const close = rest.indexOf('}}');
      const body = close < 0 ? rest.slice(OPEN.length) : rest.slice(OPEN.length, close);
      const bar = body.indexOf('|');
      const name = bar < 0 ? body : body.slice(0, bar);
      const shown = `"${rest.slice(0, Math.min(close < 0 ? 40 : close + 2, 40))}"`;
      if (close < 0) {
        return `has a dynamic-text token ${shown} that is not closed: write {{param:name|fallback}}`;
      }
      if (!NAME.test(name)) {
        return `has a dynamic-text token ${shown} with an invalid parameter name: use 1 to 64 letters, digits, "_", "." or "-"`;
      }
      return `has a dynamic-text token ${shown} without a fallback: write {{param:${name}|fallback}} (the fallback may be empty)`;
    }
    at = text.indexOf(OPEN, at + OPEN.length);
  }
  return undefined;
}

/** The text as crawlers and visitors without JavaScript read it: every token its fallback. */
export function withFallbacks(text: string): string {
  if (!hasDynamicText(text)) return text;
  return parseDynamicText(text)
    .map((part) => (part.kind === 'text' ? part.text : part.fallback))
    .join('');
}

/** The parameters a page's content uses, each once, in the order they first appear. */
export function paramsUsed(content: unknown): string[] {
  const names = new Set<string>();
  const visit = (value: unknown) => {
    if (typeof value === 'string') {
      if (!hasDynamicText(value)) return;
      for (const part of parseDynamicText(value)) if (part.kind === 'param') names.add(part.name);
    } else if (Array.isArray(value)) {
      value.forEach(visit);
    } else if (value && typeof value === 'object') {
      Object.values(value).forEach(visit);
    }
  };
  visit(content);
  return [...names];
}

/**
 * The URL parameter's value as a token shows it, or undefined for the fallback: control
 * characters removed, white space collapsed, trimmed; an empty result keeps the fallback.
 * Longer than `max` characters (code points): cut at the last space in its second half,
 * or at `max - 1`, with "…" (so the result is at most `max` characters).
 */
export function dynamicTextValue(raw: string | null, max = DTR_MAX): string | undefined {
  if (raw === null) return undefined;
  const clean = raw
    // eslint-disable-next-line no-control-regex -- removing control characters is the point
    .replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!clean) return undefined;
  const chars = Array.from(clean);
  if (chars.length <= max) return clean;
  const cut = chars.slice(0, Math.max(max - 1, 1)).join('');
  const space = cut.lastIndexOf(' ');
  return `${(space > cut.length / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
