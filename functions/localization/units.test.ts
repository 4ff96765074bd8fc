// The translatable units of a page (units.ts) and its placeholders (placeholders.ts).
import { describe, expect, test } from 'vitest';
import { ZodString, type ZodType } from 'zod';
import { BUILT_IN_TEMPLATES } from '../shared/page-templates.ts';
import { landingTemplate } from '../shared/template.ts';
import { landingContentSchema } from '../shared/landing-content.ts';
import { BLOCK_TYPES } from '../shared/blocks.ts';
import { childOf, describeField, fieldsOf } from '../shared/schema-fields.ts';
import {
  classifyString,
  CODE_FIELDS,
  EXCLUSION_RULES,
  stringLeaves,
  translatableUnits,
} from './units.ts';
import { applyTexts, type PageTexts } from '../shared/page-texts.ts';
import { joinParts, splitPlaceholders } from './placeholders.ts';

const NOW = new Date('2026-12-01T10:00:00Z');
const pages: [string, PageTexts][] = [
  ['landingTemplate()', { title: 'PharmaBridge', content: landingTemplate() }],
  ...BUILT_IN_TEMPLATES.map(
    (template) =>
      [template.id, { title: template.name, content: template.content(NOW) }] as [
        string,
        PageTexts,
      ],
  ),
];

/** Every string in a JSON value with its dot path. */
function allStrings(value: unknown, path: string[] = []): string[] {
  if (typeof value === 'string') return [path.join('.')];
  if (Array.isArray(value))
    return value.flatMap((item, i) => allStrings(item, [...path, String(i)]));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => allStrings(item, [...path, key]));
  }
  return [];
}

describe('translatable units', () => {
  test.each(pages)('%s: every string is a unit or left out by a named rule', (_name, page) => {
    const leaves = stringLeaves(page);
    // Every string of the page is classified, once.
    expect(leaves.map((leaf) => leaf.id).sort()).toEqual(
      ['title', ...allStrings(page.content)].sort(),
    );
    for (const leaf of leaves) {
      if (leaf.class.unit) {
        expect(leaf.text.trim(), leaf.id).not.toBe('');
      } else {
        expect(Object.keys(EXCLUSION_RULES), leaf.id).toContain(leaf.class.rule);
        // Templates hold nothing the schema does not declare.
        expect(leaf.class.rule, leaf.id).not.toBe('unknown');
      }
    }
    // Unit ids are XLIFF NMTOKENs.
    for (const unit of translatableUnits(page)) expect(unit.id).toMatch(/^[A-Za-z0-9._-]+$/);
  });

  test('the default template: its texts are units, addresses, icons and choices are not', () => {
    const page: PageTexts = { title: 'PharmaBridge', content: landingTemplate() };
    page.content.seo = { title: 'Supplier data', description: 'Clean data.', image: '/og.png' };
    const byId = new Map(stringLeaves(page).map((leaf) => [leaf.id, leaf.class]));
    for (const id of [
      'title',
      'brand.name',
      'hero.headline',
      'hero.features.0',
      'faq.items.0.question',
      'faq.items.0.answer',
      'pricing.plans.0.features.0',
      'benefits.role_styles.manufacturer.label',
      'howItWorks.steps.0.badge',
      'seo.title',
      'seo.description',
    ]) {
      expect(byId.get(id), id).toEqual({ unit: true });
    }
    expect(byId.get('hero.heroImage')).toEqual({ unit: false, rule: 'image' });
    expect(byId.get('seo.image')).toEqual({ unit: false, rule: 'image' });
    expect(byId.get('benefits.items.0.icon')).toEqual({ unit: false, rule: 'icon' });
    expect(byId.get('benefits.items.0.badge')).toEqual({ unit: false, rule: 'role-key' });
    expect(byId.get('benefits.role_styles.manufacturer.tone')).toEqual({
      unit: false,
      rule: 'choice',
    });
    expect(byId.get('howItWorks.steps.0.theme')).toEqual({ unit: false, rule: 'choice' });
  });

  test('blocks: their fields by the block type, ids, dates, time zones and addresses left out', () => {
    const webinar = BUILT_IN_TEMPLATES.find((template) => template.id === 'webinar')!;
    const page: PageTexts = { title: 'Webinar', content: webinar.content(NOW) };
    const byId = new Map(stringLeaves(page).map((leaf) => [leaf.id, leaf.class]));
    const layout = page.content.layout!;
    const event = layout.findIndex((block) => block.type === 'event');
    const richText = layout.findIndex((block) => block.type === 'richText');
    const faq = layout.findIndex((block) => block.type === 'faq');
    expect(byId.get(`layout.${event}.title`)).toEqual({ unit: true });
    expect(byId.get(`layout.${event}.agenda.0.title`)).toEqual({ unit: true });
    expect(byId.get(`layout.${event}.speakers.0.title`)).toEqual({ unit: true });
    expect(byId.get(`layout.${richText}.markdown`)).toEqual({ unit: true });
    expect(byId.get(`layout.${faq}.items.0.question`)).toEqual({ unit: true });
    for (const [field, rule] of [
      ['id', 'block-settings'],
      ['type', 'block-settings'],
      ['startsAt', 'code'],
      ['timeZone', 'code'],
      ['onlineUrl', 'code'],
      ['agenda.0.time', 'code'],
    ]) {
      expect(byId.get(`layout.${event}.${field}`), field).toEqual({ unit: false, rule });
    }
  });

  // A new string field is classified by its schema: one the translation would carry must take
  // words, one left out as a code must not (else CODE_FIELDS or the field's widget is wrong).
  test('every string field of the content schema and the block types is classified soundly', () => {
    const sentence = 'Zwei Wörter';
    /** Codes that accept free text by nature (a UK postcode has letters and a space). */
    const freeFormCodes = new Set(['venuePostalCode']);
    const checked: string[] = [];
    const visit = (key: string, schema: ZodType, path: string) => {
      const { kind } = describeField(schema);
      if (kind === 'object') {
        for (const [child, field] of fieldsOf(schema)) visit(child, field, `${path}.${child}`);
        return;
      }
      if (kind === 'list' || kind === 'record') {
        visit(key, childOf(schema)!, `${path}.*`);
        return;
      }
      if (!['text', 'multiline', 'lines'].includes(kind)) return;
      if (kind !== 'lines' && !(describeField(schema).schema instanceof ZodString)) return;
      if (path === '.layout') return; // the block types below
      const parsed = (kind === 'lines' ? childOf(schema)! : schema).safeParse(sentence).success;
      const verdict = classifyString(key, schema, sentence);
      checked.push(path);
      if (verdict.unit) expect(parsed, `${path} is a unit but refuses words`).toBe(true);
      else {
        expect(verdict, path).toEqual({ unit: false, rule: 'code' });
        if (!freeFormCodes.has(key))
          expect(parsed, `${path} is a code but takes words`).toBe(false);
      }
    };
    visit('', landingContentSchema, '');
    for (const [type, entry] of Object.entries(BLOCK_TYPES)) {
      for (const [key, field] of Object.entries(entry.fields())) {
        visit(key, field as ZodType, `layout(${type}).${key}`);
      }
    }
    expect(checked).toContain('layout(richText).markdown');
    expect(checked).toContain('layout(event).startsAt');
    // Every code field still exists in some schema.
    for (const key of Object.keys(CODE_FIELDS)) {
      expect(
        checked.some((path) => path.endsWith(`.${key}`)),
        key,
      ).toBe(true);
    }
  });

  test('applyTexts writes texts at their paths and nothing else', () => {
    const page: PageTexts = { title: 'PharmaBridge', content: landingTemplate() };
    const result = applyTexts(page, {
      title: 'PharmaBridge DE',
      'hero.headline': 'Vertragskonforme Daten',
      'hero.features.1': 'Zweiter Punkt',
      'faq.items.2.answer': 'Antwort',
    });
    expect(result.title).toBe('PharmaBridge DE');
    expect(result.content.hero.headline).toBe('Vertragskonforme Daten');
    expect(result.content.hero.features[1]).toBe('Zweiter Punkt');
    expect(result.content.faq.items[2]!.answer).toBe('Antwort');
    expect(result.content.hero.heroImage).toBe(page.content.hero.heroImage);
    // The source is untouched.
    expect(page.content.hero.headline).not.toBe('Vertragskonforme Daten');
    expect(() => applyTexts(page, { 'hero.nothing': 'x' })).toThrow(/not a text of the page/);
    expect(() => applyTexts(page, { 'hero.features': 'x' })).toThrow(/not a text of the page/);
    expect(() => applyTexts(page, { '__proto__.x': 'x' })).toThrow(/not a text of the page/);
  });
});

describe('placeholders', () => {
  test('tokens and link syntax are placeholders, words and other Markdown are text', () => {
    const text =
      '## Why\n\nFor {{param:utm_term|supplier teams}}: {{claim:fewer-errors}}. Read [the **guide** for {{param:role|you}}](/guide?a=(1)) now.\n\n- one';
    const parts = splitPlaceholders(text);
    expect(joinParts(parts)).toBe(text);
    expect(
      parts.map((part) => (part.kind === 'text' ? part.text : `<${part.placeholder.original}>`)),
    ).toEqual([
      '## Why\n\nFor ',
      '<{{param:utm_term|supplier teams}}>',
      ': ',
      '<{{claim:fewer-errors}}>',
      '. Read ',
      '<[>',
      'the **guide** for ',
      '<{{param:role|you}}>',
      '<](/guide?a=(1))>',
      ' now.\n\n- one',
    ]);
  });

  test('malformed tokens, escaped and unclosed brackets stay text', () => {
    for (const text of [
      'A {{param:bad name|x}} token',
      'A {{claim:X}} token',
      'An \\[escaped](/x) link',
      'A [bracket] alone and [unclosed](/x',
    ]) {
      expect(splitPlaceholders(text)).toEqual([{ kind: 'text', text }]);
    }
  });
});
