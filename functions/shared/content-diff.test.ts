import { describe, expect, it } from 'vitest';
import { landingTemplate } from './template.ts';
import { diffContent, jsonPath, shortValue } from './content-diff.ts';

const lines = (before: unknown, after: unknown) =>
  diffContent(before, after).map((change) =>
    change.kind === 'changed'
      ? `${jsonPath(change.path)}: ${shortValue(change.before, change.path)} → ${shortValue(change.after, change.path)}`
      : `${jsonPath(change.path)} ${change.kind}: ${shortValue(change.kind === 'added' ? change.after : change.before, change.path)}`,
  );

describe('diffContent', () => {
  it('names each changed field with its old and new value', () => {
    const before = landingTemplate();
    const after = structuredClone(before);
    after.hero.headline = 'New headline';
    after.pricing.plans[1]!.popular = false;
    expect(lines(before, after)).toEqual([
      `hero.headline: “${before.hero.headline}” → “New headline”`,
      'pricing.plans[1].popular: true → false',
    ]);
  });

  it('shows a removed list item as one removal, not a shift of every later item', () => {
    const before = landingTemplate();
    const after = structuredClone(before);
    const [first] = after.features.items.splice(0, 1);
    after.features.items.push({ title: 'Audit trail', description: 'Every change, logged.' });
    expect(lines(before, after)).toEqual([
      `features.items[0] removed: “${first!.title}”`,
      'features.items[5] added: “Audit trail”',
    ]);
  });

  it('reports a section added or removed whole, and keys in a stable order', () => {
    const before = landingTemplate();
    const after: Record<string, unknown> = { ...before, seo: { noindex: true } };
    delete after['supplierFeatures'];
    // Key order in the objects does not matter; the schema's order does.
    const reordered = Object.fromEntries(Object.entries(after).reverse());
    expect(lines(before, reordered)).toEqual([
      `supplierFeatures.headline removed: “${before.supplierFeatures!.headline}”`,
      `supplierFeatures.highlight removed: “${before.supplierFeatures!.highlight}”`,
      `supplierFeatures.subheadline removed: “${before.supplierFeatures!.subheadline}”`,
      'supplierFeatures.items removed: 4 items',
      'seo.noindex added: true',
    ]);
    expect(lines(before, reordered)).toEqual(lines(before, after));
  });

  it('finds nothing between equal content whatever its key order', () => {
    const template = landingTemplate();
    expect(diffContent(template, JSON.parse(JSON.stringify(template)))).toEqual([]);
    expect(diffContent({ a: 1, b: 2 }, { b: 2, a: 1 })).toEqual([]);
  });
});
