// The site's languages (issue 39, docs/localization.md "The admin",
// docs/decisions/0572-admin-localization.md): the `locales` setting of the publishing settings
// (admins). en-US first, fixed, the default with today's URLs; add a locale from the few the
// site speaks (functions/shared/locales.ts SITE_LANGUAGES) or any BCP 47 code, remove one; each
// row shows its URL prefix as it would be with the list as edited (localePrefixes: two locales
// of one language take the whole code). Saved on its own with PUT /api/admin/settings
// {locales}; the API's refusals (400, 409) are shown as its sentences.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type SyntheticEvent } from 'react';
import {
  DEFAULT_LOCALE,
  localePrefixes,
  localeSchema,
  MAX_LOCALES,
  SITE_LANGUAGES,
  siteLanguageOf,
} from '../../../../functions/shared/locales.ts';
import { describeError, HttpError } from '../api.ts';
import { useToast } from '../toast.tsx';
import { Button, FieldError, FormAlert, InfoTip, inputClass } from '../ui.tsx';
import { saveSettings, SETTINGS_KEY, settingsQuery } from './account-api.ts';

/** A locale's name in English, standard form ("German (Austria)"; not "Austrian German"). */
export function localeLabel(locale: string): string {
  try {
    return (
      new Intl.DisplayNames(['en'], { type: 'language', languageDisplay: 'standard' }).of(locale) ??
      locale
    );
  } catch {
    return locale;
  }
}

/** The locales offered in the select (those the site speaks); any other is typed. */
export const SUGGESTED_LOCALES = ['de-DE', 'de-AT', 'de-CH', 'en-GB'].filter((locale) =>
  siteLanguageOf(locale),
);

/** A locale's URL prefix as a path ("/de/"; the default's is "/"). */
export const prefixPath = (prefix: string) => (prefix ? `/${prefix}/` : '/');

/** Why `code` cannot be added to `locales`, as a sentence; undefined when it can. */
export function localeProblem(code: string, locales: readonly string[]): string | undefined {
  const trimmed = code.trim();
  if (!trimmed) return 'Choose a language or type a code such as de-DE.';
  const parsed = localeSchema.safeParse(trimmed);
  if (!parsed.success) return `${parsed.error.issues[0]?.message ?? 'Not a locale'}.`;
  if (locales.includes(trimmed)) return `${trimmed} is already in the list.`;
  if (!siteLanguageOf(trimmed)) {
    return `The site has no text in ${localeLabel(trimmed.split('-')[0]!)} for its header, footer and forms: it speaks ${Object.values(SITE_LANGUAGES).join(' and ')}.`;
  }
  if (locales.length >= MAX_LOCALES) return `A site has ${MAX_LOCALES} locales at most.`;
  return undefined;
}

/**
 * The API's refusal as sentences: its reasons for `locales` ("The pages of de-DE would move
 * ...", one per locale) are shown as written, each closed with a full stop.
 */
export function localesRefusal(failure: unknown): string {
  const reasons = failure instanceof HttpError ? failure.fields['locales'] : undefined;
  if (!reasons?.length) return describeError(failure);
  return reasons.map((reason) => (/[.!?]$/.test(reason) ? reason : `${reason}.`)).join(' ');
}

export function LanguagesSection() {
  const settings = useQuery(settingsQuery);
  const [edited, setEdited] = useState<string[] | undefined>();
  const [choice, setChoice] = useState('');
  const [typed, setTyped] = useState('');
  const [addProblem, setAddProblem] = useState<string | undefined>();
  const [error, setError] = useState<string | undefined>();
  const ids = useId();
  const toast = useToast();
  const client = useQueryClient();
  const stored = settings.data?.locales;
  const locales = edited ?? stored;

  const save = useMutation({
    mutationFn: (next: string[]) => saveSettings({ locales: next }),
    onSuccess: (saved) => {
      client.setQueryData(SETTINGS_KEY, saved);
      setEdited(undefined);
      toast({
        title: 'Languages saved',
        description: saved.locales.map((locale) => localeLabel(locale)).join(', '),
      });
    },
    onError: (failure) => setError(localesRefusal(failure)),
  });

  if (!locales || !stored) {
    return (
      <section
        aria-labelledby={`${ids}-heading`}
        className="rounded-xl border border-slate-200 bg-white p-6 lg:col-span-2"
      >
        <h2 id={`${ids}-heading`} className="text-lg font-semibold text-ink">
          Languages
        </h2>
        {settings.isError ? (
          <FormAlert
            message={`The languages could not be loaded: ${describeError(settings.error)}`}
          />
        ) : (
          <p role="status" className="mt-4 text-sm text-slate-600">
            Loading the languages...
          </p>
        )}
      </section>
    );
  }

  const prefixes = localePrefixes(locales);
  const storedPrefixes = localePrefixes(stored);
  const options = SUGGESTED_LOCALES.filter((locale) => !locales.includes(locale));
  const changed = locales.join() !== stored.join();

  const add = (event: SyntheticEvent) => {
    event.preventDefault();
    const code = typed.trim() || choice;
    const problem = localeProblem(code, locales);
    setAddProblem(problem);
    setError(undefined);
    if (problem) {
      document.getElementById(typed.trim() ? `${ids}-code` : `${ids}-choice`)?.focus();
      return;
    }
    setEdited([...locales, code]);
    setChoice('');
    setTyped('');
  };
  const remove = (locale: string) => {
    setEdited(locales.filter((entry) => entry !== locale));
    setError(undefined);
    requestAnimationFrame(() => document.getElementById(`${ids}-choice`)?.focus());
  };

  return (
    <section
      aria-labelledby={`${ids}-heading`}
      className="rounded-xl border border-slate-200 bg-white p-6 lg:col-span-2"
      data-testid="languages-settings"
    >
      <div className="flex items-center gap-2">
        <h2 id={`${ids}-heading`} className="text-lg font-semibold text-ink">
          Languages
        </h2>
        <InfoTip about="languages">
          Each language other than the default gets its own version of a page, translated, approved
          and published on its own, at the address under its prefix. The site&rsquo;s own text
          (header, footer, forms) exists in {`${Object.values(SITE_LANGUAGES).join(' and ')}, so`}{' '}
          only locales of those languages can be added.
        </InfoTip>
      </div>
      <p className="mt-1 text-sm text-slate-600">
        The locales pages can be translated into. English (United States) is the default: its pages
        keep today&rsquo;s addresses. Two locales of one language are told apart by their whole code
        in the address.
      </p>
      <ul className="mt-4 grid gap-2" aria-label="Locales">
        {locales.map((locale) => {
          const prefix = prefixes[locale]!;
          const before = storedPrefixes[locale];
          return (
            <li
              key={locale}
              data-locale={locale}
              className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border border-slate-200 px-3 py-2"
            >
              <span className="font-medium text-ink">{localeLabel(locale)}</span>
              <span className="font-mono text-sm text-slate-700">{locale}</span>
              {locale === DEFAULT_LOCALE && (
                <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-800">
                  Default
                </span>
              )}
              <span className="text-sm text-slate-600" data-locale-prefix>
                Addresses: <span className="font-mono">{prefixPath(prefix)}...</span>
              </span>
              {before !== undefined && before !== prefix && (
                <span className="text-xs text-amber-900">
                  was <span className="font-mono">{prefixPath(before)}</span>: refused while a page
                  has a version in it (addresses stay as they are)
                </span>
              )}
              {locale !== DEFAULT_LOCALE && (
                <Button
                  className="ml-auto"
                  aria-label={`Remove ${localeLabel(locale)} (${locale})`}
                  onClick={() => remove(locale)}
                >
                  Remove
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      <form onSubmit={add} className="mt-4 grid gap-2" noValidate>
        <div className="flex flex-wrap items-end gap-3">
          <div className="grid gap-1">
            <label htmlFor={`${ids}-choice`} className="text-sm font-medium text-slate-800">
              Add a language
            </label>
            <select
              id={`${ids}-choice`}
              className={`${inputClass} mt-0`}
              value={choice}
              onChange={(event) => {
                setChoice(event.target.value);
                setAddProblem(undefined);
              }}
            >
              <option value="">Choose...</option>
              {options.map((locale) => (
                <option key={locale} value={locale}>
                  {localeLabel(locale)} ({locale})
                </option>
              ))}
            </select>
          </div>
          <div className="grid gap-1">
            <label htmlFor={`${ids}-code`} className="text-sm font-medium text-slate-800">
              or another code
            </label>
            <input
              id={`${ids}-code`}
              className={`${inputClass} mt-0 w-36 font-mono`}
              value={typed}
              placeholder="de-LU"
              autoComplete="off"
              spellCheck={false}
              aria-invalid={Boolean(addProblem)}
              aria-describedby={addProblem ? `${ids}-add-error` : undefined}
              onChange={(event) => {
                setTyped(event.target.value);
                setAddProblem(undefined);
              }}
            />
          </div>
          <Button type="submit">Add</Button>
        </div>
        <FieldError id={`${ids}-add-error`} messages={addProblem ? [addProblem] : undefined} />
      </form>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <Button
          variant="primary"
          disabled={!changed || save.isPending}
          onClick={() => {
            setError(undefined);
            save.mutate(locales);
          }}
        >
          {save.isPending ? 'Saving...' : 'Save languages'}
        </Button>
        {changed && (
          <Button
            onClick={() => {
              setEdited(undefined);
              setError(undefined);
            }}
          >
            Undo changes
          </Button>
        )}
      </div>
      <FormAlert message={error} />
    </section>
  );
}
