// A block's link to one of the site's own pages (render-context.ts siteLinkOf): on a page in
// another locale, that locale's version, or the English page marked as English as the site's
// header and footer mark theirs (hreflang="en" and a visible "(Englisch)", issue 39).
import type { ReactNode } from 'react';
import { landingText } from '../../../i18n/landing.ts';
import type { SiteLink } from './render-context.ts';

export function SiteAnchor({
  link,
  locale,
  className,
  children,
}: {
  link: SiteLink;
  locale?: string | undefined;
  className?: string;
  children: ReactNode;
}) {
  return (
    <a href={link.href} className={className} {...(link.english ? { hrefLang: 'en' } : {})}>
      {children}
      {link.english && <> {landingText(locale).englishOnly}</>}
    </a>
  );
}
