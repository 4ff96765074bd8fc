// The final call to action block (functions/shared/blocks.ts, `finalCTA`): the closing call to
// action on a dark band (docs/requirements.md §2); its background stays dark. Its buttons open the
// dialog with the block's `formId` when it names one
// (docs/decisions/0401-buttons-open-a-chosen-form.md), else the page's contact form.
import type { BlockStyle } from '../../../../../functions/shared/blocks.ts';
import type { LandingContent } from '../../../../../functions/shared/landing-content.ts';
import { dtr } from '../../dynamic-text.tsx';
import { Icon } from '../../icons.tsx';
import { fieldsOf, type Renderer } from '../render-context.ts';
import { PADDING } from '../style.ts';

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
              data-form-id={cta.formId}
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
            data-form-id={cta.formId}
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

export const render: Renderer<'finalCTA'> = (block) => (
  <FinalCta cta={fieldsOf(block)} style={block.style} />
);
