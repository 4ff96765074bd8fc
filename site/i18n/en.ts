// The site's own text in English (issue 39): header, footer, menus, the language switcher and
// suggestion, the 404 page, skip links and landmark names. Its shape is the contract every
// other language fills in (site/i18n/de.ts is typed `SiteText`: a key missing there fails tsc
// and `astro check`). Page copy lives beside it (site/i18n/pricing.ts, contact.ts).

export const en = {
  skipToContent: 'Skip to content',
  header: {
    navLabel: 'Main',
    homeLabel: 'PharmaBridge home',
    menu: 'Menu',
    requestDemo: 'Request Demo',
  },
  nav: {
    product: 'Product',
    manufacturers: 'For Manufacturers',
    suppliers: 'For Suppliers',
    platformSecurity: 'Platform & Security',
    solutions: 'Solutions',
    howItWorks: 'How It Works',
    pricing: 'Pricing',
    company: 'Company',
    about: 'About',
    resources: 'Resources',
    faq: 'FAQ',
    docs: 'Documentation',
    caseStudies: 'Case Studies',
    trial: '30-Day Free Trial',
    contact: 'Contact',
    privacy: 'Privacy Policy',
    terms: 'Terms of Service',
  },
  /** After a link to a page that exists only in English, in a page of another language. */
  englishOnly: '(English)',
  footer: {
    tagline: 'Contract-compliant, tokenized data from every supplier.',
    navLabel: (group: string) => `Footer: ${group}`,
    rights: 'PharmaBridge, Inc. All rights reserved.',
  },
  language: {
    /** The switcher's landmark name. */
    label: 'Language',
    /** The switcher's visible heading before the links. */
    choose: 'Also in:',
  },
  /** The cookie-free notice shown to a visitor whose browser prefers this language, in it. */
  suggestion: {
    label: 'Language suggestion',
    text: 'This page is also available in English.',
    link: 'Read it in English',
    dismiss: 'Dismiss',
  },
  notFound: {
    title: '404 Page Not Found | PharmaBridge',
    description: 'The page you asked for does not exist.',
    heading: '404 Page Not Found',
    hint: 'Did you forget to add the page to the router?',
    next: 'Where to go next',
    home: 'Home page',
    contact: 'Contact us',
  },
};

/** The site's text in one language: every key of the English text, every value a string (or the same function). */
export type SiteText = Widen<typeof en>;

type Widen<T> = T extends string
  ? string
  : T extends (...args: infer A) => infer R
    ? (...args: A) => Widen<R>
    : { [K in keyof T]: Widen<T[K]> };
