// Claim tokens (issue 36, docs/decisions/0520-claims-and-evidence.md): a text field says an
// approved claim as `{{claim:<key>}}`; the build, the preview and preview links put the
// claim's approved wording there with its reference numbers (references.ts). Like the
// dynamic-text tokens beside them (dynamic-text.ts, `{{param:...}}`), no zod here: the
// editor's preview imports this module.

import { splitTokens } from '../dynamic-text.ts';

/** A claim's key: 2 to 64 lowercase letters, digits and hyphens. */
export const CLAIM_KEY_PATTERN = /^[a-z0-9][a-z0-9-]{1,63}$/;
const OPEN = '{{claim:';
/** A whole token at the start of the text. */
const TOKEN = /^\{\{claim:([a-z0-9][a-z0-9-]{1,63})\}\}/;

export type ClaimTextPart = { kind: 'text'; text: string } | { kind: 'claim'; key: string };

/** Whether the text holds anything that starts a claim token (every caller's fast path). */
export const hasClaimToken = (text: string): boolean => text.includes(OPEN);

/** The text cut into plain runs and claim tokens, in order; a malformed token stays text. */
export function parseClaimText(text: string): ClaimTextPart[] {
  return splitTokens(text, OPEN, TOKEN, (token) => ({ kind: 'claim', key: token[1]! }));
}

/** The keys a text says, in order, repeats included. */
export function claimKeysIn(text: string): string[] {
  if (!hasClaimToken(text)) return [];
  return parseClaimText(text).flatMap((part) => (part.kind === 'claim' ? [part.key] : []));
}

/**
 * What is wrong with the text's claim tokens, as the end of a sentence naming the field
 * ("has a claim token ..."), or undefined when every `{{claim:` starts a well-formed token.
 */
export function claimTokenProblem(text: string): string | undefined {
  let at = text.indexOf(OPEN);
  while (at >= 0) {
    const rest = text.slice(at);
    if (!TOKEN.test(rest)) {
      const close = rest.indexOf('}}');
      const shown = `"${rest.slice(0, Math.min(close < 0 ? 40 : close + 2, 40))}"`;
      return close < 0
        ? `has a claim token ${shown} that is not closed: write {{claim:key}}`
        : `has a claim token ${shown} whose key is not a claim key: use 2 to 64 lowercase letters, digits and hyphens`;
    }
    at = text.indexOf(OPEN, at + OPEN.length);
  }
  return undefined;
}

/** The text with every token replaced (by the claim's wording, or what `say` returns). */
export function replaceClaimTokens(text: string, say: (key: string) => string): string {
  if (!hasClaimToken(text)) return text;
  return parseClaimText(text)
    .map((part) => (part.kind === 'text' ? part.text : say(part.key)))
    .join('');
}

/** The token a claim picker inserts. */
export const claimToken = (key: string): string => `${OPEN}${key}}}`;
