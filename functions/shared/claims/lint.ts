// The claims lint (issue 36, docs/decisions/0520-claims-and-evidence.md): words outside a
// claim token that read like a claim, listed in the Review tab with their path and the
// approved claims they might be, so a reviewer asks for the token instead of free text.
// It is a heuristic over words, and says so: it finds figures beside words of measure
// ("99.8% accuracy", "3x faster", "cut errors by 40%") and absolute words ("compliant",
// "certified", "guarantee", "best", "only", "first", "#1", "fastest"); it misses claims
// made without those words ("trusted by the top ten pharma companies"), figures spelled
// out ("ninety per cent") and images of text. Setting `claimsLint` decides whether its
// findings warn or block (functions/shared/claims/model.ts).
import { hasClaimToken, parseClaimText } from './tokens.ts';
import { readableText, type TextField } from './text-fields.ts';

export interface LintFinding {
  path: string;
  /** The sentence (cut to 160 characters) holding the words. */
  excerpt: string;
  /** The words that read like a claim, as the text has them. */
  words: string;
  why: 'figure' | 'absolute';
  /** Keys of approved claims sharing words with the excerpt, best first (up to three). */
  candidates: string[];
}

const ABSOLUTE =
  /(?<![\w#])(?:compliant|certified|guarantee[sd]?|best|only|first|fastest|#1|number one)(?![\w])/giu;
const FIGURE =
  /(?<![\w.])\d[\d,.]*\s?(?:%|percent|per cent|x|×|ms|milliseconds?|seconds?|minutes?|hours?|days?|weeks?|months?|k)?(?![\w])/giu;
const MEASURE =
  /\b(?:accura(?:cy|te)|uptime|availability|faster|quicker|speed|reduc(?:e|es|ed|ing|tion)|sav(?:e|es|ed|ing|ings)|less|fewer|cuts?|improve(?:s|d|ment)?|increase(?:s|d)?|roi|errors?|latency|throughput)\b/iu;
/** Words around a figure read for a word of measure. */
const WINDOW = 48;

const STOP = new Set(
  'the and for with your our that this from into are was were has have you all per its any can their them than then'.split(
    ' ',
  ),
);
const wordsOf = (text: string) =>
  new Set(
    (text.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}.%-]*/gu) ?? []).filter(
      (word) => (word.length >= 3 || /\d/.test(word)) && !STOP.has(word),
    ),
  );

function sentenceAround(text: string, index: number, length: number): string {
  const before = text.slice(0, index);
  const start = Math.max(before.search(/[^.!?\n]*$/), 0);
  const endMatch = /[.!?\n]/.exec(text.slice(index + length));
  const end = endMatch ? index + length + endMatch.index + 1 : text.length;
  const sentence = text.slice(start, end).trim();
  return sentence.length > 160 ? `${sentence.slice(0, 159)}…` : sentence;
}

/** The text a reader sees outside claim tokens: each token becomes a sentence break. */
export function outsideTokens(text: string): string {
  const readable = readableText(text);
  if (!hasClaimToken(readable)) return readable;
  return parseClaimText(readable)
    .map((part) => (part.kind === 'text' ? part.text : '\n'))
    .join('');
}

export function lintClaims(
  fields: readonly TextField[],
  approved: readonly { key: string; text: string }[],
): LintFinding[] {
  const claimWords = approved.map((claim) => ({ key: claim.key, words: wordsOf(claim.text) }));
  const candidatesFor = (excerpt: string) => {
    const words = wordsOf(excerpt);
    return claimWords
      .map(({ key, words: own }) => {
        let score = 0;
        for (const word of own) if (words.has(word)) score += /\d/.test(word) ? 2 : 1;
        return { key, score };
      })
      .filter((entry) => entry.score >= 2)
      .sort((a, b) => b.score - a.score || a.key.localeCompare(b.key))
      .slice(0, 3)
      .map((entry) => entry.key);
  };
  const findings: LintFinding[] = [];
  const seen = new Set<string>();
  for (const { path, text } of fields) {
    const plain = outsideTokens(text);
    const add = (match: RegExpMatchArray, why: LintFinding['why']) => {
      const excerpt = sentenceAround(plain, match.index!, match[0].length);
      const id = `${path}\u0000${excerpt}\u0000${match[0].trim().toLowerCase()}`;
      if (seen.has(id)) return;
      seen.add(id);
      findings.push({
        path,
        excerpt,
        words: match[0].trim(),
        why,
        candidates: candidatesFor(excerpt),
      });
    };
    for (const match of plain.matchAll(FIGURE)) {
      const around = plain.slice(
        Math.max(match.index - WINDOW, 0),
        match.index + match[0].length + WINDOW,
      );
      // Only within the figure's sentence: a measure word in the next one is not about it.
      const sentence = sentenceAround(plain, match.index, match[0].length);
      if (MEASURE.test(around) && MEASURE.test(sentence)) add(match, 'figure');
    }
    for (const match of plain.matchAll(ABSOLUTE)) add(match, 'absolute');
  }
  return findings;
}
