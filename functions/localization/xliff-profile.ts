// What the XLIFF writer (xliff-write.ts) and the import (xliff.ts) share of the profile
// (docs/decisions/0569-xliff-profile.md): the namespace, a unit's placeholders numbered as
// inline codes, a target coded like its source, and what an attribute can hold of a text (the
// import compares a `<ph>`'s `equiv` with what the export wrote there).
import { splitPlaceholders, type Placeholder } from './placeholders.ts';

/** The XLIFF 2 core namespace; XLIFF 2.1 keeps 2.0's (only `version` says 2.1). */
export const XLIFF_NAMESPACE = 'urn:oasis:names:tc:xliff:document:2.0';

/** A placeholder of a source unit with its ids in the document. */
export interface Code extends Placeholder {
  id: string;
  dataRef: string;
}

export interface PreparedUnit {
  id: string;
  text: string;
  parts: ({ kind: 'text'; text: string } | { kind: 'code'; code: Code })[];
  codes: Code[];
}

export function prepare(id: string, text: string): PreparedUnit {
  const codes: Code[] = [];
  const parts = splitPlaceholders(text).map((part) => {
    if (part.kind === 'text') return part;
    const n = codes.length + 1;
    const code: Code = { ...part.placeholder, id: String(n), dataRef: `d${n}` };
    codes.push(code);
    return { kind: 'code' as const, code };
  });
  return { id, text, parts, codes };
}

/** Characters XML 1.0 cannot hold: control characters, U+FFFE/U+FFFF, lone surrogates. */
// eslint-disable-next-line no-control-regex -- finding the control characters is the point
export const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|\p{Cs}/gu;

/** What an attribute or a note (text only, no `<cp>`) can hold of a text: others become U+FFFD. */
export const attributeSafe = (text: string) => text.replace(NOT_XML, '\uFFFD');

/**
 * The target's text as parts coded like the source's, or undefined when its placeholders are not
 * exactly the source's (then the unit is exported without a target, to be translated anew).
 */
export function targetParts(unit: PreparedUnit, text: string): PreparedUnit['parts'] | undefined {
  const unused = [...unit.codes];
  const parts: PreparedUnit['parts'] = [];
  for (const part of splitPlaceholders(text)) {
    if (part.kind === 'text') {
      parts.push(part);
      continue;
    }
    const at = unused.findIndex((code) => code.original === part.placeholder.original);
    if (at < 0) return undefined;
    parts.push({ kind: 'code', code: unused.splice(at, 1)[0]! });
  }
  return unused.length === 0 ? parts : undefined;
}
