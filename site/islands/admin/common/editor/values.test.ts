import { describe, expect, it } from 'vitest';
import { faqItemSchema } from '../../../../../functions/shared/landing-content.ts';
import { schemaAt } from '../../../../../functions/shared/schema-fields.ts';
import { blankOf, moveItem, setAt } from './values.ts';

describe('setAt (structured editor to JSON)', () => {
  it('sets a nested value without touching the original', () => {
    const content = { hero: { headline: 'Old', features: ['a'] }, faq: { items: [] } };
    const next = setAt(content, ['hero', 'headline'], 'New') as typeof content;
    expect(next.hero.headline).toBe('New');
    expect(content.hero.headline).toBe('Old');
    expect(next.faq).toBe(content.faq);
  });

  it('sets inside arrays and creates what is missing', () => {
    const next = setAt(
      { faq: { items: [{ question: 'Q', answer: 'A' }] } },
      ['faq', 'items', 0, 'answer'],
      'B',
    );
    expect(next).toEqual({ faq: { items: [{ question: 'Q', answer: 'B' }] } });
    expect(setAt({}, ['pricing', 'plans', 0, 'name'], 'Starter')).toEqual({
      pricing: { plans: [{ name: 'Starter' }] },
    });
  });

  it('removes an emptied optional field instead of keeping undefined', () => {
    const next = setAt(
      { finalCTA: { primaryCTA: 'Go', secondaryCTA: 'Talk' } },
      ['finalCTA', 'primaryCTA'],
      undefined,
    );
    expect(next).toEqual({ finalCTA: { secondaryCTA: 'Talk' } });
    expect(Object.keys((next as { finalCTA: object }).finalCTA)).toEqual(['secondaryCTA']);
  });
});

describe('moveItem and blankOf (list editing)', () => {
  it('moves an item without touching the original list', () => {
    const items = ['a', 'b', 'c'];
    expect(moveItem(items, 2, 1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(items, 0, 1)).toEqual(['b', 'a', 'c']);
    expect(items).toEqual(['a', 'b', 'c']);
  });

  it('makes a new item with every required field and no optional one', () => {
    expect(blankOf(schemaAt(['features', 'items', 0])!)).toEqual({ title: '', description: '' });
    expect(blankOf(schemaAt(['pricing', 'plans', 0])!)).toEqual({
      name: '',
      price: '',
      period: '',
      description: '',
      features: [],
      cta: '',
      popular: false,
    });
    expect(blankOf(schemaAt(['howItWorks', 'steps', 0])!)).toMatchObject({ theme: 'manufacturer' });
    // A new supplier features section, as "Add the section" creates it.
    expect(blankOf(schemaAt(['supplierFeatures'])!)).toEqual({
      headline: '',
      highlight: '',
      subheadline: '',
      items: [],
    });
  });

  it('makes blank items that the schema accepts once their required texts are filled', () => {
    const item = blankOf(schemaAt(['faq', 'items', 0])!) as { question: string; answer: string };
    expect(faqItemSchema.safeParse(item).success).toBe(false);
    expect(faqItemSchema.safeParse({ ...item, question: 'Q?', answer: 'A.' }).success).toBe(true);
  });
});
