// The supplier features block (functions/shared/blocks.ts, `supplierFeatures`): the supplier
// features and View supplier portal (docs/requirements.md §2).
import type { BlockStyle } from '../../../../../functions/shared/blocks.ts';
import type { LandingContent } from '../../../../../functions/shared/landing-content.ts';
import type { MediaMap } from '../../media-image.tsx';
import { FeatureShowcase, SectionHeading, secondaryButton } from '../../sections.tsx';
import { fieldsOf, siteLinkOf, type Renderer, type SiteLink } from '../render-context.ts';
import { SiteAnchor } from '../site-link.tsx';
import { sectionClass } from '../style.ts';
import { landingText } from '../../../../i18n/landing.ts';

export function SupplierFeaturesBlock({
  features,
  media,
  style,
  locale,
  portal = { href: '/product/suppliers', english: false },
}: {
  features: LandingContent['features'];
  media?: MediaMap | undefined;
  style?: BlockStyle | undefined;
  /** The page's locale: the link's and the screenshots' words (default en-US). */
  locale?: string | undefined;
  /** Where the supplier portal link goes (render-context.ts siteLinkOf). */
  portal?: SiteLink;
}) {
  return (
    <section
      id="supplier-features"
      aria-labelledby="supplier-features-title"
      data-reveal
      className={
        style
          ? sectionClass(style, 'bg-slate-50')
          : 'scroll-mt-28 sm:scroll-mt-20 bg-slate-50 py-20'
      }
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="supplier-features-title"
          headline={features.headline}
          highlight={features.highlight}
          subheadline={features.subheadline}
        />
        <FeatureShowcase features={features} tone="slate" media={media} locale={locale} />
        <div className="mt-12 text-center">
          <SiteAnchor link={portal} locale={locale} className={secondaryButton}>
            {landingText(locale).supplierFeatures.portal}
          </SiteAnchor>
        </div>
      </div>
    </section>
  );
}

export const render: Renderer<'supplierFeatures'> = (block, context) => (
  <SupplierFeaturesBlock
    features={fieldsOf(block)}
    media={context.media}
    style={block.style}
    locale={context.locale}
    portal={siteLinkOf(context, '/product/suppliers')}
  />
);
