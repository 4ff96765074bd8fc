import { describe, expect, it } from 'vitest';
import { FAQ_NOT_FOUND, faqPageJsonLd, faqView } from './faq-content.ts';

const item = { question: 'How long does implementation take?', answer: '2-4 weeks.' };

describe('faqView', () => {
  it('returns the headline, subheadline and items of the content', () => {
    expect(
      faqView({ faq: { headline: 'Questions', subheadline: 'Answers.', items: [item] } }),
    ).toEqual({ headline: 'Questions', subheadline: 'Answers.', items: [item] });
  });

  it.each([
    ['no content', undefined],
    ['null content', null],
    ['content without a faq section', {}],
    ['a faq section without items', { faq: { headline: 'FAQ', subheadline: '', items: [] } }],
    ['only blank items', { faq: { headline: 'FAQ', items: [{ question: ' ', answer: '' }] } }],
  ])('is null (the not-found message is shown) for %s', (_case, content) => {
    expect(faqView(content)).toBeNull();
  });

  it('drops blank items and defaults a missing headline', () => {
    const view = faqView({ faq: { items: [item, { question: '', answer: 'x' }] } });
    expect(view).toEqual({
      headline: 'Frequently Asked Questions',
      subheadline: '',
      items: [item],
    });
  });

  it('has the message of docs/requirements.md §8', () => {
    expect(FAQ_NOT_FOUND).toBe(
      'FAQ content not found. Please check back later or contact support.',
    );
  });
});

describe('faqPageJsonLd', () => {
  it('maps each item to a Question with an accepted Answer', () => {
    expect(faqPageJsonLd([item], 'https://example.test/faq')).toEqual({
      '@context': 'https://schema.org',
      '@type': 'FAQPage',
      url: 'https://example.test/faq',
      mainEntity: [
        {
          '@type': 'Question',
          name: item.question,
          acceptedAnswer: { '@type': 'Answer', text: item.answer },
        },
      ],
    });
  });
});
