// The language suggestion (issue 39): when the visitor's browser prefers a language this page
// also exists in over the page's own, show the prerendered notice in that language with a
// link to that version. Never a redirect (links and search engines stay stable) and no cookie:
// a dismissal lasts the browser session (sessionStorage).

const DISMISSED_KEY = 'pb-locale-suggestion-dismissed';

const lower = (value: string) => value.toLowerCase();
const languageOf = (locale: string) => lower(locale).split('-')[0]!;

/**
 * The alternate to suggest for a browser's preferred languages (navigator.languages, most
 * preferred first): the first preference that one of `available` matches (the exact code
 * first, then the language), unless the page's own locale matches it or an earlier one.
 */
export function suggestedLocale(
  preferred: readonly string[],
  pageLocale: string,
  available: readonly string[],
): string | undefined {
  for (const wanted of preferred.map(lower)) {
    if (lower(pageLocale) === wanted) return undefined;
    const exact = available.find((locale) => lower(locale) === wanted);
    if (exact) return exact;
    if (languageOf(pageLocale) === languageOf(wanted)) return undefined;
    const sameLanguage = available.find((locale) => languageOf(locale) === languageOf(wanted));
    if (sameLanguage) return sameLanguage;
  }
  return undefined;
}

function dismissed(storage: Storage | undefined): boolean {
  try {
    return storage?.getItem(DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

/** Shows the suggestion of `root` (the prerendered [data-locale-suggestion]) when it applies. */
export function startLocaleSuggestion(
  root: HTMLElement,
  languages: readonly string[],
  storage: Storage | undefined,
): void {
  if (dismissed(storage)) return;
  const notices = [...root.querySelectorAll<HTMLElement>('[data-suggest]')];
  const pageLocale = root.dataset['pageLocale'] ?? document.documentElement.lang;
  const locale = suggestedLocale(
    languages,
    pageLocale,
    notices.map((notice) => notice.dataset['suggest']!),
  );
  const notice = notices.find((candidate) => candidate.dataset['suggest'] === locale);
  if (!notice) return;
  notice.hidden = false;
  root.hidden = false;
  notice.querySelector('[data-dismiss]')?.addEventListener('click', () => {
    root.hidden = true;
    try {
      storage?.setItem(DISMISSED_KEY, '1');
    } catch {
      // Storage refused (private mode): the notice stays closed for this page view.
    }
  });
}
