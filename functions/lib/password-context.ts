// Context words of the password rules (docs/decisions/0097-passwords-of-site-words.md): the
// first words an attacker tries against this site are its own (the product and company
// name, the admin area's words) with a year, digits or symbols added, `PharmaBridge2026`
// say. No leaked-password list has them, so they are refused here: a password that is
// mostly such words (matched case-insensitively, with common letter-for-symbol swaps such
// as @ for a and 1 for i, and any spacing between the words of a name) and has few
// letters of its own. Passphrases that merely mention a word ("my pharmabridge horse
// stable battery") have plenty of their own and pass.

/**
 * The words, longest match first. A space stands for any run of spaces, dots, dashes and
 * underscores (or none), so "pharma bridge" also matches "Pharma-Bridge" and "pharmabridge".
 */
const CONTEXT_WORDS = [
  'pharma bridge',
  'pharma',
  'bridge',
  'landing page manager',
  'landing page',
  'landing',
  'pages',
  'page',
  'manager',
  'administrator',
  'admin',
  'password',
  'website',
  'site',
  'log in',
  'sign in',
];

/** Symbols and digits typed for letters. */
const LOOKALIKES: Record<string, string> = {
  a: 'a@4',
  b: 'b8',
  e: 'e3',
  g: 'g9',
  i: 'i1!|',
  l: 'l1|',
  o: 'o0',
  s: 's5$',
  t: 't7+',
};

const escapeClass = (chars: string) => chars.replace(/[\\\]^-]/g, '\\$&');
const SEPARATORS = '[\\s._-]*';

const PATTERNS = CONTEXT_WORDS.map(
  (word) =>
    new RegExp(
      [...word]
        .map((char) => (char === ' ' ? SEPARATORS : `[${escapeClass(LOOKALIKES[char] ?? char)}]`))
        .join(''),
      'gu',
    ),
);

/** Letters of its own a password needs beside context words: at least this many... */
const MIN_OWN_LETTERS = 4;
/** ...and at least half as many as the context words' characters. */
const OWN_SHARE = 0.5;

export const CONTEXT_WORD_PROBLEM =
  'is mostly the name of this site or company with digits or symbols added; choose a password that has nothing to do with PharmaBridge';

/** Why a new password is refused for being made of the site's own words, if it is. */
export function contextWordProblem(password: string): string | undefined {
  const text = [...password.normalize('NFKC').toLowerCase()];
  const joined = text.join('');
  const covered = new Array<boolean>(text.length).fill(false);
  // Indices into `text` (code points), since `covered` is indexed that way.
  const offsets: number[] = [];
  let position = 0;
  for (const char of text) {
    offsets.push(position);
    position += char.length;
  }
  const indexOf = (offset: number) => offsets.indexOf(offset);
  for (const pattern of PATTERNS) {
    for (const match of joined.matchAll(pattern)) {
      if (match[0].length === 0) continue;
      const start = indexOf(match.index);
      const end = indexOf(match.index + match[0].length);
      for (let i = start; i < (end === -1 ? text.length : end); i++) covered[i] = true;
    }
  }
  let contextChars = 0;
  let ownLetters = 0;
  text.forEach((char, i) => {
    if (covered[i]) {
      if (!/[\s._-]/u.test(char)) contextChars++;
    } else if (/\p{L}/u.test(char)) ownLetters++;
  });
  if (contextChars === 0) return undefined;
  const enoughOwn = ownLetters >= MIN_OWN_LETTERS && ownLetters >= contextChars * OWN_SHARE;
  return enoughOwn ? undefined : CONTEXT_WORD_PROBLEM;
}
