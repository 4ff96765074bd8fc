// A page from every built-in template, published through the checks before publishing
// (issue 38): each is created as a draft, is refused publication while the checks find errors
// (the speakers still called "Speaker name"), gets its speakers' names, is published, and then,
// as the static build serves it, is valid HTML by the W3C Nu Html Checker, passes axe, has no
// link to an anchor it lacks, and carries Event structured data whose location is a Place with
// a PostalAddress or a VirtualLocation with its URL (Google's rich-result rules). Runs on the
// publishing server: the pages are built.
import { expect, test, type APIRequestContext } from 'playwright/test';
import { E2E_ADMIN } from './playwright.config.ts';
import { deadAnchors, expectNoAxeViolations, screenshotsIn } from './page-checks.ts';
import { vnuErrors } from './vnu.ts';
import { BUILT_IN_TEMPLATE_IDS } from '../functions/shared/page-templates.ts';
import type { LandingContent } from '../functions/shared/landing-content.ts';

const shoot = screenshotsIn('/tmp/shots/template-pages');
const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
test.use({
  userAgent:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
});

interface Created {
  id: string;
  revision: number;
  content: LandingContent;
}

/** The content with every placeholder speaker named. */
function named(content: LandingContent): LandingContent {
  let n = 0;
  const names = ['Dr. Anna Weber', 'Jonas Richter', 'Mei Tanaka', 'Carlos Mendes'];
  return {
    ...content,
    layout: content.layout?.map((block) =>
      block.type === 'event'
        ? {
            ...block,
            speakers: block.speakers.map((speaker) => ({ ...speaker, name: names[n++ % 4]! })),
          }
        : block,
    ),
  };
}

/** A draft page from `templateId`, refused while it has errors, then named and published. */
async function publishFromTemplate(request: APIRequestContext, templateId: string) {
  const slug = `from-${templateId}-${run}`;
  const created = await request.post('/api/landing-pages', {
    data: {
      title: `From ${templateId} ${run}`,
      slug,
      isActive: false,
      startFrom: 'template',
      templateId,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const page = (await created.json()) as Created;
  const hasSpeakers = page.content.layout?.some(
    (block) => block.type === 'event' && block.speakers.length > 0,
  );
  if (hasSpeakers) {
    const refused = await request.post(`/api/landing-pages/${page.id}/publish`, { data: {} });
    expect(refused.status()).toBe(409);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toContain(
      'is still called “Speaker name”',
    );
    const saved = await request.put(`/api/landing-pages/${page.id}`, {
      data: { content: named(page.content), revision: page.revision },
    });
    expect(saved.status(), await saved.text()).toBe(200);
  }
  const checks = (await (await request.get(`/api/landing-pages/${page.id}/checks`)).json()) as {
    checks: { level: string; message: string }[];
  };
  expect(checks.checks.filter((check) => check.level === 'error')).toEqual([]);
  const published = await request.post(`/api/landing-pages/${page.id}/publish`, { data: {} });
  expect(published.status(), await published.text()).toBe(200);
  return `/${slug}`;
}

test('a page from each template publishes valid, accessible, without dead links, with valid Event data', async ({
  page,
  request,
}) => {
  test.setTimeout(420_000);
  expect((await request.post('/api/auth/login', { data: E2E_ADMIN })).ok()).toBe(true);
  const paths = new Map<string, string>();
  for (const id of BUILT_IN_TEMPLATE_IDS) paths.set(id, await publishFromTemplate(request, id));

  // Each as the static build serves it (the rebuild after the publications).
  await expect
    .poll(
      async () => {
        const answers = await Promise.all(
          [...paths.values()].map(async (path) => {
            const response = await request.get(path);
            return response.ok() && (await response.text()).includes('data-landing');
          }),
        );
        return answers.every(Boolean);
      },
      { timeout: 300_000, intervals: [1000] },
    )
    .toBe(true);

  const html = new Map<string, string>();
  await page.emulateMedia({ reducedMotion: 'reduce' });
  for (const [id, path] of paths) {
    await page.goto(path);
    html.set(path, await (await request.get(path)).text());
    const dead = await deadAnchors(page);
    expect(dead, id).toEqual([]);
    await expect(page.locator('h1'), id).toHaveCount(1);
    await expectNoAxeViolations(page);
    const events = await page
      .locator('script[type="application/ld+json"]')
      .evaluateAll((nodes) =>
        nodes
          .map((node) => JSON.parse(node.textContent ?? '{}') as Record<string, unknown>)
          .filter((data) => data['@type'] === 'Event'),
      );
    for (const event of events) {
      expect(typeof event['name'], id).toBe('string');
      expect(event['startDate'], id).toMatch(/^\d{4}-\d\d-\d\dT/);
      const locations = [event['location']].flat() as Record<string, unknown>[];
      expect(locations.length, id).toBeGreaterThan(0);
      for (const location of locations) {
        if (location['@type'] === 'VirtualLocation') {
          expect(location['url'], id).toMatch(/^https:\/\//);
        } else {
          expect(location['@type'], id).toBe('Place');
          expect(location['address'], id).toMatchObject({
            '@type': 'PostalAddress',
            addressLocality: expect.any(String),
            addressCountry: expect.stringMatching(/^[A-Z]{2}$/),
          });
        }
      }
    }
    if (id === 'webinar' || id === 'event') expect(events, id).toHaveLength(1);
    if (id === 'event') await shoot(page, `template-${id}`);
  }
  expect(await vnuErrors(html)).toEqual([]);
});
