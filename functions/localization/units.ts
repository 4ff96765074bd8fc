// The translatable texts of a landing page (issue 39, docs/localization.md "The XLIFF profile",
// docs/decisions/0569-xliff-profile.md): the page title and every human-readable string of its
// content, each with its content path as id (`hero.headline`, `layout.3.markdown`,
// `layout.2.items.0.question`: the dot paths of functions/shared/claims/text-fields.ts and of
// the checks' findings). Driven by the content schema's editor metadata (describeField in
// functions/shared/schema-fields.ts: a field's kind) plus one named list of machine values
// written as plain strings (CODE_FIELDS); every other string is excluded by a named rule, so
// units.test.ts can assert that every string of every built-in template is either a unit or
// deliberately left out.
import * as z from 'zod';
import { benefitItemSchema, landingContentSchema, ROLES } from '../shared/landing-content.ts';
import { BLOCK_TYPES, type BlockType } from '../shared/blocks.ts';
import { childOf, describeField, fieldsOf } from '../shared/schema-fields.ts';
import type { PageTexts } from '../shared/page-texts.ts';

export interface TextUnit {
  /** The content path (`hero.headline`); `title` is the page title. */
  id: string;
  text: string;
}

/** Why a string of the content is not translated, each a rule docs/localization.md names. */
export const EXCLUSION_RULES = {
  empty: 'an empty text: nothing to translate (it stays empty)',
  image: 'an image address (widget image)',
  asset: 'the path of a private file (widget asset)',
  form: 'a form id (widget form)',
  icon: 'an icon name (widget icon)',
  choice: 'a value from a fixed list (an enum)',
  code: 'a machine value written as text: an address, a date, a time, a time zone, a country or postal code, a video or form id',
  'block-settings': 'a block’s id, type, editor label or style',
  'role-key':
    'a benefit badge naming an audience role: it selects the role’s style; the badge text shown is role_styles.<role>.label',
  unknown: 'a string the content schema does not declare',
} as const;
export type ExclusionRule = keyof typeof EXCLUSION_RULES;

/**
 * String fields without a widget that hold machine values, not words: their key and what they
 * hold. A text field (kind text or multiline in the schema) under any other key is a unit.
 */
export const CODE_FIELDS: Readonly<Record<string, string>> = {
  formId: 'a form id',
  startsAt: 'a date and time (event)',
  timeZone: 'a time zone (event)',
  time: 'a time of day (event agenda)',
  venueCountry: 'a country code (event venue)',
  venuePostalCode: 'a postal code (event venue)',
  onlineUrl: 'an address (event)',
  href: 'an address (logo strip)',
  videoId: 'a video id (video)',
};

/** The keys every block has besides its type's fields (functions/shared/blocks.ts). */
const BLOCK_COMMON_KEYS = new Set(['id', 'type', 'label', 'hidden', 'style']);

export type StringClass = { unit: true } | { unit: false; rule: ExclusionRule };

/** Whether the string `value` of field `key` (its schema `schema`) is translated, and if not, why. */
export function classifyString(
  key: string | number | undefined,
  schema: z.ZodType | undefined,
  value: string,
): StringClass {
  if (!schema) return { unit: false, rule: 'unknown' };
  const { kind, schema: inner } = describeField(schema);
  switch (kind) {
    case 'image':
    case 'asset':
    case 'form':
    case 'icon':
      return { unit: false, rule: kind };
    case 'enum':
      return { unit: false, rule: 'choice' };
    case 'text':
    case 'multiline':
      // Kind text is also what describeField says of a number: only strings are words.
      if (!(inner instanceof z.ZodString)) return { unit: false, rule: 'unknown' };
      break;
    case 'lines':
      break;
    default:
      return { unit: false, rule: 'unknown' };
  }
  if (typeof key === 'string' && Object.hasOwn(CODE_FIELDS, key)) {
    return { unit: false, rule: 'code' };
  }
  if (
    schema === benefitItemSchema.shape.badge &&
    (ROLES as readonly string[]).includes(value.trim().toLowerCase())
  ) {
    return { unit: false, rule: 'role-key' };
  }
  if (!value.trim()) return { unit: false, rule: 'empty' };
  return { unit: true };
}

export interface StringLeaf {
  id: string;
  text: string;
  class: StringClass;
}

/** Every string of the page (its title, then its content in document order), classified. */
export function stringLeaves(page: PageTexts): StringLeaf[] {
  const leaves: StringLeaf[] = [];
  const id = (path: readonly (string | number)[]) => path.join('.');
  const leaf = (
    path: (string | number)[],
    schema: z.ZodType | undefined,
    value: string,
    forced?: ExclusionRule,
  ) =>
    leaves.push({
      id: id(path),
      text: value,
      class: forced ? { unit: false, rule: forced } : classifyString(path.at(-1), schema, value),
    });

  const visit = (value: unknown, schema: z.ZodType | undefined, path: (string | number)[]) => {
    if (typeof value === 'string') {
      leaf(path, schema, value);
      return;
    }
    if (path.length === 1 && path[0] === 'layout' && Array.isArray(value)) {
      value.forEach((block, index) => visitBlock(block, [...path, index]));
      return;
    }
    if (Array.isArray(value)) {
      const item = schema ? childOf(schema) : undefined;
      value.forEach((entry, index) => {
        // A list of lines: each line is a text of the list's own kind.
        if (typeof entry === 'string' && schema && describeField(schema).kind === 'lines') {
          leaf([...path, index], schema, entry);
        } else visit(entry, item, [...path, index]);
      });
      return;
    }
    if (value && typeof value === 'object') {
      const kind = schema ? describeField(schema).kind : undefined;
      const fields = kind === 'object' && schema ? new Map(fieldsOf(schema)) : undefined;
      const child = kind === 'record' && schema ? childOf(schema) : undefined;
      for (const [key, entry] of Object.entries(value)) {
        visit(entry, fields ? fields.get(key) : child, [...path, key]);
      }
    }
  };

  const visitBlock = (block: unknown, path: (string | number)[]) => {
    if (!block || typeof block !== 'object') return;
    const type = (block as { type?: unknown }).type;
    const known = typeof type === 'string' && Object.hasOwn(BLOCK_TYPES, type);
    const fields = known ? new Map(Object.entries(BLOCK_TYPES[type as BlockType].fields())) : null;
    for (const [key, entry] of Object.entries(block)) {
      if (BLOCK_COMMON_KEYS.has(key)) {
        forEachString(entry, [...path, key], (at, text) =>
          leaf(at, undefined, text, 'block-settings'),
        );
      } else {
        visit(entry, fields?.get(key) as z.ZodType | undefined, [...path, key]);
      }
    }
  };

  leaf(['title'], undefined, page.title, page.title.trim() ? undefined : 'empty');
  // The page title is always text (the schema of the page, not of its content, declares it).
  const title = leaves[0]!;
  if (title.class.unit === false && title.class.rule === 'unknown') title.class = { unit: true };
  visit(page.content, landingContentSchema, []);
  return leaves;
}

function forEachString(
  value: unknown,
  path: (string | number)[],
  each: (path: (string | number)[], text: string) => void,
) {
  if (typeof value === 'string') each(path, value);
  else if (Array.isArray(value))
    value.forEach((item, i) => forEachString(item, [...path, i], each));
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) forEachString(item, [...path, key], each);
  }
}

/** The page's translatable texts, in document order: the title, then the content's. */
export function translatableUnits(page: PageTexts): TextUnit[] {
  return stringLeaves(page)
    .filter((entry) => entry.class.unit)
    .map(({ id, text }) => ({ id, text }));
}
