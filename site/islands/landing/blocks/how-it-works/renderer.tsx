// The How It Works block (functions/shared/blocks.ts, `howItWorks`): the five role steps of
// docs/requirements.md §2 (steps.ts), which the block does not edit.
import type { BlockStyle } from '../../../../../functions/shared/blocks.ts';
import { Icon } from '../../icons.tsx';
import { SectionHeading } from '../../sections.tsx';
import { HOW_IT_WORKS_STEPS, type StepRole } from '../../steps.ts';
import type { Renderer } from '../render-context.ts';
import { sectionClass } from '../style.ts';
import { landingText } from '../../../../i18n/landing.ts';

const ROLE_BADGE: Record<StepRole, string> = {
  manufacturer: 'bg-blue-50 text-blue-800 ring-blue-200',
  supplier: 'bg-green-50 text-green-800 ring-green-200',
  platform: 'bg-purple-50 text-purple-800 ring-purple-200',
};

/**
 * The steps, with their words in the page's language (`locale`, default en-US): the heading,
 * the badges, and each step's title and description where site/i18n/landing.ts translates it.
 */
export function HowItWorks({
  style,
  locale,
}: { style?: BlockStyle | undefined; locale?: string | undefined } = {}) {
  const words = landingText(locale).howItWorks;
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
          headline={words.heading}
          subheadline={words.subheading}
        />
        <ol className="mt-12 grid gap-6 md:grid-cols-2 lg:grid-cols-5">
          {HOW_IT_WORKS_STEPS.map((step, index) => {
            const { title, description } = words.steps?.[step.id] ?? step;
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
                  <span className="text-sm font-semibold text-slate-500">
                    {words.step(index + 1)}
                  </span>
                </div>
                <span
                  className={`mt-4 inline-flex w-fit rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${ROLE_BADGE[step.role]}`}
                >
                  {words.roles[step.role]}
                </span>
                <h3 className="mt-3 text-lg font-semibold text-ink">{title}</h3>
                <p className="mt-2 flex-1 text-sm leading-6 text-slate-600">{description}</p>
                <a
                  href={step.learnMoreUrl}
                  className="mt-4 inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
                >
                  {words.learnMore}
                  <span className="sr-only">: {title}</span>
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

export const render: Renderer<'howItWorks'> = (block, { locale }) => (
  <HowItWorks style={block.style} locale={locale} />
);
