// The dynamic landing page (docs/requirements.md §2) as markup: the navigation and the sections
// in their order. LandingPage.astro renders it to static HTML at build time (no hydration:
// its script, landing-behavior.ts, adds the page view, the reveal and the dialog openers);
// legacy-landing.tsx renders it at run time and starts the same behavior after its render.
import type { Ref, ReactNode } from 'react';
import type { LandingContent } from '../../../functions/shared/landing-content.ts';
import type { MediaMap } from './media-image.tsx';
import {
  Benefits,
  FeaturesBlock,
  FinalCta,
  Hero,
  HowItWorks,
  LandingNav,
  PricingBlock,
  SupplierFeaturesBlock,
} from './sections.tsx';

export interface LandingMarkupProps {
  content: LandingContent;
  /** The default page's id, for the pricing submission's event (docs/requirements.md §7). */
  defaultPageId?: string | undefined;
  /** The Logo.astro mark, passed in as a static slot. */
  logo?: ReactNode;
  /** The library images the content uses, by object path (srcset, size, alt text). */
  media?: MediaMap | undefined;
  /** The page's root element, where landing-behavior.ts listens. */
  rootRef?: Ref<HTMLDivElement>;
}

export function LandingMarkup({
  content,
  defaultPageId,
  logo,
  media,
  rootRef,
}: LandingMarkupProps) {
  return (
    <div ref={rootRef} className="landing" data-landing="" data-default-page-id={defaultPageId}>
      <LandingNav brand={content.brand.name} logo={logo} />
      <main id="main">
        <Hero hero={content.hero} media={media} />
        <HowItWorks />
        <FeaturesBlock features={content.features} media={media} />
        {content.supplierFeatures && (
          <SupplierFeaturesBlock features={content.supplierFeatures} media={media} />
        )}
        <Benefits benefits={content.benefits} />
        <PricingBlock pricing={content.pricing} />
        <FinalCta cta={content.finalCTA} />
      </main>
    </div>
  );
}
