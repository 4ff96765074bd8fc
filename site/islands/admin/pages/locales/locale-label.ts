// A locale's name as the admin writes it, in English and in the standard form ("German
// (Austria)", "English (United States)", not "Austrian German"), so every locale reads alike.
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
