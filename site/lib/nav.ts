// Site navigation of docs/requirements.md §2, shared by the header (desktop and mobile) and tests.
export interface NavLink {
  href: string;
  label: string;
}

export interface NavGroup {
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
