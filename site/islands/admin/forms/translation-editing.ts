// The form editor's Translations section's pure rules (translations-section.tsx is its layout;
// issue 39, docs/decisions/0570-forms-per-locale.md): reading and writing one text of one
// locale in a definition's `translations` (functions/shared/forms/translations.ts), an empty
// text meaning "not translated" (visitors of that locale read the default one). Emptied parts
// are dropped, and a form without any translation has no `translations` at all, so its
// definition (and its review hash) is what it was before.
import type {
  FormTranslation,
  FormTranslations,
} from '../../../../functions/shared/forms/translations.ts';
import { DEFAULT_LOCALE } from '../../../../functions/shared/locales.ts';

/** Where a text sits in a locale's translation: `['fields', 'email', 'label']`, `['submitLabel']`. */
export type TranslationPath = readonly string[];

type Tree = Record<string, unknown>;

/** The translated text at `path` in `locale`, '' when there is none. */
export function translatedText(
  translations: FormTranslations | undefined,
  locale: string,
  path: TranslationPath,
): string {
  let node: unknown = translations?.[locale];
  for (const part of path) node = (node as Tree | undefined)?.[part];
  return typeof node === 'string' ? node : '';
}

/** A copy of `tree` without empty texts and the objects they leave empty. */
function pruned(tree: Tree): Tree | undefined {
  const entries = Object.entries(tree).flatMap(([key, value]): [string, unknown][] => {
    if (typeof value === 'string') return value === '' ? [] : [[key, value]];
    if (value && typeof value === 'object') {
      const inner = pruned(value as Tree);
      return inner ? [[key, inner]] : [];
    }
    return value === undefined ? [] : [[key, value]];
  });
  return entries.length ? Object.fromEntries(entries) : undefined;
}

/**
 * `translations` with the text at `path` of `locale` set to `text` (emptied: removed);
 * undefined when no translation is left.
 */
export function withTranslatedText(
  translations: FormTranslations | undefined,
  locale: string,
  path: TranslationPath,
  text: string,
): FormTranslations | undefined {
  const all: Tree = structuredClone(translations ?? {});
  let node = (all[locale] ??= {}) as Tree;
  path.slice(0, -1).forEach((part) => {
    node = (node[part] ??= {}) as Tree;
  });
  node[path.at(-1)!] = text;
  const next = pruned(all);
  if (!next) return undefined;
  // Each kept locale has its `fields` (the schema's default), so the editor's value and the
  // saved one compare equal.
  return Object.fromEntries(
    Object.entries(next).map(([code, translation]) => [
      code,
      { fields: {}, ...(translation as Partial<FormTranslation>) },
    ]),
  ) as FormTranslations;
}

/** The locales a form is translated into: the site's, but the default. */
export const translationLocales = (locales: readonly string[] | undefined): string[] =>
  (locales ?? []).filter((locale) => locale !== DEFAULT_LOCALE);

/** The error key of a text: `translations.de-DE.fields.email.label`. */
export const translationKey = (locale: string, path: TranslationPath): string =>
  ['translations', locale, ...path].join('.');
