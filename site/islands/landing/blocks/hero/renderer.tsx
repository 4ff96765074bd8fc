// The hero block (functions/shared/blocks.ts, `hero`): the first screen of docs/requirements.md
// §2, holding the page's one h1. Takes no style. Its primary button opens the dialog with the
// block's `formId` when it names one (docs/decisions/0401-buttons-open-a-chosen-form.md), else
// the page's contact form.
import type { LandingContent } from '../../../../../functions/shared/landing-content.ts';
import { dtr, withFallbacks } from '../../dynamic-text.tsx';
import { Icon } from '../../icons.tsx';
import type { MediaMap } from '../../media-image.tsx';
import { primaryButton, Screenshot, secondaryButton } from '../../sections.tsx';
import { fieldsOf, type Renderer } from '../render-context.ts';
import { landingText } from '../../../../i18n/landing.ts';

export function Hero({
  hero,
  onPrimary,
  media,
  locale,
}: {
  hero: LandingContent['hero'];
  onPrimary?: () => void;
  media?: MediaMap | undefined;
  /** The page's locale: the screenshot's fixed alt text (default en-US). */
  locale?: string | undefined;
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
                data-form-id={hero.formId}
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
            alt={landingText(locale).hero.imageAlt}
            fallbackAlt={withFallbacks(`${hero.headline} ${hero.highlight}`).trim()}
            media={media}
            eager
          />
        )}
      </div>
    </section>
  );
}

export const render: Renderer<'hero'> = (block, { media, locale }) => (
  <Hero hero={fieldsOf(block)} media={media} locale={locale} />
);
