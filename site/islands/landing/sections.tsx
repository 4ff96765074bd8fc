// The sections of the dynamic landing page (docs/requirements.md §2), in their order. Pure markup,
// rendered to static HTML for the prebuilt pages: the buttons that open the contact dialog
// carry `data-contact` (the form type) and `data-track` (their conversion event), which
// landing-behavior.ts acts on. The optional click props serve the admin's live preview.
// Each section is also a block type (functions/shared/blocks.ts): a block's `style` swaps
// the section's background and spacing for the fixed ones of blocks/style.ts; without a
// style the section renders exactly as it always did.
import type { ReactNode } from 'react';
import type { LandingContent } from '../../../functions/shared/landing-content.ts';
import type { BlockStyle } from '../../../functions/shared/blocks.ts';
import { PADDING, sectionClass } from './blocks/style.ts';
import { Icon } from './icons.tsx';
import { HOW_IT_WORKS_STEPS, type StepRole } from './steps.ts';
import { SCREENSHOT, screenshotWebpSrcSet } from '../../lib/screenshots.ts';
import { MediaImage, type MediaMap } from './media-image.tsx';
import { dtr, withFallbacks } from './dynamic-text.tsx';

type Features = LandingContent['features'];

export const ROLE_BADGE: Record<StepRole, { label: string; className: string }> = {
  manufacturer: { label: 'Manufacturer', className: 'bg-blue-50 text-blue-800 ring-blue-200' },
  supplier: { label: 'Supplier', className: 'bg-green-50 text-green-800 ring-green-200' },
  platform: { label: 'Platform', className: 'bg-purple-50 text-purple-800 ring-purple-200' },
};

const TONE: Record<string, string> = {
  blue: 'bg-blue-50 text-blue-800 ring-blue-200',
  green: 'bg-green-50 text-green-800 ring-green-200',
  purple: 'bg-purple-50 text-purple-800 ring-purple-200',
  slate: 'bg-slate-100 text-slate-800 ring-slate-200',
};

const ICON_TONE: Record<string, string> = {
  blue: 'bg-blue-100 text-blue-800',
  green: 'bg-green-100 text-green-800',
  purple: 'bg-purple-100 text-purple-800',
  slate: 'bg-slate-100 text-slate-800',
};

const primaryButton =
  'inline-flex items-center justify-center gap-2 rounded-md bg-brand-700 px-5 py-3 font-semibold text-white shadow-sm hover:bg-brand-800';
const secondaryButton =
  'inline-flex items-center justify-center gap-2 rounded-md border border-slate-300 bg-white px-5 py-3 font-semibold text-ink hover:border-brand-600';

/** Half the width from lg up (two columns), the whole width below. */
const IMAGE_SIZES = '(min-width: 1024px) 50vw, 100vw';

export function Screenshot({
  src,
  alt,
  eager = false,
  media,
  fallbackAlt = alt,
}: {
  src: string;
  /** The alt text of an image outside the library. */
  alt: string;
  eager?: boolean;
  /** Library images known to the page; `src` found here renders responsively. */
  media?: MediaMap | undefined;
  /** A library image's alt text when its record has none (the item's title). */
  fallbackAlt?: string;
}) {
  const record = media?.[src];
  if (record) {
    return (
      <MediaImage
        media={record}
        fallbackAlt={fallbackAlt}
        sizes={IMAGE_SIZES}
        eager={eager}
        className="rounded-lg shadow-xl ring-1 ring-slate-900/10"
      />
    );
  }
  const img = (
    <img
      src={src}
      alt={alt}
      width={SCREENSHOT.width}
      height={SCREENSHOT.height}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      {...(eager ? { fetchPriority: 'high' as const } : {})}
      className="h-auto w-full rounded-lg bg-slate-100 shadow-xl ring-1 ring-slate-900/10"
    />
  );
  const webp = screenshotWebpSrcSet(src);
  if (!webp) return img;
  return (
    <picture>
      <source srcSet={webp} sizes={IMAGE_SIZES} type="image/webp" />
      {img}
    </picture>
  );
}

function SectionHeading({
  id,
  headline,
  highlight,
  subheadline,
}: {
  id: string;
  headline: string;
  highlight?: string;
  subheadline?: string;
}) {
  return (
    <div className="mx-auto max-w-3xl text-center">
      <h2 id={id} className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">
        {dtr(headline)} {highlight && <span className="text-brand-700">{dtr(highlight)}</span>}
      </h2>
      {subheadline && <p className="mt-4 text-lg leading-8 text-slate-600">{dtr(subheadline)}</p>}
    </div>
  );
}

export function LandingNav({
  brand,
  logo,
  onContact,
}: {
  brand: string;
  logo: ReactNode;
  onContact?: () => void;
}) {
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <nav
        aria-label="Main"
        className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-3 sm:flex-nowrap sm:px-6 lg:px-8"
      >
        <a href="#top" className="flex items-center gap-2 text-lg font-bold text-ink">
          {logo}
          <span>{dtr(brand)}</span>
        </a>
        {/* On phones the links take a second row, so Contact Us always stays in view. */}
        <ul className="order-last flex w-full items-center justify-center gap-2 text-sm font-medium text-slate-700 sm:order-none sm:ml-auto sm:w-auto sm:gap-4">
          <li>
            <a className="rounded px-2 py-2 hover:text-brand-700" href="#features">
              Platform
            </a>
          </li>
          <li>
            <a className="rounded px-2 py-2 hover:text-brand-700" href="/faq">
              FAQs
            </a>
          </li>
          <li>
            <a className="rounded px-2 py-2 hover:text-brand-700" href="#pricing">
              Pricing
            </a>
          </li>
        </ul>
        <button
          type="button"
          onClick={onContact}
          data-contact="general"
          data-track="nav_cta_click"
          className="shrink-0 rounded-md bg-brand-700 px-3 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-800 sm:px-4"
        >
          Contact Us
        </button>
      </nav>
    </header>
  );
}

export function Hero({
  hero,
  onPrimary,
  media,
}: {
  hero: LandingContent['hero'];
  onPrimary?: () => void;
  media?: MediaMap | undefined;
}) {
  return (
    <section
      id="top"
      aria-labelledby="hero-title"
      className="bg-gradient-to-b from-brand-50 to-white"
    >
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 py-16 sm:px-6 lg:grid-cols-2 lg:px-8 lg:py-24">
        <div>
          <h1
            id="hero-title"
            data-testid="hero-headline"
            className="text-4xl font-extrabold tracking-tight text-ink sm:text-5xl"
          >
            {dtr(hero.headline)} <span className="text-brand-700">{dtr(hero.highlight)}</span>
          </h1>
          <p className="mt-6 text-lg leading-8 text-slate-700">{dtr(hero.subheadline)}</p>
          <div className="mt-8 flex flex-wrap gap-4">
            {hero.primaryCTA && (
              <button
                type="button"
                onClick={onPrimary}
                data-contact="general"
                data-track="hero_primary_cta"
                className={primaryButton}
              >
                {dtr(hero.primaryCTA)}
              </button>
            )}
            {hero.secondaryCTA && (
              <a href="#how-it-works" className={secondaryButton}>
                {dtr(hero.secondaryCTA)}
              </a>
            )}
          </div>
          {hero.features.length > 0 && (
            <ul className="mt-8 grid gap-x-6 gap-y-2 text-sm font-medium text-slate-700 sm:grid-cols-2">
              {hero.features.map((feature) => (
                <li key={feature} className="flex items-center gap-2">
                  <Icon name="check" className="h-4 w-4 shrink-0 text-brand-700" />
                  {dtr(feature)}
                </li>
              ))}
            </ul>
          )}
        </div>
        {hero.heroImage && (
          <Screenshot
            src={hero.heroImage}
            alt="The PharmaBridge platform overview"
            fallbackAlt={withFallbacks(`${hero.headline} ${hero.highlight}`).trim()}
            media={media}
            eager
          />
        )}
      </div>
    </section>
  );
}

export function HowItWorks({ style }: { style?: BlockStyle | undefined } = {}) {
  return (
    <section
      id="how-it-works"
      aria-labelledby="how-it-works-title"
      data-reveal
      className={style ? sectionClass(style, '') : 'scroll-mt-28 sm:scroll-mt-20 py-20'}
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="how-it-works-title"
          headline="How It Works"
          subheadline="Five steps from a data contract to compliant, de-identified data, with each party doing only its part."
        />
        <ol className="mt-12 grid gap-6 md:grid-cols-2 lg:grid-cols-5">
          {HOW_IT_WORKS_STEPS.map((step, index) => {
            const badge = ROLE_BADGE[step.role];
            return (
              <li
                key={step.id}
                id={`step-${step.id}`}
                className="flex flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
              >
                <div className="flex items-center justify-between">
                  <span className="flex h-10 w-10 items-center justify-center rounded-lg bg-brand-50 text-brand-800">
                    <Icon name={step.icon} />
                  </span>
                  <span className="text-sm font-semibold text-slate-500">Step {index + 1}</span>
                </div>
                <span
                  className={`mt-4 inline-flex w-fit rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${badge.className}`}
                >
                  {badge.label}
                </span>
                <h3 className="mt-3 text-lg font-semibold text-ink">{step.title}</h3>
                <p className="mt-2 flex-1 text-sm leading-6 text-slate-600">{step.description}</p>
                <a
                  href={step.learnMoreUrl}
                  className="mt-4 inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
                >
                  Learn more<span className="sr-only">: {step.title}</span>
                  <Icon name="arrow" className="h-4 w-4" />
                </a>
              </li>
            );
          })}
        </ol>
      </div>
    </section>
  );
}

function FeatureShowcase({
  features,
  tone,
  media,
}: {
  features: Features;
  tone: 'white' | 'slate';
  media: MediaMap | undefined;
}) {
  const showcased = features.items.filter((item) => item.image);
  const cards = features.items.filter((item) => !item.image);
  return (
    <>
      <div className="mt-14 space-y-16">
        {showcased.map((item, index) => (
          <div key={item.title} className="grid items-center gap-10 lg:grid-cols-2">
            <div className={index % 2 ? 'lg:order-2' : ''}>
              <h3 className="text-2xl font-semibold text-ink">{dtr(item.title)}</h3>
              <p className="mt-4 text-base leading-7 text-slate-600">{dtr(item.description)}</p>
            </div>
            <Screenshot
              src={item.image!}
              alt={`Screenshot: ${withFallbacks(item.title)}`}
              fallbackAlt={withFallbacks(item.title)}
              media={media}
            />
          </div>
        ))}
      </div>
      {cards.length > 0 && (
        <ul className="mt-16 grid gap-6 md:grid-cols-3">
          {cards.map((item) => (
            <li
              key={item.title}
              className={`rounded-xl border border-slate-200 p-6 shadow-sm ${tone === 'white' ? 'bg-slate-50' : 'bg-white'}`}
            >
              <h3 className="text-lg font-semibold text-ink">{dtr(item.title)}</h3>
              <p className="mt-2 text-sm leading-6 text-slate-600">{dtr(item.description)}</p>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

export function FeaturesBlock({
  features,
  onAction,
  media,
  style,
}: {
  features: Features;
  onAction?: () => void;
  media?: MediaMap | undefined;
  style?: BlockStyle | undefined;
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
        <FeatureShowcase features={features} tone="white" media={media} />
        <div className="mt-12 text-center">
          <button type="button" onClick={onAction} data-contact="general" className={primaryButton}>
            See it in action
          </button>
        </div>
      </div>
    </section>
  );
}

export function SupplierFeaturesBlock({
  features,
  media,
  style,
}: {
  features: Features;
  media?: MediaMap | undefined;
  style?: BlockStyle | undefined;
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
        <FeatureShowcase features={features} tone="slate" media={media} />
        <div className="mt-12 text-center">
          <a href="/product/suppliers" className={secondaryButton}>
            View supplier portal
          </a>
        </div>
      </div>
    </section>
  );
}

export function Benefits({
  benefits,
  style,
}: {
  benefits: LandingContent['benefits'];
  style?: BlockStyle | undefined;
}) {
  const styleFor = (badge: string) => {
    const role = badge.trim().toLowerCase() as StepRole;
    const custom = benefits.role_styles?.[role];
    const tone =
      custom?.tone ??
      (role === 'manufacturer'
        ? 'blue'
        : role === 'supplier'
          ? 'green'
          : role === 'platform'
            ? 'purple'
            : 'slate');
    return { label: custom?.label ?? badge, tone };
  };
  return (
    <section
      id="benefits"
      aria-labelledby="benefits-title"
      data-reveal
      className={style ? sectionClass(style, '') : 'scroll-mt-28 sm:scroll-mt-20 py-20'}
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="benefits-title"
          headline={benefits.headline}
          subheadline={benefits.subheadline}
        />
        <ul className="mt-12 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {benefits.items.map((item) => {
            const style = styleFor(item.badge);
            return (
              <li
                key={item.title}
                className="flex flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
              >
                <div className="flex items-center justify-between gap-3">
                  <span
                    className={`flex h-10 w-10 items-center justify-center rounded-lg ${ICON_TONE[style.tone] ?? ICON_TONE['slate']}`}
                  >
                    <Icon name={item.icon} />
                  </span>
                  {item.badge && (
                    <span
                      className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${TONE[style.tone] ?? TONE['slate']}`}
                    >
                      {dtr(style.label)}
                    </span>
                  )}
                </div>
                <h3 className="mt-4 text-lg font-semibold text-ink">{dtr(item.title)}</h3>
                <p className="mt-2 flex-1 text-sm leading-6 text-slate-600">
                  {dtr(item.description)}
                </p>
                {benefits.card_signature && (
                  <p className="mt-4 border-t border-slate-100 pt-3 text-xs font-medium text-slate-600">
                    {dtr(benefits.card_signature)}
                  </p>
                )}
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}

export function PricingBlock({
  pricing,
  onContact,
  style,
}: {
  pricing: LandingContent['pricing'];
  onContact?: () => void;
  style?: BlockStyle | undefined;
}) {
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
            Reach Out for Pricing
          </button>
          {/* The plans and their prices are public: the page says so and links to them. */}
          <a href="/pricing" className={secondaryButton}>
            See All Plans
          </a>
        </div>
      </div>
    </section>
  );
}

export function FinalCta({
  cta,
  onPrimary,
  onSecondary,
  style,
}: {
  cta: LandingContent['finalCTA'];
  onPrimary?: () => void;
  onSecondary?: () => void;
  /** Its background is always dark (blocks.ts): a style sets only the spacing. */
  style?: BlockStyle | undefined;
}) {
  return (
    <section
      aria-labelledby="final-cta-title"
      data-reveal
      className={
        style
          ? `bg-ink ${PADDING[style.spacing ?? 'normal']} text-white`
          : 'bg-ink py-20 text-white'
      }
    >
      <div className="mx-auto max-w-3xl px-4 text-center sm:px-6 lg:px-8">
        <h2 id="final-cta-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
          {dtr(cta.headline)}
        </h2>
        <p className="mt-4 text-lg leading-8 text-slate-200">{dtr(cta.subheadline)}</p>
        <div className="mt-8 flex flex-wrap justify-center gap-4">
          {/* Like every Request Demo on the page, the primary button opens the dialog. */}
          {cta.primaryCTA && (
            <button
              type="button"
              onClick={onPrimary}
              data-contact="general"
              data-track="final_cta_primary"
              className="inline-flex items-center justify-center rounded-md bg-brand-400 px-5 py-3 font-semibold text-ink shadow-sm hover:bg-brand-100"
            >
              {dtr(cta.primaryCTA)}
            </button>
          )}
          <button
            type="button"
            onClick={onSecondary}
            data-contact="general"
            data-track="final_cta_secondary"
            className="inline-flex items-center justify-center rounded-md border border-white/60 px-5 py-3 font-semibold text-white hover:bg-white/10"
          >
            {dtr(cta.secondaryCTA)}
          </button>
        </div>
        {cta.features.length > 0 && (
          <ul className="mt-8 flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm text-slate-200">
            {cta.features.map((feature) => (
              <li key={feature} className="flex items-center gap-2">
                <Icon name="check" className="h-4 w-4 text-brand-400" />
                {dtr(feature)}
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
