// A page's references (issue 36, docs/decisions/0520-claims-and-evidence.md): each claim a
// page says is followed by superscript numbers linking to the References list at the end of
// the page, one entry per piece of evidence, numbered in the order the page first uses it.
// The build, the editor's preview and preview links all number through here, so the three
// show the same numbers.
import { parseClaimText, hasClaimToken } from './tokens.ts';

/** What a page needs of an approved claim. */
export interface ClaimWording {
  key: string;
  text: string;
  references: readonly { evidenceId: string; locator: string }[];
}

/** What the References list shows of a piece of evidence. */
export interface EvidenceCitation {
  id: string;
  title: string;
  source: string;
  date: string;
  url?: string | undefined;
}

export interface ReferenceEntry {
  number: number;
  evidence: EvidenceCitation;
  /** Where in the evidence, once each, in the order the page's claims cite them. */
  locators: string[];
}

export interface PageReferences {
  /** A claim key's reference numbers, in its references' order. */
  numbers: ReadonlyMap<string, readonly number[]>;
  entries: readonly ReferenceEntry[];
}

/**
 * Numbers the evidence of the claims a page says, given their keys in the order the page
 * shows them (repeats allowed). A key without an approved wording, or a reference to
 * evidence not given, adds nothing: publishing refuses such a page, and the preview marks it
 * (ClaimTextSegment 'missing').
 */
export function numberReferences(
  keysInOrder: readonly string[],
  claims: ReadonlyMap<string, ClaimWording>,
  evidence: ReadonlyMap<string, EvidenceCitation>,
): PageReferences {
  const numbers = new Map<string, number[]>();
  const byEvidence = new Map<string, ReferenceEntry>();
  for (const key of keysInOrder) {
    if (numbers.has(key)) continue;
    const claim = claims.get(key);
    if (!claim) continue;
    const own: number[] = [];
    for (const { evidenceId, locator } of claim.references) {
      const cited = evidence.get(evidenceId);
      if (!cited) continue;
      let entry = byEvidence.get(evidenceId);
      if (!entry) {
        entry = { number: byEvidence.size + 1, evidence: cited, locators: [] };
        byEvidence.set(evidenceId, entry);
      }
      if (!entry.locators.includes(locator)) entry.locators.push(locator);
      if (!own.includes(entry.number)) own.push(entry.number);
    }
    numbers.set(key, own);
  }
  return { numbers, entries: [...byEvidence.values()] };
}

export type ClaimTextSegment =
  | { kind: 'text'; text: string }
  | { kind: 'claim'; key: string; text: string; numbers: readonly number[] }
  | { kind: 'missing'; key: string };

/** A text field cut into plain runs and said claims, ready for any renderer. */
export function claimSegments(
  text: string,
  claims: ReadonlyMap<string, ClaimWording>,
  references: PageReferences,
): ClaimTextSegment[] {
  if (!hasClaimToken(text)) return [{ kind: 'text', text }];
  return parseClaimText(text).map((part) => {
    if (part.kind === 'text') return part;
    const claim = claims.get(part.key);
    if (!claim) return { kind: 'missing', key: part.key };
    return {
      kind: 'claim',
      key: part.key,
      text: claim.text,
      numbers: references.numbers.get(part.key) ?? [],
    };
  });
}

/**
 * The text as plain words (meta descriptions, link previews, e-mails): each claim its
 * wording without numbers, a missing one its key in brackets.
 */
export function claimPlainText(text: string, claims: ReadonlyMap<string, ClaimWording>): string {
  if (!hasClaimToken(text)) return text;
  return parseClaimText(text)
    .map((part) =>
      part.kind === 'text' ? part.text : (claims.get(part.key)?.text ?? `[${part.key}]`),
    )
    .join('');
}
