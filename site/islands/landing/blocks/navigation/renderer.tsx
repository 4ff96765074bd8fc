// The navigation block (functions/shared/blocks.ts, `navigation`): the bar at the top of
// docs/requirements.md §2, first in a layout and outside <main> (landing-page.tsx). Its Contact
// Us button carries `data-contact` and `data-track`, which landing-behavior.ts acts on. "Platform"
// and "Pricing" scroll to the features and pricing blocks (features/renderer.tsx draws
// id="features", pricing/renderer.tsx id="pricing"), so each is there only while the page shows
// that block: a Webinar, Gated asset or Event page has neither, and a link to nothing is a dead
// link (docs/decisions/0565-event-venue-and-navigation.md).
import type { ReactNode } from 'react';
import type { BlockType } from '../../../../../functions/shared/blocks.ts';
import { dtr } from '../../dynamic-text.tsx';
import { siteLinkOf, type Renderer, type SiteLink } from '../render-context.ts';
import { SiteAnchor } from '../site-link.tsx';
import { landingText } from '../../../../i18n/landing.ts';

const linkClass = 'rounded px-2 py-2 hover:text-brand-700';

export function LandingNav({
  brand,
  logo,
  shown,
  onContact,
  locale,
  faq = { href: '/faq', english: false },
}: {
  brand: string;
  logo: ReactNode;
  /** The block types the page shows (render-context.ts): which sections there are to link to. */
  shown: ReadonlySet<BlockType>;
  onContact?: () => void;
  /** The page's locale: the bar's own words (default en-US). */
  locale?: string | undefined;
  /** Where the FAQ link goes (render-context.ts siteLinkOf). */
  faq?: SiteLink;
}) {
  const words = landingText(locale).nav;
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <nav
        aria-label={words.label}
        className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-3 sm:flex-nowrap sm:px-6 lg:px-8"
      >
        <a href="#top" className="flex items-center gap-2 text-lg font-bold text-ink">
          {logo}
          <span>{dtr(brand)}</span>
        </a>
        {/* On phones the links take a second row, so Contact Us always stays in view. */}
        <ul className="order-last flex w-full items-center justify-center gap-2 text-sm font-medium text-slate-700 sm:order-none sm:ml-auto sm:w-auto sm:gap-4">
          {shown.has('features') && (
            <li>
              <a className={linkClass} href="#features">
                {words.platform}
              </a>
            </li>
          )}
          <li>
            <SiteAnchor className={linkClass} link={faq} locale={locale}>
              {words.faqs}
            </SiteAnchor>
          </li>
          {shown.has('pricing') && (
            <li>
              <a className={linkClass} href="#pricing">
                {words.pricing}
              </a>
            </li>
          )}
        </ul>
        <button
          type="button"
          onClick={onContact}
          data-contact="general"
          data-track="nav_cta_click"
          className="shrink-0 rounded-md bg-brand-700 px-3 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-800 sm:px-4"
        >
          {words.contact}
        </button>
      </nav>
    </header>
  );
}

export const render: Renderer<'navigation'> = (block, context) => (
  <LandingNav
    brand={block.name}
    logo={context.logo}
    shown={context.shown}
    locale={context.locale}
    faq={siteLinkOf(context, '/faq')}
  />
);
