import { describe, expect, it } from 'vitest';
import { setAt } from './structured-editor.tsx';

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
