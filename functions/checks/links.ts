// Links (issue 38): every internal link goes to a served path (a site route, a live page, a
// redirect) or to an anchor this page has; external links are well-formed https; every link
// has text; link texts say where they go.
import { accessibleText, attr } from './document.ts';
import { inBlock, type Finding, type RuleInput } from './types.ts';

/** Link texts that do not say where a link goes (WCAG 2.4.4): a warning. */
const VAGUE = new Set([
  'click here',
  'here',
  'read more',
  'more',
  'learn more',
  'link',
  'this link',
]);
const SCHEMES_WITHOUT_HOST = new Set(['mailto:', 'tel:']);

export function checkLinks(input: RuleInput): Finding[] {
  const findings: Finding[] = [];
  input.elements.forEach(({ element, blockId }, index) => {
    if (element.tagName !== 'a') return;
    const href = attr(element, 'href');
    if (href === undefined) return;
    const text = accessibleText(element, input.byId);
    const where = inBlock(input, blockId);
    const named = text ? `“${text}”` : 'without text';
    const id = (rule: string) => `links.${rule}:${blockId ?? 'page'}:${index}`;
    if (!text) {
      findings.push({
        id: id('no-text'),
        category: 'links',
        level: 'error',
        message: `A link to ${href || 'nowhere'} has no text: screen readers announce only its address.`,
        ...where,
      });
    } else if (VAGUE.has(text.toLowerCase().replace(/[.…!]+$/, ''))) {
      findings.push({
        id: id('vague'),
        category: 'links',
        level: 'warning',
        message: `The link text ${named} does not say where the link goes: name its destination.`,
        ...where,
      });
    }
    const target = href.trim();
    if (target === '') {
      findings.push({
        id: id('empty'),
        category: 'links',
        level: 'error',
        message: `The link ${named} has an empty address.`,
        ...where,
      });
      return;
    }
    if (target.startsWith('#')) {
      const anchor = decodeURIComponent(target.slice(1));
      // `#top` is the document's top in every browser (HTML's "scroll to the fragment").
      if (anchor === 'top' || input.byId.has(anchor)) return;
      findings.push({
        id: id('anchor'),
        category: 'links',
        level: 'error',
        message: `The link ${named} goes to ${target}, which this page does not have: the link would do nothing.`,
        ...where,
      });
      return;
    }
    if (target.startsWith('/') && !target.startsWith('//')) {
      const path = target.split(/[?#]/)[0]!.replace(/(.)\/+$/, '$1');
      if (!input.serves(path)) {
        findings.push({
          id: id('internal'),
          category: 'links',
          level: 'error',
          message: `The link ${named} goes to ${path}, which the site does not serve (no page, live landing page or redirect there).`,
          ...where,
        });
      }
      return;
    }
    let url: URL;
    try {
      url = new URL(target);
    } catch {
      findings.push({
        id: id('malformed'),
        category: 'links',
        level: 'error',
        message: `The link ${named} has an address that is not a valid URL: ${target}.`,
        ...where,
      });
      return;
    }
    if (SCHEMES_WITHOUT_HOST.has(url.protocol)) return;
    if (url.protocol !== 'https:') {
      findings.push({
        id: id('https'),
        category: 'links',
        level: 'error',
        message: `The link ${named} goes to ${target}: external links must use https://.`,
        ...where,
      });
    }
  });
  return findings;
}
