// Forbidden wordings (issue 36, docs/decisions/0520-claims-and-evidence.md): wordings that
// contradict a claim ("HIPAA compliant" where the claim is "HIPAA-aligned, with a signed
// BAA"). A wording is a phrase, matched without regard to case, spacing or hyphens between
// its words and only as whole words; or a regular expression written `/pattern/flags`, as
// content/claims.json's `variants` were. Expressions are written by people with `edit`
// and run on the server at every publish, so the ones that could backtrack for ever are
// refused when saved (a quantified group that itself repeats), and text is bounded.

const REGEX_FORM = /^\/(.+)\/([imsu]*)$/s;

export interface CompiledWording {
  /** As the claim stores it. */
  wording: string;
  regex: RegExp;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A phrase as a pattern: words apart by any run of spaces or hyphens, whole words only. */
function phrasePattern(phrase: string): string {
  const words = phrase
    .trim()
    .split(/[\s\-–—]+/)
    .filter(Boolean)
    .map(escape);
  const edge = (word: string | undefined, side: 'start' | 'end') =>
    word && /\w/.test(side === 'start' ? word[0]! : word[word.length - 1]!)
      ? side === 'start'
        ? '(?<![\\w])'
        : '(?![\\w])'
      : '';
  return `${edge(words[0], 'start')}${words.join('[\\s\\-–—]*')}${edge(words.at(-1), 'end')}`;
}

/**
 * Whether an expression may backtrack catastrophically: a group repeated by `*`, `+` or
 * `{n,m}` that holds a quantifier or an alternation (`(a+)+`, `(\w*x)*`, `(a|aa)*`). A
 * simple, conservative reading of the source, not a parser: it refuses some safe
 * expressions, and the refusal says how to write them instead.
 */
function nestedQuantifier(source: string): boolean {
  const stack: boolean[] = [];
  let escaped = false;
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const char = source[i]!;
    if (escaped) {
      escaped = false;
      continue;
    }
    if (char === '\\') {
      escaped = true;
      continue;
    }
    if (inClass) {
      if (char === ']') inClass = false;
      continue;
    }
    if (char === '[') inClass = true;
    else if (char === '(') stack.push(false);
    else if (char === ')') {
      const inner = stack.pop() ?? false;
      const next = source[i + 1];
      const quantified = next === '*' || next === '+' || next === '{';
      if (inner && quantified) return true;
      if (stack.length > 0 && (inner || quantified)) stack[stack.length - 1] = true;
    } else if ((char === '*' || char === '+' || char === '{' || char === '|') && stack.length > 0) {
      stack[stack.length - 1] = true;
    }
  }
  return false;
}

/** What is wrong with a wording, as the end of a sentence ("must ..."), or undefined. */
export function wordingProblem(wording: string): string | undefined {
  const form = REGEX_FORM.exec(wording.trim());
  if (!form) {
    return /\w/.test(wording) ? undefined : 'must hold at least one letter or digit';
  }
  try {
    new RegExp(form[1]!, form[2]);
  } catch (error) {
    return `is not a valid regular expression (${(error as Error).message.replace(/^Invalid regular expression: /, '')})`;
  }
  if (nestedQuantifier(form[1]!)) {
    return 'has a repeated group that itself repeats, which can take the server minutes to check: write the phrases out or repeat single characters only';
  }
  return undefined;
}

/** The wording as a global regular expression (a phrase or `/pattern/flags`). */
export function compileWording(wording: string): CompiledWording {
  const form = REGEX_FORM.exec(wording.trim());
  const regex = form
    ? new RegExp(form[1]!, `${form[2]!}g`)
    : new RegExp(phrasePattern(wording), 'giu');
  return { wording, regex };
}

/** The longest text a check reads at once; a page's text fields are far shorter. */
export const WORDING_TEXT_MAX = 20_000;

/** Every match of the wordings in the text, in order, each with the wording that found it. */
export function findWordings(
  text: string,
  wordings: readonly CompiledWording[],
): { wording: string; match: string; index: number }[] {
  const bounded = text.slice(0, WORDING_TEXT_MAX);
  const found: { wording: string; match: string; index: number }[] = [];
  for (const { wording, regex } of wordings) {
    regex.lastIndex = 0;
    for (const match of bounded.matchAll(regex)) {
      if (match[0] === '') continue;
      found.push({ wording, match: match[0], index: match.index });
    }
  }
  return found.sort((a, b) => a.index - b.index);
}
