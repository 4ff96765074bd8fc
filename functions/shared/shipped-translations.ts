// The translations PharmaBridge ships (issue 39, docs/localization.md "The German template
// copy"): content/translations/landing-template.de.json holds the German copy of the landing
// template (content/landing-template.json), unit by unit, the English source beside it. The
// admin's translator view (site/islands/admin/pages/locales/translator-view.tsx) fills it in
// as suggestions where a page's English text is the template's, word for word: the default
// page, and every page started from the "Product pitch" template. Suggestions are only a
// draft's text: saved by the translator, then reviewed and signed like any translation.
import germanTemplate from '../../content/translations/landing-template.de.json' with { type: 'json' };
import { siteLanguageOf } from './locales.ts';

export interface ShippedUnit {
  /** The template's unit id (`hero.headline`), as the XLIFF export names it. */
  id: string;
  /** The English text of content/landing-template.json. */
  source: string;
  target: string;
}

/** The shipped copies by language (the locale's language subtag). */
export const SHIPPED_TRANSLATIONS: Readonly<Record<string, readonly ShippedUnit[]>> = {
  [germanTemplate.language]: germanTemplate.units,
};

const memories = new Map<string, Map<string, string>>();

/** The shipped translation of an English text into a locale's language, if there is one. */
export function shippedTranslation(locale: string, source: string): string | undefined {
  const language = siteLanguageOf(locale);
  if (!language) return undefined;
  let memory = memories.get(language);
  if (!memory) {
    memory = new Map(
      (SHIPPED_TRANSLATIONS[language] ?? []).map((unit) => [unit.source, unit.target]),
    );
    memories.set(language, memory);
  }
  return memory.get(source);
}
