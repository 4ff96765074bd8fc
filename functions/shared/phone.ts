// A phone field's rule (issue 33, docs/decisions/0350-phone-numbers-as-typed.md): what a
// visitor may type, and the number it is stored as besides. One module, no zod, for the
// server's check (functions/shared/forms/submission.ts checkSubmission) and the public forms' check
// before sending (site/islands/forms/form-values.ts checkValues), so the browser never lets
// through what the server refuses, nor stops what it takes.
//
// Accepted: digits, spaces and + ( ) - . / as people write numbers in the US, the UK or
// Germany (`(415) 555-0100`, `+44 (0)20 7946 0958`, `030/901820`, `0049 30 901820`), a `+`
// only in front, balanced brackets, 6 to 15 digits (E.164's most, after the country code's
// `00` or a `(0)` trunk prefix), then an optional extension: `ext. 12`, `ext 12`,
// `extension 12`, `x12` or `#12` (1 to 6 digits).

/** The field error when the characters are not a phone number's. */
export const PHONE_CHARACTERS_PROBLEM =
  'must be a phone number such as (415) 555-0100 or +44 20 7946 0958, with any extension as ext. 12';
/** The field error when there are too few or too many digits. */
export const PHONE_LENGTH_PROBLEM = 'must be a phone number of 6 to 15 digits';

const MIN_DIGITS = 6;
const MAX_DIGITS = 15;

/** The number part, then the extension's marker and digits at the end. */
const EXTENSION = /^(.*?)[\s,;]*(?:extension|ext\.?|x|#)\s*[.:]?\s*(\d{1,6})$/i;
const NUMBER_CHARACTERS = /^\+?[0-9 ()\-./]+$/;
/** A US or Canadian number (NANP): area code and exchange start with 2-9. */
const NANP = /^1?([2-9]\d{2}[2-9]\d{6})$/;

export interface Phone {
  /** What the visitor typed, trimmed and with runs of spaces made one. */
  display: string;
  /**
   * The number in E.164 (`+14155550100`), when it can be derived: the visitor wrote the
   * country code (`+` or `00`), or the number has the shape of a US or Canadian one.
   */
  e164?: string;
  /** The extension's digits, when there is one. */
  extension?: string;
}

export type PhoneCheck = { ok: true; phone: Phone } | { ok: false; problem: string };

function balanced(text: string): boolean {
  let open = false;
  for (const char of text) {
    if (char === '(') {
      if (open) return false;
      open = true;
    } else if (char === ')') {
      if (!open) return false;
      open = false;
    }
  }
  return !open;
}

/** Checks a typed phone number and reads it; the problem is a field error's ending. */
export function checkPhone(typed: string): PhoneCheck {
  const display = typed.trim().replace(/\s+/g, ' ');
  const parts = EXTENSION.exec(display);
  const number = (parts ? parts[1]! : display).trim();
  const extension = parts?.[2];
  if (!number || !NUMBER_CHARACTERS.test(number) || !balanced(number)) {
    return { ok: false, problem: PHONE_CHARACTERS_PROBLEM };
  }
  // `+44 (0)20 ...`: the bracketed 0 is the trunk prefix, dialled only inside the country.
  const withoutTrunk = number.replace(/\(\s*0\s*\)/, '');
  let digits = withoutTrunk.replace(/\D/g, '');
  const international = number.startsWith('+') || digits.startsWith('00');
  if (!number.startsWith('+') && international) digits = digits.slice(2);
  if (digits.length < MIN_DIGITS || digits.length > MAX_DIGITS) {
    return { ok: false, problem: PHONE_LENGTH_PROBLEM };
  }
  let e164: string | undefined;
  if (international) {
    // No country code starts with 0.
    if (digits.startsWith('0')) return { ok: false, problem: PHONE_CHARACTERS_PROBLEM };
    e164 = `+${digits}`;
  } else {
    const nanp = NANP.exec(number.replace(/\D/g, ''));
    if (nanp) e164 = `+1${nanp[1]}`;
  }
  return {
    ok: true,
    phone: {
      display,
      ...(e164 ? { e164 } : {}),
      ...(extension ? { extension } : {}),
    },
  };
}

/**
 * The stored normal form of a phone: E.164 with RFC 3966's extension parameter
 * (`+14155550100;ext=12`), or undefined when no E.164 number can be derived.
 */
export function normalPhone(phone: Phone): string | undefined {
  if (!phone.e164) return undefined;
  return phone.extension ? `${phone.e164};ext=${phone.extension}` : phone.e164;
}
