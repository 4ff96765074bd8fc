// The site's own text in German (issue 39), formal "Sie". Typed as the English text's shape
// (site/i18n/en.ts): a missing key fails tsc and `astro check`.
import type { SiteText } from './en.ts';

export const de: SiteText = {
  skipToContent: 'Zum Inhalt springen',
  header: {
    navLabel: 'Hauptnavigation',
    homeLabel: 'PharmaBridge Startseite',
    menu: 'Menü',
    requestDemo: 'Demo anfragen',
  },
  nav: {
    product: 'Produkt',
    manufacturers: 'Für Hersteller',
    suppliers: 'Für Lieferanten',
    platformSecurity: 'Plattform & Sicherheit',
    solutions: 'Lösungen',
    howItWorks: 'So funktioniert es',
    pricing: 'Preise',
    company: 'Unternehmen',
    about: 'Über uns',
    resources: 'Ressourcen',
    faq: 'Häufige Fragen',
    docs: 'Dokumentation',
    caseStudies: 'Fallstudien',
    trial: '30 Tage kostenlos testen',
    contact: 'Kontakt',
    privacy: 'Datenschutzerklärung',
    terms: 'Nutzungsbedingungen',
  },
  englishOnly: '(Englisch)',
  footer: {
    tagline: 'Vertragskonforme, tokenisierte Daten von jedem Lieferanten.',
    navLabel: (group: string) => `Fußzeile: ${group}`,
    rights: 'PharmaBridge, Inc. Alle Rechte vorbehalten.',
  },
  language: {
    label: 'Sprache',
    choose: 'Auch auf:',
  },
  suggestion: {
    label: 'Sprachhinweis',
    text: 'Diese Seite gibt es auch auf Deutsch.',
    link: 'Zur deutschen Seite',
    dismiss: 'Hinweis schließen',
  },
  notFound: {
    title: '404 Seite nicht gefunden | PharmaBridge',
    description: 'Die angeforderte Seite gibt es nicht.',
    heading: '404 Seite nicht gefunden',
    hint: 'Die Adresse ist veraltet oder falsch geschrieben. Von hier aus geht es weiter:',
    next: 'Wie möchten Sie weitermachen?',
    home: 'Startseite',
    contact: 'Kontakt aufnehmen',
  },
};
