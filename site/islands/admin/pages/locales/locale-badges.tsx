// A page card's languages (issue 39, docs/decisions/0572-admin-localization.md): a small badge
// per configured locale the page has a version in ("DE live", "DE draft", "DE in review") and
// a "source changed" flag when the English page changed after that translation was approved
// (GET /api/admin/workflow's `locales`). A badge opens the editor's Languages tab on that locale.
import { DEFAULT_LOCALE, localePrefixes } from '../../../../../functions/shared/locales.ts';
import { setEditorParams, TAB_PARAM } from '../../common/editor/blocks/editor-url.ts';
import { Tooltip } from '../../ui.tsx';
import { localeLabel } from './locale-label.ts';
import { LOCALE_PARAM } from './locale-url.ts';
import type { LocaleSummary } from '../../../../../functions/shared/workflow.ts';

/** The badge's words: "live", "live, draft", "in review"; undefined with no version. */
export function localeBadgeText(summary: LocaleSummary): string | undefined {
  const parts = [
    ...(summary.live ? ['live'] : []),
    ...(summary.state === 'in_review' ? ['in review'] : summary.state === 'draft' ? ['draft'] : []),
  ];
  return parts.length ? parts.join(', ') : undefined;
}

export function LocaleBadges({
  locales,
  title,
  onOpen,
}: {
  /** The page's summary's `locales` (GET /api/admin/workflow), once read. */
  locales: Record<string, LocaleSummary> | undefined;
  title: string;
  /** Opens the page's editor (its Languages tab is set in the URL first). */
  onOpen: () => void;
}) {
  if (!locales) return null;
  const codes = Object.keys(locales).filter((locale) => locale !== DEFAULT_LOCALE);
  const prefixes = localePrefixes([DEFAULT_LOCALE, ...codes]);
  const shown = codes.flatMap((locale) => {
    const summary = locales[locale]!;
    const text = localeBadgeText(summary);
    return text || summary.sourceChanged ? [{ locale, summary, text }] : [];
  });
  if (shown.length === 0) return null;
  return (
    <ul className="mt-1 flex flex-wrap gap-1" aria-label={`Languages of ${title}`}>
      {shown.map(({ locale, summary, text }) => {
        const short = prefixes[locale]!.toUpperCase();
        const words = [text, summary.sourceChanged ? 'source changed' : undefined]
          .filter(Boolean)
          .join(', ');
        return (
          <li key={locale}>
            <Tooltip
              content={`${localeLabel(locale)}: ${words}${summary.sourceChanged ? ': the English page changed after this translation was approved' : ''}. Opens its Languages tab.`}
            >
              <button
                type="button"
                data-locale-badge={locale}
                aria-label={`${localeLabel(locale)}: ${words}. Open its translation`}
                onClick={() => {
                  setEditorParams({ [TAB_PARAM]: 'languages', [LOCALE_PARAM]: locale });
                  onOpen();
                }}
                className={`rounded-full px-2 py-0.5 text-xs font-medium ${
                  summary.sourceChanged
                    ? 'bg-amber-100 text-amber-900'
                    : summary.live
                      ? 'bg-brand-100 text-brand-900'
                      : 'bg-slate-200 text-slate-800'
                }`}
              >
                {short} {text ?? ''}
                {summary.sourceChanged && (
                  <span className="ml-1 font-semibold">· source changed</span>
                )}
              </button>
            </Tooltip>
          </li>
        );
      })}
    </ul>
  );
}
