// The benefits block (functions/shared/blocks.ts, `benefits`): the benefits grid with audience
// badges and icons (docs/requirements.md §2).
import type { BlockStyle } from '../../../../../functions/shared/blocks.ts';
import type { LandingContent } from '../../../../../functions/shared/landing-content.ts';
import { dtr } from '../../dynamic-text.tsx';
import { Icon } from '../../icons.tsx';
import { SectionHeading } from '../../sections.tsx';
import type { StepRole } from '../../steps.ts';
import { fieldsOf, type Renderer } from '../render-context.ts';
import { sectionClass } from '../style.ts';

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

export const render: Renderer<'benefits'> = (block) => (
  <Benefits benefits={fieldsOf(block)} style={block.style} />
);
