// The axe helper itself (e2e/page-checks.ts): it runs axe in the page
// (docs/decisions/0593-axe-runs-in-the-page.md), and still reads the page's same-origin frames,
// as the editor's live preview is. It evaluates axe once per document, and never takes an axe
// the page brought for its own (docs/decisions/0595-axe-evaluated-once-per-document.md).
// Made-up pages answered by the browser itself: no server.
import { expect, test, type Page } from 'playwright/test';
import { axeViolations } from './page-checks.ts';

const ORIGIN = 'http://axe-check.test';
const OTHER_ORIGIN = 'http://other.test';
const FRAME = `<!doctype html><html lang="en"><head><title>Frame</title></head>
<body><button></button></body></html>`;
const PAGE = (
  frameOrigin: string,
) => `<!doctype html><html lang="en"><head><title>Page</title></head>
<body><main><h1>A page</h1><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">
<iframe title="Preview" src="${frameOrigin}/frame"></iframe></main></body></html>`;

for (const [where, frameOrigin, expected] of [
  [
    'in the page and in a same-origin frame',
    ORIGIN,
    ['button-name: iframe button', 'image-alt: img'],
  ],
  // Legacy mode does not reach into another origin's frame: a video player's (the only one
  // the site frames, after a click), whose markup is not ours.
  ['in the page only, when the frame is of another origin', OTHER_ORIGIN, ['image-alt: img']],
] as const) {
  test(`axeViolations finds violations ${where}`, async ({ page }) => {
    for (const origin of [ORIGIN, OTHER_ORIGIN]) {
      await page.route(`${origin}/**`, (route) =>
        route.fulfill({
          contentType: 'text/html',
          body: new URL(route.request().url()).pathname === '/frame' ? FRAME : PAGE(frameOrigin),
        }),
      );
    }
    await page.goto(`${ORIGIN}/`);
    await expect(page.frameLocator('iframe').getByRole('button')).toBeAttached();
    expect((await axeViolations(page)).sort()).toEqual(expected);
  });
}

/** Answers every request to ORIGIN with `body`. */
async function serve(page: Page, body: string): Promise<void> {
  await page.route(`${ORIGIN}/**`, (route) => route.fulfill({ contentType: 'text/html', body }));
}

const IMAGE_PAGE = `<!doctype html><html lang="en"><head><title>Page</title></head>
<body><main><h1>A page</h1><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="></main></body></html>`;

test('a second check of the same document runs the axe it evaluated, on the page as it is then', async ({
  page,
}) => {
  await serve(page, IMAGE_PAGE);
  await page.goto(`${ORIGIN}/`);
  expect(await axeViolations(page)).toEqual(['image-alt: img']);
  // Marks the axe object the first check left; the second finds the mark on the one it runs.
  await page.evaluate(() => ((window as unknown as { axe: { seen?: true } }).axe.seen = true));
  await page.locator('img').evaluate((image) => image.setAttribute('alt', 'A dot'));
  expect(await axeViolations(page)).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { axe: { seen?: true } }).axe.seen)).toBe(
    true,
  );
});

test('axeViolations does not run an axe the page brought for its own', async ({ page }) => {
  // A page whose own `window.axe` finds nothing (the admin bundles axe for its checks, and
  // may configure it its own way): the helper evaluates its own and finds the missing alt.
  await serve(
    page,
    IMAGE_PAGE.replace(
      '</body>',
      `<script>window.axe = { configure() {}, run: async () => ({ violations: [] }) };</script></body>`,
    ),
  );
  await page.goto(`${ORIGIN}/`);
  expect(await axeViolations(page)).toEqual(['image-alt: img']);
});
