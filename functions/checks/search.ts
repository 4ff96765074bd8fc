// Search (issue 38), all warnings: a title of 30-60 characters and a description of 70-160
// (what search results show whole), an indexable canonical address, and a sharing (Open Graph)
// image of at least 1200x630, the size link previews show large. Read from the head the build
// writes (functions/shared/seo.ts resolveSeo, as site/components/landing/LandingPage.astro).
import type { ResolvedSeo } from '../shared/seo.ts';
import type { Finding, RuleInput } from './types.ts';

export const TITLE_RANGE = [30, 60] as const;
export const DESCRIPTION_RANGE = [70, 160] as const;
export const OG_IMAGE_MIN = { width: 1200, height: 630 } as const;

/** Where a finding points: the page's own SEO field when it has one, else the hero it falls back to. */
const seoPath = (input: RuleInput, field: 'title' | 'description' | 'image') =>
  input.page.content.seo?.[field] ? `content.seo.${field}` : `content.seo`;

export function checkSearch(input: RuleInput, seo: ResolvedSeo): Finding[] {
  const findings: Finding[] = [];
  const length = (text: string) => [...text].length;
  const title = length(seo.title);
  if (title < TITLE_RANGE[0] || title > TITLE_RANGE[1]) {
    findings.push({
      id: 'search.title-length',
      category: 'search',
      level: 'warning',
      message: `The page title “${seo.title}” has ${title} characters: search results show ${TITLE_RANGE[0]} to ${TITLE_RANGE[1]} best.`,
      path: seoPath(input, 'title'),
    });
  }
  const description = length(seo.description);
  if (description < DESCRIPTION_RANGE[0] || description > DESCRIPTION_RANGE[1]) {
    findings.push({
      id: 'search.description-length',
      category: 'search',
      level: 'warning',
      message:
        description === 0
          ? 'The page has no description: search results would show text picked from the page.'
          : `The page description has ${description} characters: search results show ${DESCRIPTION_RANGE[0]} to ${DESCRIPTION_RANGE[1]} whole.`,
      path: seoPath(input, 'description'),
    });
  }
  if (seo.noindex) {
    findings.push({
      id: 'search.noindex',
      category: 'search',
      level: 'warning',
      message: `The page asks search engines not to index it, so its canonical address ${seo.canonicalPath} will not appear in search results.`,
      path: 'content.seo.noindex',
    });
  }
  const image = seo.image ? input.site.media[seo.image] : undefined;
  if (
    image?.width !== undefined &&
    image.height !== undefined &&
    (image.width < OG_IMAGE_MIN.width || image.height < OG_IMAGE_MIN.height)
  ) {
    findings.push({
      id: 'search.og-image-size',
      category: 'search',
      level: 'warning',
      message: `The sharing image is ${image.width}x${image.height}: link previews show ${OG_IMAGE_MIN.width}x${OG_IMAGE_MIN.height} or larger best.`,
      path: seoPath(input, 'image'),
    });
  }
  return findings;
}
