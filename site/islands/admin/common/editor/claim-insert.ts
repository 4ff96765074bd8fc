// What the block editor's claim picker (claim-picker.tsx) does to a text field: the approved
// claims that match what was typed (by key or wording), and the token `{{claim:<key>}}`
// (functions/shared/claims/tokens.ts) put where the caret was, replacing a selection.
import type { Claim } from '../claims-api.ts';

export const claimToken = (key: string) => `{{claim:${key}}}`;

/**
 * `value` with `insert` in place of the characters from `start` to `end` (a caret when they
 * are equal), and where the caret goes after it. Positions outside the text are clamped; a
 * field never focused (no caret) gets the token at its end.
 */
export function insertAtCaret(
  value: string,
  start: number | null | undefined,
  end: number | null | undefined,
  insert: string,
): { value: string; caret: number } {
  const clamp = (at: number | null | undefined, fallback: number) =>
    Math.min(Math.max(at ?? fallback, 0), value.length);
  const from = clamp(start, value.length);
  const to = Math.max(from, clamp(end, from));
  return { value: value.slice(0, from) + insert + value.slice(to), caret: from + insert.length };
}

/**
 * The approved claims whose key or wording contains every word of `query`, keys that start
 * with it first, then by key.
 */
export function matchClaims<C extends Pick<Claim, 'key' | 'text' | 'status'>>(
  claims: readonly C[],
  query: string,
): C[] {
  const words = query.toLocaleLowerCase().split(/\s+/).filter(Boolean);
  const q = query.trim().toLocaleLowerCase();
  return claims
    .filter((claim) => claim.status === 'approved')
    .filter((claim) => {
      const haystack = `${claim.key} ${claim.text}`.toLocaleLowerCase();
      return words.every((word) => haystack.includes(word));
    })
    .sort(
      (a, b) =>
        Number(!a.key.startsWith(q)) - Number(!b.key.startsWith(q)) || a.key.localeCompare(b.key),
    );
}
