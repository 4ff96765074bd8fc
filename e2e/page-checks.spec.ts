// The axe helper itself (e2e/page-checks.ts): it runs axe in the page (legacy mode,
// docs/decisions/0593-axe-runs-in-the-page.md), and still reads the page's same-origin frames,
// as the editor's live preview is. Two made-up pages answered by the browser itself: no server.
import { expect, test } from 'playwright/test';
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
