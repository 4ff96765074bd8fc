// The content-driven FAQ (/faq): what to render from the default landing page's content,
// and the FAQPage structured data shared with the static FAQ (/resources/faq).
export const FAQ_NOT_FOUND = 'FAQ content not found. Please check back later or contact support.';

export interface FaqItem {
  question: string;
  answer: string;
}

export interface FaqView {
  headline: string;
  subheadline: string;
  items: FaqItem[];
}

interface MaybeFaqContent {
  faq?: Partial<FaqView> | null | undefined;
}

/** The FAQ to show, or null when the content has no FAQ items (the page then shows FAQ_NOT_FOUND). */
export function faqView(content: MaybeFaqContent | null | undefined): FaqView | null {
  const faq = content?.faq;
  const items = (faq?.items ?? []).filter(
    (item) => item.question.trim() !== '' && item.answer.trim() !== '',
  );
  if (!faq || items.length === 0) return null;
  return {
    headline: faq.headline?.trim() || 'Frequently Asked Questions',
    subheadline: faq.subheadline?.trim() ?? '',
    items,
  };
}

/** schema.org FAQPage for a list of questions. */
export function faqPageJsonLd(items: FaqItem[], url: string): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    url,
    mainEntity: items.map((item) => ({
      '@type': 'Question',
      name: item.question,
      acceptedAnswer: { '@type': 'Answer', text: item.answer },
    })),
  };
}
