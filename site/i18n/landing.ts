// The landing page's own words per language (issue 39, docs/decisions/0577-landing-words-per-locale.md):
// what the blocks (site/islands/landing/blocks/<type>/renderer.tsx) and LandingMarkup
// (site/islands/landing/landing-page.tsx) say around the page's content, which editors translate.
// A dictionary of its own, not a part of site/i18n/en.ts: the landing markup is also rendered in
// the browser (/legacy, previews), which need these words and not the site's chrome. The German
// one is typed as the English one's shape: a missing key fails tsc. Dates in the locale's Intl
// format; English keeps the formats its pages had before (the job code's ISO day, British days).
// Only a type from functions/shared/locales.ts: its module pulls zod, and this one stays small
// enough for a browser module to import.
import type { SiteLanguage } from '../../functions/shared/locales.ts';

/** The site language whose words a locale reads: German for `de`/`de-*`, else English. */
const languageOf = (locale: string | undefined): SiteLanguage =>
  locale?.split('-')[0]?.toLowerCase() === 'de' ? 'de' : 'en';

export interface LandingText {
  /** The job code's small print (docs/decisions/0552-job-code-on-the-live-page.md). */
  jobCode: {
    approved: (day: string, locale: string) => string;
    published: (day: string, locale: string) => string;
  };
  nav: { label: string; platform: string; faqs: string; pricing: string; contact: string };
  event: {
    when: string;
    where: string;
    online: string;
    joinOnline: string;
    addToCalendar: string;
    /** After the event's title, for screen readers: what the calendar link downloads. */
    icsFile: string;
    agenda: string;
    speakers: string;
  };
  references: {
    heading: string;
    /** A superscript's name for screen readers. */
    reference: (n: number) => string;
    /** A references block's preview while no claim cites evidence. */
    empty: string;
  };
  video: { play: (title: string) => string; privacy: (provider: string) => string };
  howItWorks: {
    heading: string;
    subheading: string;
    step: (n: number) => string;
    roles: { manufacturer: string; supplier: string; platform: string };
    learnMore: string;
    /** The five steps' titles and descriptions by id (content/landing-steps.json), if translated. */
    steps?: Record<string, { title: string; description: string }>;
  };
  pricing: { contact: string; allPlans: string };
  features: { action: string };
  supplierFeatures: { portal: string };
  hero: { imageAlt: string };
  /** A feature's screenshot. */
  screenshot: (title: string) => string;
  /** After a link to a site page that exists only in English (hreflang="en"). */
  englishOnly: string;
}

/** A day (YYYY-MM-DD, UTC) in a format of `locale`; the text as given when it is not a day. */
export function formatDay(locale: string, day: string, options: Intl.DateTimeFormatOptions) {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime())
    ? day
    : new Intl.DateTimeFormat(locale, { timeZone: 'UTC', ...options }).format(date);
}

const LONG_DAY: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'long', year: 'numeric' };

/**
 * The locale whose Intl formats a page's dates take: the page's own, but British for English
 * (the references' "4 December 2026" the English pages have always shown).
 */
export const dateLocaleOf = (locale: string) => (languageOf(locale) === 'en' ? 'en-GB' : locale);

/** A reference's day as the References list writes it: "4 December 2026", "4. Dezember 2026". */
export const referenceDay = (locale: string, day: string) =>
  formatDay(dateLocaleOf(locale), day, LONG_DAY);

const en: LandingText = {
  jobCode: { approved: (day) => `Approved ${day}`, published: (day) => `Published ${day}` },
  nav: {
    label: 'Main',
    platform: 'Platform',
    faqs: 'FAQs',
    pricing: 'Pricing',
    contact: 'Contact Us',
  },
  event: {
    when: 'When',
    where: 'Where',
    online: 'Online',
    joinOnline: 'Join online',
    addToCalendar: 'Add to calendar',
    icsFile: '.ics file',
    agenda: 'Agenda',
    speakers: 'Speakers',
  },
  references: {
    heading: 'References',
    reference: (n) => `Reference ${n}`,
    empty: 'No claim on this page cites evidence yet: the list fills as claims are added.',
  },
  video: {
    play: (title) => `Play video: ${title}`,
    privacy: (provider) =>
      `The video plays from ${provider}, which is contacted only once you press play.`,
  },
  howItWorks: {
    heading: 'How It Works',
    subheading:
      'Five steps from a data contract to compliant, de-identified data, with each party doing only its part.',
    step: (n) => `Step ${n}`,
    roles: { manufacturer: 'Manufacturer', supplier: 'Supplier', platform: 'Platform' },
    learnMore: 'Learn more',
  },
  pricing: { contact: 'Reach Out for Pricing', allPlans: 'See All Plans' },
  features: { action: 'See it in action' },
  supplierFeatures: { portal: 'View supplier portal' },
  hero: { imageAlt: 'The PharmaBridge platform overview' },
  screenshot: (title) => `Screenshot: ${title}`,
  englishOnly: '(English)',
};

/** German, formal "Sie": what a German pharma marketing team signs. */
const de: LandingText = {
  jobCode: {
    approved: (day, locale) => `Freigegeben am ${formatDay(locale, day, { dateStyle: 'medium' })}`,
    published: (day, locale) =>
      `Veröffentlicht am ${formatDay(locale, day, { dateStyle: 'medium' })}`,
  },
  nav: {
    label: 'Hauptnavigation',
    platform: 'Plattform',
    faqs: 'Häufige Fragen',
    pricing: 'Preise',
    contact: 'Kontakt',
  },
  event: {
    when: 'Wann',
    where: 'Wo',
    online: 'Online',
    joinOnline: 'Online teilnehmen',
    addToCalendar: 'Zum Kalender hinzufügen',
    icsFile: 'ICS-Datei',
    agenda: 'Programm',
    speakers: 'Referentinnen und Referenten',
  },
  references: {
    heading: 'Quellen',
    reference: (n) => `Quelle ${n}`,
    empty:
      'Noch belegt keine Aussage auf dieser Seite eine Quelle: Die Liste füllt sich, sobald Aussagen hinzukommen.',
  },
  video: {
    play: (title) => `Video abspielen: ${title}`,
    privacy: (provider) =>
      `Das Video wird von ${provider} abgespielt. ${provider} wird erst kontaktiert, wenn Sie auf Abspielen klicken.`,
  },
  howItWorks: {
    heading: 'So funktioniert es',
    subheading:
      'Fünf Schritte vom Datenvertrag zu konformen, de-identifizierten Daten – jede Partei erledigt nur ihren Teil.',
    step: (n) => `Schritt ${n}`,
    roles: { manufacturer: 'Hersteller', supplier: 'Lieferant', platform: 'Plattform' },
    learnMore: 'Mehr erfahren',
    steps: {
      'set-and-share-requirements': {
        title: 'Anforderungen festlegen und teilen',
        description:
          'Veröffentlichen Sie die Regeln Ihres Datenvertrags einmal als maschinenlesbare Anforderungen: Felder, Formate, Codelisten und Lieferfristen für jede Lieferantenbeziehung.',
      },
      'upload-validate-verify': {
        title: 'Hochladen, validieren und prüfen',
        description:
          'Lieferanten laden CSV-, Excel-, XML- oder JSON-Dateien hoch und sehen die Validierung in Echtzeit: Jeder Fehler wird im Kontext erklärt und vor der Übermittlung direkt behoben.',
      },
      'deterministic-tokenization': {
        title: 'Deterministische Tokenisierung',
        description:
          'Identifikatoren werden durch deterministische Token ersetzt: Derselbe Patient erhält stets dasselbe Token, und keine geschützten Gesundheitsdaten werden offengelegt.',
      },
      'patient-mastering-id-linking': {
        title: 'Patienten-Mastering und ID-Verknüpfung',
        description:
          'Jeder Datensatz erhält eine Master-Patienten-ID aus einem Master-Patientenindex; IDs Dritter werden über Clean Rooms oder Netzwerk-Token verknüpft.',
      },
      'deliver-and-trust': {
        title: 'Liefern und vertrauen',
        description:
          'Vertragskonforme, de-identifizierte Daten werden in Ihr Data Warehouse oder Ihre Analyseumgebung geliefert – mit lückenlosem Prüfpfad für jede Übermittlung.',
      },
    },
  },
  pricing: { contact: 'Preise anfragen', allPlans: 'Alle Tarife ansehen' },
  features: { action: 'In Aktion erleben' },
  supplierFeatures: { portal: 'Zum Lieferantenportal' },
  hero: { imageAlt: 'Die PharmaBridge-Plattform im Überblick' },
  screenshot: (title) => `Bildschirmfoto: ${title}`,
  englishOnly: '(Englisch)',
};

const TEXTS: Record<SiteLanguage, LandingText> = { en, de };

/** The landing page's words for a locale (English for one the site has no text in). */
export function landingText(locale: string | undefined): LandingText {
  return TEXTS[languageOf(locale)];
}
