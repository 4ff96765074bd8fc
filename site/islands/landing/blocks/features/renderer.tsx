// The features block (functions/shared/blocks.ts, `features`): features with screenshots, then
// cards, and See it in action (docs/requirements.md §2).
import type { BlockStyle } from '../../../../../functions/shared/blocks.ts';
import type { LandingContent } from '../../../../../functions/shared/landing-content.ts';
import type { MediaMap } from '../../media-image.tsx';
import { FeatureShowcase, primaryButton, SectionHeading } from '../../sections.tsx';
import { fieldsOf, type Renderer } from '../render-context.ts';
import { sectionClass } from '../style.ts';
import { landingText } from '../../../../i18n/landing.ts';

export function FeaturesBlock({
  features,
  onAction,
  media,
  style,
  locale,
}: {
  features: LandingContent['features'];
  onAction?: () => void;
  media?: MediaMap | undefined;
  style?: BlockStyle | undefined;
  /** The page's locale: the button's and the screenshots' words (default en-US). */
  locale?: string | undefined;
}) {
  return (
    <section
      id="features"
      aria-labelledby="features-title"
      data-reveal
      className={
        style ? sectionClass(style, 'bg-white') : 'scroll-mt-28 sm:scroll-mt-20 bg-white py-20'
      }
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="features-title"
          headline={features.headline}
          highlight={features.highlight}
          subheadline={features.subheadline}
        />
        <FeatureShowcase features={features} tone="white" media={media} locale={locale} />
        <div className="mt-12 text-center">
          <button type="button" onClick={onAction} data-contact="general" className={primaryButton}>
            {landingText(locale).features.action}
          </button>
        </div>
      </div>
    </section>
  );
}

export const render: Renderer<'features'> = (block, { media, locale }) => (
  <FeaturesBlock features={fieldsOf(block)} media={media} style={block.style} locale={locale} />
);
