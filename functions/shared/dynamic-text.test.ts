import { describe, expect, it } from 'vitest';
import {
  DTR_MAX,
  dynamicTextProblem,
  dynamicTextValue,
  paramsUsed,
  parseDynamicText,
  withFallbacks,
} from './dynamic-text.ts';
import { landingContentSchema, placeholderContent } from './landing-content.ts';
import { layoutSchema } from './blocks.ts';
import { landingTemplate } from './template.ts';
import { resolveSeo } from './seo.ts';

describe('parseDynamicText', () => {
  it('splits text and tokens, keeping the fallback as written', () => {
    expect(parseDynamicText('Data you can trust, {{param:utm_term|supplier teams}}!')).toEqual([
      { kind: 'text', text: 'Data you can trust, ' },
      { kind: 'param', name: 'utm_term', fallback: 'supplier teams' },
      { kind: 'text', text: '!' },
    ]);
    expect(parseDynamicText('{{param:a.b-c_1|}}{{param:city|Boston | MA}}')).toEqual([
      { kind: 'param', name: 'a.b-c_1', fallback: '' },
      { kind: 'param', name: 'city', fallback: 'Boston | MA' },
    ]);
  });

  it('leaves text without tokens, and malformed tokens, as text', () => {
    expect(parseDynamicText('Plain {{braces}} text')).toEqual([
      { kind: 'text', text: 'Plain {{braces}} text' },
    ]);
    expect(parseDynamicText('{{param:bad name|x}} and {{param:ok|y}}')).toEqual([
      { kind: 'text', text: '{{param:bad name|x}} and ' },
      { kind: 'param', name: 'ok', fallback: 'y' },
    ]);
    expect(parseDynamicText('')).toEqual([]);
  });
});

describe('dynamicTextProblem', () => {
  it('accepts text without tokens and well-formed tokens', () => {
    for (const text of ['', 'Hello {{world}}', '{{param:x|}}', 'a {{param:utm_term|b}} c'])
      expect(dynamicTextProblem(text)).toBeUndefined();
  });

  it('names what is wrong with a malformed token', () => {
    expect(dynamicTextProblem('Hi {{param:city')).toMatch(/not closed/);
    expect(dynamicTextProblem('Hi {{param:city}}')).toMatch(/without a fallback/);
    expect(dynamicTextProblem('Hi {{param:my city|x}}')).toMatch(/invalid parameter name/);
    expect(dynamicTextProblem(`{{param:${'a'.repeat(65)}|x}}`)).toMatch(/invalid parameter name/);
    expect(dynamicTextProblem('{{param:|x}}')).toMatch(/invalid parameter name/);
    expect(dynamicTextProblem('{{param:ok|x}} then {{param:bad')).toMatch(/not closed/);
  });
});

describe('the content schema', () => {
  it('refuses a malformed token with its path, in sections and in blocks', () => {
    const content = placeholderContent();
    content.hero.headline = 'Hello {{param:utm term|you}}';
    const result = landingContentSchema.safeParse(content);
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({
        path: ['hero', 'headline'],
        message: expect.stringMatching(/invalid parameter name/),
      }),
    ]);

    const layout = layoutSchema.safeParse([
      { id: 'text', type: 'richText', markdown: 'Hi {{param:city' },
    ]);
    expect(layout.error?.issues.map((issue) => issue.path)).toEqual([[0, 'markdown']]);
  });

  it('keeps well-formed tokens and every existing page valid', () => {
    const content = placeholderContent();
    content.hero.headline = 'Data you can trust, {{param:utm_term|supplier teams}}';
    expect(landingContentSchema.parse(content).hero.headline).toBe(content.hero.headline);
    expect(landingContentSchema.safeParse(landingTemplate()).success).toBe(true);
  });
});

describe('withFallbacks and paramsUsed', () => {
  it('reads every token as its fallback', () => {
    expect(withFallbacks('Hi {{param:city|there}}, {{param:x|}}ok')).toBe('Hi there, ok');
    expect(withFallbacks('No tokens')).toBe('No tokens');
  });

  it('lists the parameters of a page once each, in order, from any depth', () => {
    const content = placeholderContent();
    content.hero.headline = '{{param:utm_term|a}} {{param:city|b}}';
    content.finalCTA.features = ['{{param:city|c}}'];
    const withLayout = {
      ...content,
      layout: [{ id: 't', type: 'richText', markdown: '{{param:plan|x}} {{param:bad' }],
    };
    expect(paramsUsed(withLayout)).toEqual(['utm_term', 'city', 'plan']);
    expect(paramsUsed(landingTemplate())).toEqual([]);
  });

  it('give the <title> and description the fallback, never a token', () => {
    const content = placeholderContent();
    content.hero.headline = 'Data for {{param:utm_term|supplier teams}}';
    content.hero.subheadline = 'Built for {{param:city|your city}}.';
    const seo = resolveSeo({ slug: 'dtr' }, content);
    expect(seo.title).toBe('Data for supplier teams with Our Platform | Your Platform');
    expect(seo.description).toBe('Built for your city.');
  });
});

describe('dynamicTextValue', () => {
  it('keeps the fallback for a missing or blank value', () => {
    expect(dynamicTextValue(null)).toBeUndefined();
    expect(dynamicTextValue('')).toBeUndefined();
    expect(dynamicTextValue(' \t\u0000\u202e ')).toBeUndefined();
  });

  it('strips control characters and collapses white space', () => {
    expect(dynamicTextValue('  lab\u0000\u0007 teams\n\nin\u202eBoston ')).toBe(
      'lab teams in Boston',
    );
    expect(dynamicTextValue('<script>alert(1)</script>')).toBe('<script>alert(1)</script>');
  });

  it('cuts a long value at a word boundary with an ellipsis, within the cap', () => {
    const long = 'clinical supply teams across every region of the world and beyond it all';
    const value = dynamicTextValue(long)!;
    expect(value).toBe('clinical supply teams across every region of the world and…');
    expect(Array.from(value).length).toBeLessThanOrEqual(DTR_MAX);
    expect(dynamicTextValue('x'.repeat(100), 10)).toBe(`${'x'.repeat(9)}…`);
    expect(dynamicTextValue('a'.repeat(DTR_MAX))).toBe('a'.repeat(DTR_MAX));
    // Code points, not UTF-16 units: an emoji is never cut in half.
    expect(dynamicTextValue('😀'.repeat(12), 10)).toBe(`${'😀'.repeat(9)}…`);
  });
});
