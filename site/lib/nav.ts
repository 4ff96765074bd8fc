// Site navigation of docs/requirements.md §2, shared by the header (desktop and mobile) and tests.
// localizedNav gives the same menus in a locale's words (issue 39, site/i18n).
import type { SiteText } from '../i18n/index.ts';

export interface NavLink {
  href: string;
  label: string;
  /**
   * Set on a page in another language when the link goes to a page that exists only in
   * English (issue 39): the link's `hreflang` ("en") and the visible marker ("(Englisch)").
   */
  english?: { hreflang: 'en'; marker: string } | undefined;
}

export interface NavGroup {
  /** The dropdown's id, the same in every language (global.css anchors it). */
  id?: string;
  label: string;
  links: NavLink[];
}

export const PRODUCT_LINKS: NavLink[] = [
  { href: '/product/manufacturers', label: 'For Manufacturers' },
  { href: '/product/suppliers', label: 'For Suppliers' },
  { href: '/product/platform-security', label: 'Platform & Security' },
];

export const RESOURCE_LINKS: NavLink[] = [
  { href: '/resources/faq', label: 'FAQ' },
  { href: '/resources/docs', label: 'Documentation' },
  { href: '/resources/case-studies', label: 'Case Studies' },
];

export const NAV_ITEMS: (NavLink | NavGroup)[] = [
  { label: 'Product', links: PRODUCT_LINKS },
  { href: '/solutions', label: 'Solutions' },
  { href: '/how-it-works', label: 'How It Works' },
  { href: '/pricing', label: 'Pricing' },
  { href: '/company', label: 'Company' },
  { label: 'Resources', links: RESOURCE_LINKS },
  { href: '/contact', label: 'Contact' },
];

export const FOOTER_LINKS: NavLink[] = [
  { href: '/privacy', label: 'Privacy Policy' },
  { href: '/terms', label: 'Terms of Service' },
];

export const COPYRIGHT_YEAR = 2025;

/** Where a link to an English site path goes on a page in the current locale (site-locales.ts). */
export type LinkResolver = (path: string) => { href: string; english: boolean };

/** The site's menus in one locale: labels from site/i18n, links to that locale's pages. */
export function localizedNav(text: SiteText, resolve: LinkResolver) {
  const link = (path: string, label: string): NavLink => {
    const { href, english } = resolve(path);
    return english
      ? { href, label, english: { hreflang: 'en', marker: text.englishOnly } }
      : { href, label };
  };
  const n = text.nav;
  const product = [
    link('/product/manufacturers', n.manufacturers),
    link('/product/suppliers', n.suppliers),
    link('/product/platform-security', n.platformSecurity),
  ];
  const resources = [
    link('/resources/faq', n.faq),
    link('/resources/docs', n.docs),
    link('/resources/case-studies', n.caseStudies),
  ];
  const items: (NavLink | NavGroup)[] = [
    { id: 'nav-product', label: n.product, links: product },
    link('/solutions', n.solutions),
    link('/how-it-works', n.howItWorks),
    link('/pricing', n.pricing),
    link('/company', n.company),
    { id: 'nav-resources', label: n.resources, links: resources },
    link('/contact', n.contact),
  ];
  const footerGroups: NavGroup[] = [
    { label: n.product, links: product },
    {
      label: n.company,
      links: [
        link('/company', n.about),
        link('/solutions', n.solutions),
        link('/how-it-works', n.howItWorks),
        link('/pricing', n.pricing),
      ],
    },
    {
      label: n.resources,
      links: [...resources, link('/pilot', n.trial), link('/contact', n.contact)],
    },
  ];
  return {
    items,
    product,
    footerGroups,
    legal: [link('/privacy', n.privacy), link('/terms', n.terms)],
    home: resolve('/').href,
    /** "en" when the home page has no version in this locale (the logo's link says so). */
    homeHreflang: resolve('/').english ? ('en' as const) : undefined,
    contact: link('/contact', n.contact),
    // The demo request is English only; another locale's visitors ask through their own
    // contact page when it has one.
    demo:
      resolve('/demo').english && !resolve('/contact').english
        ? { href: resolve('/contact').href, label: text.header.requestDemo }
        : link('/demo', text.header.requestDemo),
  };
}

/** `/site/pricing` and `/pricing` are the same page; the unprefixed one is canonical. */
export function canonicalPath(pathname: string): string {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === '/site') return '/site';
  return path.startsWith('/site/') ? path.slice('/site'.length) : path;
}

export function isActive(link: NavLink, pathname: string): boolean {
  const current = canonicalPath(pathname);
  return current === link.href || current.startsWith(`${link.href}/`);
}
