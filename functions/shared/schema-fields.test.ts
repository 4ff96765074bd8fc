import { describe, expect, it } from 'vitest';
import { EDITOR_SECTIONS, landingContentSchema } from './landing-content.ts';
import {
  childOf,
  describeField,
  fieldsOf,
  orderedKeys,
  pathLabel,
  schemaAt,
} from './schema-fields.ts';

describe('schema fields (the structured editor is generated from these)', () => {
  it('gives every field of every editor section a label', () => {
    const missing: string[] = [];
    const walk = (schema: Parameters<typeof describeField>[0], path: string) => {
      const field = describeField(schema);
      if (!field.title) missing.push(path);
      if (field.kind === 'object')
        for (const [key, child] of fieldsOf(schema)) walk(child, `${path}.${key}`);
      if (field.kind === 'list' || field.kind === 'record') walk(childOf(schema)!, `${path}[]`);
    };
    for (const section of EDITOR_SECTIONS) walk(landingContentSchema.shape[section], section);
    expect(missing).toEqual([]);
  });

  it('says where each editor section appears', () => {
    for (const section of EDITOR_SECTIONS) {
      const placement = describeField(landingContentSchema.shape[section]).placement;
      expect(placement?.everyPage ?? placement?.defaultPage, section).toBeTruthy();
    }
  });

  it('reads kinds, limits and options', () => {
    expect(describeField(schemaAt(['hero', 'headline'])!)).toMatchObject({
      kind: 'text',
      title: 'Headline',
      maxLength: 200,
      optional: false,
    });
    expect(describeField(schemaAt(['hero', 'heroImage'])!)).toMatchObject({
      kind: 'image',
      optional: true,
    });
    expect(describeField(schemaAt(['hero', 'features'])!)).toMatchObject({
      kind: 'lines',
      maxItems: 8,
    });
    expect(describeField(schemaAt(['features', 'items'])!)).toMatchObject({
      kind: 'list',
      itemLabel: 'Feature',
      maxItems: 12,
    });
    expect(describeField(schemaAt(['benefits', 'items', 0, 'icon'])!).kind).toBe('icon');
    expect(describeField(schemaAt(['benefits', 'role_styles'])!)).toMatchObject({
      kind: 'record',
      options: ['manufacturer', 'supplier', 'platform'],
    });
    expect(describeField(schemaAt(['benefits', 'role_styles', 'supplier', 'tone'])!)).toMatchObject(
      {
        kind: 'enum',
        options: ['blue', 'green', 'purple', 'slate'],
      },
    );
    expect(describeField(schemaAt(['pricing', 'plans', 0, 'popular'])!).kind).toBe('boolean');
    expect(describeField(schemaAt(['supplierFeatures'])!)).toMatchObject({
      kind: 'object',
      optional: true,
    });
    expect(schemaAt(['hero', 'nope'])).toBeUndefined();
  });

  it('orders keys as the schema declares them, unknown keys last and sorted', () => {
    expect(orderedKeys(['hero'], ['subheadline', 'zzz', 'headline', 'aaa'])).toEqual([
      'headline',
      'subheadline',
      'aaa',
      'zzz',
    ]);
  });

  it('labels paths for people', () => {
    expect(pathLabel(['hero', 'headline'])).toBe('Hero › Headline');
    expect(pathLabel(['features', 'items', 2, 'title'])).toBe('Features › Feature 3 › Title');
  });
});
