// One coherent site (issue 15), checked over the built HTML of every sitemap page and the
// 404 page: no wording that contradicts content/claims.json, the uptime SLA always scoped
// to its plan, public prices where pricing is mentioned, every results figure sourced,
// US English with one form of "email", and one heading case (title case;
// docs/decisions/0053-copy-us-english-title-case.md).
import { expect, test, type APIRequestContext, type Page } from 'playwright/test';
import { CLAIMS, claimVariants } from '../site/lib/claims.ts';

/** What each page shows, read from its prerendered HTML (no script runs). */
interface PageFacts {
  path: string;
  /** Body text, JSON-LD strings, meta tag contents, image alt texts and ARIA labels. */
  text: string;
  headings: string[];
  /** Text of the nearest enclosing block of every "99.99%", up to its section. */
  slaContexts: string[];
  /** Results lists whose figures lack a source line. */
  unsourcedResults: string[];
}

async function sitemapPaths(request: APIRequestContext): Promise<string[]> {
  const xml = await (await request.get('/sitemap.xml')).text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
}

async function readPage(page: Page, path: string, html: string): Promise<PageFacts> {
  const facts = await page.evaluate((source) => {
    const doc = new DOMParser().parseFromString(source, 'text/html');
    // Structured data and meta tags make claims too (search results show them): every
    // string in each JSON-LD block, and every meta tag's content, are checked with the text.
    const strings = (value: unknown): string[] =>
      typeof value === 'string'
        ? [value]
        : value && typeof value === 'object'
          ? Object.values(value).flatMap(strings)
          : [];
    const structured = [
      ...[...doc.querySelectorAll('script[type="application/ld+json"]')].flatMap((script) =>
        strings(JSON.parse(script.textContent ?? 'null')),
      ),
      ...[...doc.querySelectorAll('meta[content]')].map(
        (meta) => meta.getAttribute('content') ?? '',
      ),
      // Addresses (og:url, a logo, a page's @id) are routes the requirements name, not copy.
    ].filter((value) => !/^https?:\/\//.test(value));
    doc.querySelectorAll('script, style, template, noscript').forEach((node) => node.remove());
    const clean = (value: string | null | undefined) => (value ?? '').replace(/\s+/g, ' ').trim();
    const text = [
      clean(doc.body.textContent),
      ...structured,
      ...[...doc.querySelectorAll('img[alt]')].map((img) => img.getAttribute('alt') ?? ''),
      ...[...doc.querySelectorAll('[aria-label]')].map((el) => el.getAttribute('aria-label') ?? ''),
    ].join(' \n ');

    const headings = [...doc.querySelectorAll('h1, h2, h3, h4, h5, h6')].map((heading) =>
      clean(heading.textContent),
    );

    // Walk up from each "99.99%" until a block names the plan or a section boundary is hit.
    const slaContexts: string[] = [];
    const walker = doc.createTreeWalker(doc.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.includes('99.99%')) continue;
      let block = node.parentElement;
      let context = clean(block?.textContent);
      while (block && !/\bEnterprise\b(?!-)/.test(context)) {
        if (block.matches('section, main, article, body, [role="group"]')) break;
        block = block.parentElement;
        context = clean(block?.textContent);
      }
      slaContexts.push(context.slice(0, 300));
    }

    const unsourcedResults = [...doc.querySelectorAll('dl[data-results]')]
      .filter((list) => {
        const after = clean(list.nextElementSibling?.textContent);
        if (after.startsWith('Source:')) return false;
        return [...list.children].some((figure) => !clean(figure.textContent).includes('Source:'));
      })
      .map((list) => clean(list.textContent).slice(0, 120));

    return { text, headings, slaContexts, unsourcedResults };
  }, html);
  return { path, ...facts };
}

/** Every public page once: the sitemap, and the 404 page a lost visitor sees. */
async function crawl(page: Page, request: APIRequestContext): Promise<PageFacts[]> {
  const pages: PageFacts[] = [];
  for (const path of [...(await sitemapPaths(request)), '/no-such-page']) {
    const response = await request.get(path);
    expect([200, 404], path).toContain(response.status());
    pages.push(await readPage(page, path, await response.text()));
  }
  expect(pages.length).toBeGreaterThanOrEqual(25);
  return pages;
}

test('no page words a claim in a way that contradicts content/claims.json', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const found: string[] = [];
  for (const facts of await crawl(page, request)) {
    for (const { regex, why } of claimVariants()) {
      for (const match of facts.text.matchAll(regex)) {
        const at = match.index ?? 0;
        found.push(`${facts.path}: "…${facts.text.slice(Math.max(0, at - 40), at + 60)}…": ${why}`);
      }
    }
  }
  expect(found).toEqual([]);
});

test('the uptime SLA is always scoped to the Enterprise plan', async ({ page, request }) => {
  test.setTimeout(90_000);
  const pages = await crawl(page, request);
  const unscoped = pages.flatMap((facts) =>
    facts.slaContexts
      .filter((context) => !/\bEnterprise\b(?!-)/.test(context))
      .map((context) => `${facts.path}: ${context}`),
  );
  expect(unscoped).toEqual([]);
  // The claim is made where buyers look for it.
  for (const path of ['/pricing', '/terms', '/product/platform-security']) {
    expect(
      pages.find((facts) => facts.path === path)?.slaContexts.length,
      `${path} states the SLA`,
    ).toBeGreaterThan(0);
  }
});

test('prices are public and worded one way; the claims pages say them as content/claims.json does', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const pages = await crawl(page, request);
  const text = (path: string) => pages.find((facts) => facts.path === path)?.text ?? '';
  // The landing page no longer hides the price behind "Reach Out for Pricing" alone.
  for (const path of ['/', '/pricing']) expect(text(path), path).toContain(CLAIMS.pricing.from);
  // The Starter card shows the same price.
  expect(text('/pricing')).toMatch(
    new RegExp(`\\${CLAIMS.pricing.startingPrice}\\s*${CLAIMS.pricing.period}`),
  );
  // Certifications in their one wording, on the security page and in the landing hero.
  for (const entry of CLAIMS.certifications) {
    expect(text('/product/platform-security')).toContain(entry.detail);
    expect(text('/')).toContain(entry.short);
  }
  // The free trial is named one way wherever it is offered.
  for (const path of ['/', '/pricing', '/pilot', '/how-it-works', '/resources/faq']) {
    expect(text(path), path).toContain(CLAIMS.trial.name);
  }
});

test('every results figure carries a source line', async ({ page, request }) => {
  test.setTimeout(90_000);
  const pages = await crawl(page, request);
  expect(
    pages.flatMap((facts) => facts.unsourcedResults.map((r) => `${facts.path}: ${r}`)),
  ).toEqual([]);
  // The figures of docs/requirements.md's product pages are there, each with its source.
  const manufacturers = pages.find((facts) => facts.path === '/product/manufacturers')!;
  for (const figure of CLAIMS.results.manufacturers) {
    expect(manufacturers.text).toContain(`Source: ${figure.source}`);
  }
  const suppliers = pages.find((facts) => facts.path === '/product/suppliers')!;
  for (const figure of CLAIMS.results.suppliers) {
    expect(suppliers.text).toContain(`Source: ${figure.source}`);
  }
});

/** British spellings the copy has used or might; the site writes US English. */
const BRITISH =
  /\b(colour\w*|behaviour\w*|centre[ds]?|favour\w*|honour\w*|licence|catalogue[ds]?|programmes?|defence|organis\w*|recognis\w*|analys(e|ed|ing)|utilis\w*|prioritis\w*|minimis\w*|summaris\w*|authoris\w*|customis\w*|optimis\w*|standardis\w*|normalis\w*|anonymis\w*|tokenis\w*|wilful|travell\w*|enrol(s|ment)?|fulfil(s|ment)?|judgement|acknowledgement|modell\w*|cancell(ed|ing)|labell(ed|ing)|signall\w*|whilst|amongst)\b/gi;

test('the copy is US English and writes "email" one way', async ({ page, request }) => {
  test.setTimeout(90_000);
  const found: string[] = [];
  for (const facts of await crawl(page, request)) {
    for (const match of facts.text.matchAll(BRITISH)) found.push(`${facts.path}: ${match[0]}`);
    for (const match of facts.text.matchAll(/\be-mail\w*/gi)) {
      found.push(`${facts.path}: ${match[0]}`);
    }
  }
  expect(found).toEqual([]);
});

/** Words a title-case heading keeps lowercase unless they start or end it. */
const MINOR = new Set(
  'a an the and but for nor or so yet as at by from in into of on onto per to via vs with'.split(
    ' ',
  ),
);
/** docs/requirements.md's own sentence-case texts, kept verbatim. */
const SPEC_HEADINGS = new Set([
  'Validated data at the source',
  'A purpose-built portal your suppliers will enjoy using',
  'Contract-compliant and validated at the source',
  'Same-day Contract Fulfillment',
  'Contract-clean Data Delivery',
  'Send us a Message',
]);

/** The heading in title case: what the page should show. */
function titleCase(heading: string): string {
  const words = heading.split(' ');
  let startsSentence = true;
  return words
    .map((word, index) => {
      const [, before = '', core = '', after = ''] =
        /^([^\p{L}\p{N}]*)(.*?)([^\p{L}\p{N}]*)$/u.exec(word)!;
      const first = startsSentence;
      startsSentence = /[:.?!]$/.test(word);
      // Numbers, codes and the like keep their form.
      if (!/^\p{L}/u.test(core) || /[\d_./]/.test(core)) return word;
      const parts = core.split('-').map((part, partIndex, all) => {
        const edge =
          (first && partIndex === 0) ||
          (index === words.length - 1 && partIndex === all.length - 1);
        if (
          !edge &&
          MINOR.has(part.toLowerCase()) &&
          part.slice(1) === part.slice(1).toLowerCase()
        ) {
          return part.toLowerCase();
        }
        return part.charAt(0).toUpperCase() + part.slice(1);
      });
      return `${before}${parts.join('-')}${after}`;
    })
    .join(' ');
}

test('headings are in title case, except the texts docs/requirements.md fixes in sentence case', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const wrong: string[] = [];
  for (const facts of await crawl(page, request)) {
    for (const heading of facts.headings) {
      if (SPEC_HEADINGS.has(heading)) continue;
      const expected = titleCase(heading);
      if (expected !== heading) wrong.push(`${facts.path}: "${heading}" should be "${expected}"`);
    }
  }
  expect([...new Set(wrong)]).toEqual([]);
});
