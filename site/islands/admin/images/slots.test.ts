import { describe, expect, it } from 'vitest';
import { landingTemplate } from '../../../../functions/shared/template.ts';
import { imageSlots, truncateLabel, withImage } from './slots.ts';

const PATH = '/objects/uploads/0b7e9b4c-3c1e-4a8e-9f3a-5d2f1c0e7a11';

describe('image slots of a landing page', () => {
  it('lists the hero image, then every Features and Supplier Features item in order', () => {
    const content = landingTemplate();
    const slots = imageSlots(content);
    expect(slots[0]).toMatchObject({ section: 'hero', field: 'hero.heroImage' });
    expect(slots.filter((slot) => slot.section === 'features').map((slot) => slot.title)).toEqual(
      content.features.items.map((item) => item.title),
    );
    expect(
      slots.filter((slot) => slot.section === 'supplierFeatures').map((slot) => slot.field),
    ).toEqual(
      content.supplierFeatures!.items.map((_, index) => `supplierFeatures.items.${index}.image`),
    );
  });

  it('cuts labels longer than 40 characters to 40 plus an ellipsis (docs/requirements.md §9)', () => {
    expect(truncateLabel('A purpose-built portal your suppliers will enjoy using')).toBe(
      'A purpose-built portal your suppliers wi...',
    );
    expect(truncateLabel('x'.repeat(40))).toBe('x'.repeat(40));
    expect(truncateLabel('x'.repeat(41))).toBe(`${'x'.repeat(40)}...`);
  });

  it('assigns to exactly one item and leaves the rest of the content as it was', () => {
    const content = landingTemplate();
    const target = imageSlots(content).find((slot) => slot.field === 'features.items.2.image')!;
    const next = withImage(content, target, PATH) as typeof content;
    expect(next.features.items[2]!.image).toBe(PATH);
    expect(content.features.items[2]!.image).toBeUndefined();
    expect({ ...next, features: content.features }).toEqual(content);
    expect(next.features.items.filter((item) => item.image === PATH)).toHaveLength(1);
  });

  it('refuses a slot whose item changed since the buttons were drawn', () => {
    const content = landingTemplate();
    const target = imageSlots(content).find((slot) => slot.field === 'features.items.2.image')!;
    const reordered = {
      ...content,
      features: { ...content.features, items: [...content.features.items].reverse() },
    };
    expect(withImage(reordered, target, PATH)).toBeUndefined();
    expect(withImage({ brand: { name: 'x' } }, target, PATH)).toBeUndefined();
  });
});
