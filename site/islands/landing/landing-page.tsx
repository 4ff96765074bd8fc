// The dynamic landing page (docs/requirements.md §2): one React tree, prerendered with its content
// by Astro and hydrated as one island, or rendered at run time by legacy-landing.tsx.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { LandingContent } from '../../../functions/shared/landing-content.ts';
import type { EventType } from '../../../functions/shared/events.ts';
import { ContactDialog, type DialogFormType } from './contact-dialog.tsx';
import type { MediaMap } from './media-image.tsx';
import { useReveal } from './reveal.ts';
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
import { pageIdFromPath, track, visitAttribution } from './tracking.ts';
import { usePathname } from './use-pathname.ts';

export interface LandingViewProps {
  content: LandingContent;
  /** The default page's id: the landingPageId of the pricing submission (docs/requirements.md §7). */
  defaultPageId?: string | undefined;
  /** docs/requirements.md §7's flag gating the final-CTA events, read as "tracking is on" (docs/requirements.md §10). */
  trackConversions?: boolean;
  /** The Logo.astro mark, passed in as a static slot. */
  logo?: ReactNode;
  /** The library images the content uses, by object path (srcset, size, alt text). */
  media?: MediaMap | undefined;
}

async function resolveDefaultPageId(known: string | undefined): Promise<string | undefined> {
  if (known) return known;
  try {
    const response = await fetch('/api/landing-pages/default', { credentials: 'include' });
    if (!response.ok) throw new Error(`${response.status}: ${await response.text()}`);
    return ((await response.json()) as { id: string }).id;
  } catch (error) {
    // docs/requirements.md §8: a failed page fetch inside the dialog is only logged.
    console.error('Failed to load the default landing page', error);
    return undefined;
  }
}

export function LandingView({
  content,
  defaultPageId,
  trackConversions = true,
  logo,
  media,
}: LandingViewProps) {
  const [dialog, setDialog] = useState<{ open: boolean; formType: DialogFormType }>({
    open: false,
    formType: 'general',
  });
  const pageId = pageIdFromPath(usePathname() ?? '/');
  const root = useRef<HTMLDivElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  useReveal(root);

  useEffect(() => {
    // The visit's source goes with its page view only (docs/decisions.md, Analytics).
    track(pageIdFromPath(window.location.pathname), 'page_view', undefined, visitAttribution());
  }, []);

  const send = (eventType: EventType) => {
    if (trackConversions) track(pageIdFromPath(window.location.pathname), eventType);
  };
  const open = (formType: DialogFormType, eventType?: EventType) => {
    if (eventType) send(eventType);
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setDialog({ open: true, formType });
  };

  const submitted = (formType: DialogFormType) => {
    if (!trackConversions) return;
    if (formType === 'pricing') {
      void resolveDefaultPageId(defaultPageId).then((id) => {
        if (id) track(id, 'contact_form_submit', { source: 'pricing_section' });
      });
    } else {
      track(pageIdFromPath(window.location.pathname), 'contact_form_submit', {
        source: 'contact_dialog',
      });
    }
  };

  return (
    <div ref={root} className="landing">
      <LandingNav
        brand={content.brand.name}
        logo={logo}
        onContact={() => open('general', 'nav_cta_click')}
      />
      <main id="main">
        <Hero
          hero={content.hero}
          media={media}
          onPrimary={() => open('general', 'hero_primary_cta')}
        />
        <HowItWorks />
        <FeaturesBlock features={content.features} media={media} onAction={() => open('general')} />
        {content.supplierFeatures && (
          <SupplierFeaturesBlock features={content.supplierFeatures} media={media} />
        )}
        <Benefits benefits={content.benefits} />
        <PricingBlock
          pricing={content.pricing}
          onContact={() => open('pricing', 'pricing_contact')}
        />
        <FinalCta
          cta={content.finalCTA}
          onPrimary={() => open('general', 'final_cta_primary')}
          onSecondary={() => open('general', 'final_cta_secondary')}
        />
      </main>
      <ContactDialog
        open={dialog.open}
        formType={dialog.formType}
        landingPageId={pageId}
        onOpenChange={(next) => setDialog((current) => ({ ...current, open: next }))}
        returnFocusTo={opener}
        onSubmitted={submitted}
      />
    </div>
  );
}

/** The prerendered island: content comes from the build. */
export function LandingIsland(props: LandingViewProps) {
  return <LandingView {...props} />;
}
