import { describe, expect, it } from 'vitest';
import { landingTemplate } from '../../../../functions/shared/template.ts';
import { parseJsonText, positionOf, prettyContent } from './json-text.ts';

describe('parseJsonText', () => {
  it('parses valid JSON', () => {
    expect(parseJsonText('{"a": [1, 2]}')).toEqual({ ok: true, value: { a: [1, 2] } });
  });

  it('names the line and column of a syntax error', () => {
    const result = parseJsonText('{\n  "a": 1\n  "b": 2\n}');
    expect(result).toMatchObject({ ok: false, line: 3, column: 3 });
    if (!result.ok) expect(result.message).not.toMatch(/position|line \d/);
  });

  it('puts a text that ends too early at its end', () => {
    expect(parseJsonText('{\n  "hero": ')).toMatchObject({ ok: false, line: 2, column: 11 });
    expect(parseJsonText('')).toMatchObject({ ok: false, line: 1, column: 1 });
  });
});

describe('positionOf', () => {
  it('counts lines and columns from 1', () => {
    expect(positionOf('ab\ncd', 0)).toEqual({ line: 1, column: 1 });
    expect(positionOf('ab\ncd', 4)).toEqual({ line: 2, column: 2 });
  });
});

describe('prettyContent', () => {
  it('prints content in the schema order, whatever order its keys came in', () => {
    const template = landingTemplate();
    const shuffled = Object.fromEntries(Object.entries(template).reverse());
    expect(prettyContent(shuffled)).toBe(JSON.stringify(template, null, 2));
    expect(Object.keys(JSON.parse(prettyContent(shuffled)) as object)[0]).toBe('brand');
  });

  it('prints content that breaks the schema as it is', () => {
    expect(prettyContent({ hero: 1 })).toBe(JSON.stringify({ hero: 1 }, null, 2));
  });
});
