// The pricing block (functions/shared/blocks.ts, `pricing`): headline, Reach Out for Pricing
// and See All Plans (docs/requirements.md §2).
import type { BlockStyle } from '../../../../../functions/shared/blocks.ts';
import type { LandingContent } from '../../../../../functions/shared/landing-content.ts';
import { primaryButton, SectionHeading, secondaryButton } from '../../sections.tsx';
import { fieldsOf, siteLinkOf, type Renderer, type SiteLink } from '../render-context.ts';
import { SiteAnchor } from '../site-link.tsx';
import { sectionClass } from '../style.ts';
import { landingText } from '../../../../i18n/landing.ts';

export function PricingBlock({
  pricing,
  onContact,
  style,
  locale,
  plans = { href: '/pricing', english: false },
}: {
  pricing: LandingContent['pricing'];
  onContact?: () => void;
  style?: BlockStyle | undefined;
  /** The page's locale: the buttons' words (default en-US). */
  locale?: string | undefined;
  /** Where "See All Plans" goes (render-context.ts siteLinkOf): /de/pricing on German pages. */
  plans?: SiteLink;
}) {
  const words = landingText(locale).pricing;
  return (
    <section
      id="pricing"
      aria-labelledby="pricing-title"
      data-reveal
      className={
        style
          ? sectionClass(style, 'bg-slate-50')
          : 'scroll-mt-28 sm:scroll-mt-20 bg-slate-50 py-20'
      }
    >
      <div className="mx-auto max-w-3xl px-4 text-center sm:px-6 lg:px-8">
        <SectionHeading
          id="pricing-title"
          headline={pricing.headline}
          subheadline={pricing.subheadline}
        />
        <div className="mt-8 flex flex-wrap justify-center gap-4">
          <button
            type="button"
            onClick={onContact}
            data-contact="pricing"
            data-track="pricing_contact"
            className={primaryButton}
          >
            {words.contact}
          </button>
          {/* The plans and their prices are public: the page says so and links to them. */}
          <SiteAnchor link={plans} locale={locale} className={secondaryButton}>
            {words.allPlans}
          </SiteAnchor>
        </div>
      </div>
    </section>
  );
}

export const render: Renderer<'pricing'> = (block, context) => (
  <PricingBlock
    pricing={fieldsOf(block)}
    style={block.style}
    locale={context.locale}
    plans={siteLinkOf(context, '/pricing')}
  />
);
