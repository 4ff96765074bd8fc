// The pricing page's copy by language (issue 39): English from the approved claims
// (content/claims.json through site/lib/claims.ts) as the page always said it, German as a
// German marketing team wrote it from that English. The plans come from the default landing
// page (its German translation for German, when it has one), else the template's plans here.
import type { Claims } from '../lib/claims.ts';
import type { LandingContent } from '../../functions/shared/landing-content.ts';
import { landingTemplate } from '../../functions/shared/template.ts';

export type Plan = LandingContent['pricing']['plans'][number];

export interface PricingText {
  title: string;
  description: string;
  eyebrow: string;
  /** Used when the landing content has no pricing headline. */
  headline: string;
  subheadline: string;
  plansHeading: string;
  mostPopular: string;
  requestDemo: string;
  contactSales: string;
  /** After a plan's button, for screen readers: " for the Starter plan". */
  forPlan: (plan: string) => string;
  /** The template's plans in this language (prices and plan names as they are). */
  defaultPlans: Plan[];
  includedTitle: string;
  included: string[];
  roiTitle: string;
  roiSubtitle: string;
  roi: { value: string; label: string; source: string }[];
  sourceLabel: string;
  faqTitle: string;
  faq: { question: string; answer: string }[];
  ctaTitle: string;
  ctaText: string;
}

export function englishPricing(claims: Claims): PricingText {
  const certification = (id: Claims['certifications'][number]['id']) =>
    claims.certifications.find((entry) => entry.id === id)!.short;
  return {
    title: 'Pricing: Plans by Active Suppliers | PharmaBridge',
    description:
      'PharmaBridge pricing from $2,500/month: Starter for up to 5 suppliers, Professional $7,500/month for up to 25, Enterprise unlimited. Unlimited validation runs, no setup fees.',
    eyebrow: 'Pricing',
    headline: 'Simple, Transparent Pricing',
    subheadline: `${claims.pricing.fromSentence}. ${claims.pricing.basis}.`,
    plansHeading: 'Plans',
    mostPopular: 'Most popular',
    requestDemo: 'Request Demo',
    contactSales: 'Contact Sales',
    forPlan: (plan) => ` for the ${plan} plan`,
    defaultPlans: landingTemplate().pricing.plans,
    includedTitle: 'Every Plan Includes',
    included: [
      claims.pricing.unlimitedRuns,
      'Deterministic tokenization of patient identifiers',
      certification('hipaa'),
      `${claims.encryption.atRest} and ${claims.encryption.inTransit}`,
      `${certification('soc2')} and ${certification('iso27001')} controls`,
      'CSV, Excel, XML and JSON submissions',
      `Implementation in ${claims.implementation.duration}`,
      `A ${claims.trial.full} to start`,
    ],
    roiTitle: 'The Return on Clean Data',
    roiSubtitle:
      'Manual cleansing, rejected files and late submissions cost analyst time every month. These are the figures customers measure first, each with its source.',
    roi: claims.results.pricing,
    sourceLabel: 'Source',
    faqTitle: 'Pricing Questions',
    faq: [
      {
        question: 'How is pricing calculated?',
        answer:
          'Plans are priced by the number of active suppliers submitting data and the feature level you need. A supplier counts as active in any month it submits at least one file.',
      },
      {
        question: 'Are there setup fees?',
        answer:
          'No setup fees on Starter and Professional. Implementation support is included. Enterprise programs with custom integrations are scoped together with you.',
      },
      {
        question: 'Can we try PharmaBridge before we buy?',
        answer:
          'Yes. Every engagement can start with a 30-day free trial with up to 3 suppliers, validating real submissions against your own contracts.',
      },
      {
        question: 'Can we change plans later?',
        answer:
          'Yes. Move up a plan at any time as your supplier network grows; the new price applies from the next billing period. Validation runs are unlimited on every plan.',
      },
    ],
    ctaTitle: 'Find the Right Plan for Your Supplier Network',
    ctaText: `${claims.pricing.fromSentence}. Start with a ${claims.trial.full}, or talk to us about an Enterprise program with its 99.99% uptime SLA.`,
  };
}

/**
 * The German copy. Its figures are content/claims.json's as of this writing: the claims
 * registry holds English wordings only, so a changed English claim needs its German wording
 * changed here too (site/i18n/pricing.test.ts compares the figures).
 */
export const germanPricing: PricingText = {
  title: 'Preise: Tarife nach aktiven Lieferanten | PharmaBridge',
  description:
    'PharmaBridge-Preise ab $2,500 pro Monat: Starter für bis zu 5 Lieferanten, Professional für $7,500 pro Monat und bis zu 25 Lieferanten, Enterprise ohne Begrenzung. Unbegrenzte Validierungsläufe, keine Einrichtungsgebühren.',
  eyebrow: 'Preise',
  headline: 'Preise, die mit Ihrem Lieferantennetzwerk wachsen',
  subheadline:
    'Tarife ab $2,500 pro Monat, abhängig von der Anzahl aktiver Lieferanten und dem benötigten Funktionsumfang. Jeder Tarif enthält unbegrenzte Validierungsläufe, und Sie können mit einer kostenlosen 30-Tage-Testphase mit bis zu 3 Lieferanten beginnen.',
  plansHeading: 'Tarife',
  mostPopular: 'Am beliebtesten',
  requestDemo: 'Demo anfragen',
  contactSales: 'Vertrieb kontaktieren',
  forPlan: (plan) => ` für den Tarif ${plan}`,
  defaultPlans: [
    {
      name: 'Starter',
      price: '$2,500',
      period: '/Monat',
      description:
        'Für Teams, die ihre ersten Datenverträge unter Kontrolle bringen wollen – mit bis zu 5 Lieferanten.',
      features: [
        'Bis zu 5 aktive Lieferanten',
        'Unbegrenzte Validierungsläufe',
        'Einrichtung und Verwaltung von Vertragsregeln',
        'Lieferantenportal in Ihrem Markenauftritt',
        'Deterministische Tokenisierung',
        'Support per E-Mail',
        'Keine Einrichtungsgebühren',
      ],
      cta: 'Demo anfragen',
      popular: false,
    },
    {
      name: 'Professional',
      price: '$7,500',
      period: '/Monat',
      description:
        'Für wachsende Programme, die mehrere Verträge mit bis zu 25 Lieferanten steuern.',
      features: [
        'Bis zu 25 aktive Lieferanten',
        'Unbegrenzte Validierungsläufe',
        'Workflows für das Ausnahmemanagement',
        'Datenkorrekturen und Write-back-Berichte',
        'API-Zugang und Integrationen für die Datenauslieferung',
        'Priorisierter Support',
        'Keine Einrichtungsgebühren',
      ],
      cta: 'Demo anfragen',
      popular: true,
    },
    {
      name: 'Enterprise',
      price: 'Auf Anfrage',
      period: '',
      description:
        'Für Hersteller mit unternehmensweiten Datenprogrammen und beliebig vielen Lieferanten.',
      features: [
        'Unbegrenzt viele aktive Lieferanten',
        'Unbegrenzte Validierungsläufe',
        'Master Patient Index und ID-Verknüpfung',
        'Integration von Clean Rooms und Netzwerk-Tokens',
        '99,99 % Verfügbarkeit, vertraglich per SLA zugesichert',
        'Persönlicher Customer Success Manager',
        'Individuelle Sicherheits- und Compliance-Prüfung',
      ],
      cta: 'Vertrieb kontaktieren',
      popular: false,
    },
  ],
  includedTitle: 'In jedem Tarif enthalten',
  included: [
    'Unbegrenzte Validierungsläufe in jedem Tarif',
    'Deterministische Tokenisierung von Patientenkennungen',
    'HIPAA-konform, mit unterzeichnetem BAA',
    '256-Bit-AES-Verschlüsselung gespeicherter Daten und TLS 1.3 bei der Übertragung',
    'Nach SOC 2 Type II geprüfte und nach ISO 27001 zertifizierte Kontrollen',
    'Übermittlungen als CSV, Excel, XML und JSON',
    'Implementierung in 2–4 Wochen',
    'Zum Einstieg eine kostenlose 30-Tage-Testphase mit bis zu 3 Lieferanten',
  ],
  roiTitle: 'Was saubere Daten einbringen',
  roiSubtitle:
    'Manuelle Datenbereinigung, abgelehnte Dateien und verspätete Übermittlungen kosten Ihre Analysten jeden Monat Zeit. Diese Kennzahlen messen unsere Kunden zuerst – jede mit ihrer Quelle.',
  roi: [
    {
      value: '85 %',
      label: 'weniger Zeitaufwand für die Bereinigung von Lieferantendaten',
      source:
        'Median über alle Herstellerkunden, erstes volles Quartal mit PharmaBridge im Vergleich zum Vorquartal, 2024',
    },
    {
      value: '2–4 Wochen',
      label: 'von der Vertragsunterzeichnung bis zur ersten validierten Übermittlung',
      source:
        'Typische Implementierung, einschließlich der Übertragung der Vertragsregeln und der ersten Lieferanten',
    },
    {
      value: '99,8 %',
      label: 'Validierungsgenauigkeit gegenüber Ihren Vertragsregeln',
      source: 'Gemessen über alle Validierungsläufe, 2024',
    },
  ],
  sourceLabel: 'Quelle',
  faqTitle: 'Fragen zu den Preisen',
  faq: [
    {
      question: 'Wie berechnen sich die Preise?',
      answer:
        'Die Tarife richten sich nach der Anzahl aktiver Lieferanten, die Daten übermitteln, und nach dem benötigten Funktionsumfang. Ein Lieferant gilt in jedem Monat als aktiv, in dem er mindestens eine Datei übermittelt.',
    },
    {
      question: 'Fallen Einrichtungsgebühren an?',
      answer:
        'Für Starter und Professional fallen keine Einrichtungsgebühren an; die Unterstützung bei der Implementierung ist inbegriffen. Enterprise-Programme mit individuellen Integrationen planen wir gemeinsam mit Ihnen.',
    },
    {
      question: 'Können wir PharmaBridge vor dem Kauf testen?',
      answer:
        'Ja. Jede Zusammenarbeit kann mit einer kostenlosen 30-Tage-Testphase mit bis zu 3 Lieferanten beginnen, in der Sie echte Übermittlungen gegen Ihre eigenen Verträge validieren.',
    },
    {
      question: 'Können wir den Tarif später wechseln?',
      answer:
        'Ja. Sie können jederzeit in einen höheren Tarif wechseln, wenn Ihr Lieferantennetzwerk wächst; der neue Preis gilt ab dem nächsten Abrechnungszeitraum. Validierungsläufe sind in jedem Tarif unbegrenzt.',
    },
  ],
  ctaTitle: 'Finden Sie den passenden Tarif für Ihr Lieferantennetzwerk',
  ctaText:
    'Tarife ab $2,500 pro Monat. Starten Sie mit einer kostenlosen 30-Tage-Testphase mit bis zu 3 Lieferanten, oder sprechen Sie mit uns über ein Enterprise-Programm mit 99,99 % Verfügbarkeit per SLA.',
};
