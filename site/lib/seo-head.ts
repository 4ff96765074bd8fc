// Sets a landing page's SEO tags in the document head at run time, for /legacy/{slug},
// whose static shell cannot know the page: the same tags SeoHead.astro writes into the
// prerendered pages (title, description, canonical, Open Graph, Twitter), from the same
// resolveSeo(). Absolute URLs use the origin of the shell's canonical link (SITE_URL).
import type { ResolvedSeo } from '../../functions/shared/seo.ts';

export function meta(attribute: 'name' | 'property', key: string, content: string): void {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!element) {
    element = document.createElement('meta');
    element.setAttribute(attribute, key);
    document.head.append(element);
  }
  element.content = content;
}

export function applySeoHead(seo: ResolvedSeo): void {
  const canonical = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  const origin = canonical ? new URL(canonical.href).origin : window.location.origin;
  const url = new URL(seo.canonicalPath, origin).href;
  if (canonical) canonical.href = url;
  document.title = seo.title;
  meta('name', 'description', seo.description);
  meta('property', 'og:title', seo.title);
  meta('property', 'og:description', seo.description);
  meta('property', 'og:url', url);
  meta('name', 'twitter:title', seo.title);
  meta('name', 'twitter:description', seo.description);
  if (seo.image) {
    const image = new URL(seo.image, origin).href;
    meta('property', 'og:image', image);
    meta('name', 'twitter:image', image);
  }
  // The live copy is never indexed (its canonical page is); a noindex page says so too.
  meta('name', 'robots', 'noindex');
}
