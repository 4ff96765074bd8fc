// The checks before publishing (issue 38, docs/decisions/0564-checks-before-publishing.md): the
// page rendered as the build renders it (markup.ts), parsed (document.ts), and every rule run
// over it: links, accessibility, search, structured data, placeholders to fill in, and the
// claims rules and lint (functions/shared/claims/rules.ts). Pure: what it needs of the store
// comes in `facts` (functions/data/workflow/checks.ts reads them).
import { blocksOf } from '../shared/blocks.ts';
import { checkClaims, type ClaimsLintMode } from '../shared/claims/rules.ts';
import type { Claim } from '../shared/claims/model.ts';
import type { PageClaims } from '../shared/claims/page-claims.ts';
import type { PublicForm } from '../shared/forms/public-form.ts';
import { sortChecks, type PageCheck } from '../shared/page-checks.ts';
import { LANDING_LANG, resolveSeo } from '../shared/seo.ts';
import { checkAccessibility } from './accessibility.ts';
import { elementsOf, idsOf } from './document.ts';
import { checkLinks } from './links.ts';
import { pageMarkup } from './markup.ts';
import { checkPlaceholders } from './content.ts';
import { checkSearch } from './search.ts';
import { checkStructuredData } from './structured-data.ts';
import type { CheckedPage, RuleInput, SiteFacts } from './types.ts';
import { servedPath } from './site-paths.ts';

export interface CheckFacts extends SiteFacts {
  forms: Record<string, PublicForm>;
  /** Every claim as it holds today (the rules), and the page's as it renders them. */
  claims: readonly Claim[];
  pageClaims: PageClaims | undefined;
  claimsLint: ClaimsLintMode;
}

/** Where a block of the page is in its content. */
function blockPaths(page: CheckedPage): (blockId: string | undefined) => string | undefined {
  const layout = page.content.layout;
  if (layout) {
    const at = new Map(layout.map((block, index) => [block.id, `content.layout.${index}`]));
    return (blockId) => (blockId ? at.get(blockId) : undefined);
  }
  // A page without a layout shows the sections of docs/requirements.md §2 (deriveLayout).
  const types = new Map(blocksOf(page.content).map((block) => [block.id, block.type]));
  return (blockId) => {
    const type = blockId ? types.get(blockId) : undefined;
    if (type === 'navigation') return 'content.brand';
    return type && type in page.content ? `content.${type}` : undefined;
  };
}

/** The block id a content path (`layout.3.markdown`) is in. */
function blockIdAt(page: CheckedPage, path: string): string | undefined {
  const match = /^layout\.(\d+)(?:\.|$)/.exec(path);
  return match ? page.content.layout?.[Number(match[1])]?.id : undefined;
}

function claimChecks(page: CheckedPage, facts: CheckFacts): PageCheck[] {
  const { refusals, findings } = checkClaims(page.content, facts.claims, facts.claimsLint);
  const at = (path: string) => {
    const blockId = blockIdAt(page, path);
    return { path: `content.${path}`, ...(blockId ? { blockId } : {}) };
  };
  return [
    ...refusals.map((refusal, index): PageCheck => ({
      id: `claims.refusal:${refusal.path}:${index}`,
      category: 'claims',
      level: 'error',
      message: refusal.message,
      ...at(refusal.path),
    })),
    // With the lint blocking, its findings are refusals already (checkClaims lists both).
    ...(facts.claimsLint === 'block'
      ? []
      : findings.map((finding, index): PageCheck => ({
          id: `claims.lint:${finding.path}:${index}`,
          category: 'claims',
          level: 'warning',
          message: `“${finding.words}” reads like a claim (“${finding.excerpt}”): use an approved claim instead of free text.`,
          ...at(finding.path),
        }))),
  ];
}

/** Every finding of the checks on `page`, errors first. */
export function runChecks(page: CheckedPage, facts: CheckFacts): PageCheck[] {
  const html = pageMarkup({
    slug: page.slug,
    content: page.content,
    media: facts.media,
    forms: facts.forms,
    claims: facts.pageClaims,
  });
  const elements = elementsOf(html);
  const input: RuleInput = {
    page,
    elements,
    byId: idsOf(elements),
    site: facts,
    serves: (path) => servedPath(path, page.slug, facts.livePaths),
    blockPath: blockPaths(page),
  };
  // Checked as it will be once live: indexable unless its own settings say otherwise.
  const seo = resolveSeo({ slug: page.slug, isActive: true }, page.content, facts.pageClaims);
  return sortChecks([
    ...checkPlaceholders(input),
    ...checkLinks(input),
    ...checkAccessibility(input, LANDING_LANG),
    ...checkStructuredData(input),
    ...checkSearch(input, seo),
    ...claimChecks(page, facts),
  ]);
}
