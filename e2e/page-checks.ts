// Checks the specs share: axe finds no violation on the page as it is, the CSP reports no
// violation, and full-page screenshots at the two widths the issues ask for (desktop and
// phone). And the waits for a state that replace fixed waits: the page's requests so far
// all seen, its motion ended.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Frame, type Page } from 'playwright/test';
import { reviewShot, SCREENSHOTS } from './screenshots.ts';

/** axe-core's minified build: the project's own `axe-core` dependency. */
const AXE_MIN = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Set on the axe object this helper evaluated in a document. A later check of the same document
 * (the crawl checks each page at two widths, a spec checks a dialog and then the page) runs
 * that axe instead of evaluating its 654 KB again; an axe the page loaded itself (the admin's
 * checks bundle one, maybe configured its own way) never passes for it.
 */
const INJECTED = '__pharmabridgeE2eAxe';
/** How long a frame other than the top one may take to get axe before it is left out. */
const FRAME_LIMIT_MS = 10_000;

/** What the helper uses of axe in the page (axe-core's own types are not loaded there). */
interface PageAxe {
  [INJECTED]?: true;
  configure(spec: { allowedOrigins: string[]; branding: { application: string } }): void;
  run(
    context: { include: string[]; exclude: string[] },
    options: { resultTypes: string[] },
  ): Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }>;
}
type AxeWindow = Window & { axe?: PageAxe };

/** Parts of a page to check: axe's include and exclude selectors. */
export type AxeScope = { include?: string[]; exclude?: string[] };

/**
 * Evaluates axe in each frame of the page that lacks this helper's axe, and lets it answer
 * frames of the page's own origin only: axe in the top frame asks the same-origin frames (the
 * editor's live preview) for their results, never another origin's (a video player's).
 * A frame that cannot take it (one detached meanwhile) is left out, as @axe-core/playwright
 * leaves it out; the top frame's failure fails the check.
 */
async function injectAxe(page: Page): Promise<void> {
  for (const frame of page.frames()) {
    if (frame === page.mainFrame()) {
      await injectAxeIn(frame);
      continue;
    }
    // A limit, not a wait: a frame that never gets a document (a player that cannot load)
    // would hold the check until the test's timeout.
    let timer: NodeJS.Timeout | undefined;
    const limit = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('no answer')), FRAME_LIMIT_MS);
    });
    await Promise.race([injectAxeIn(frame), limit])
      .catch(() => undefined)
      .finally(() => clearTimeout(timer));
  }
}

/** Evaluates axe in one frame, unless this helper's axe is there already. */
async function injectAxeIn(frame: Frame): Promise<void> {
  const present = await frame.evaluate<boolean, typeof INJECTED>(
    (mark) => (window as AxeWindow).axe?.[mark] === true,
    INJECTED,
  );
  if (present) return;
  await frame.evaluate(AXE_MIN);
  await frame.evaluate<undefined, typeof INJECTED>((mark) => {
    const axe = (window as AxeWindow).axe!;
    axe.configure({ allowedOrigins: ['<same_origin>'], branding: { application: 'playwright' } });
    axe[mark] = true;
    return undefined;
  }, INJECTED);
}

/**
 * axe's violations on the page as it is, each as its rule and targets. Runs once CSS
 * transitions have ended: a colour caught half-way through a fade (a button just enabled) is
 * not the one visitors read. Transitions only: a running build's status dot pulses for as
 * long as the build runs. The one place the specs run axe (eslint.config.js): `axe.run` in the
 * page itself, which reaches its same-origin frames through axe's own frame messaging, asking
 * for the violations only (docs/decisions/0593-axe-runs-in-the-page.md), with axe evaluated
 * once per document (docs/decisions/0595-axe-evaluated-once-per-document.md).
 */
export async function axeViolations(page: Page, scope: AxeScope = {}): Promise<string[]> {
  await page.waitForFunction(
    () => !document.getAnimations().some((animation) => animation instanceof CSSTransition),
  );
  await injectAxe(page);
  const answer = await page.evaluate(
    async (context) => {
      try {
        const results = await (window as AxeWindow).axe!.run(context, {
          resultTypes: ['violations'],
        });
        return {
          violations: results.violations.map(
            (violation) =>
              `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`,
          ),
        };
      } catch (error) {
        return { error: String(error) };
      }
    },
    { include: scope.include ?? [], exclude: scope.exclude ?? [] },
  );
  if ('error' in answer) throw new Error(`axe failed in the page: ${answer.error}`);
  return answer.violations;
}

/** Fails with each violation's rule and targets (an empty list reads best in a diff). */
export async function expectNoAxeViolations(page: Page, scope: AxeScope = {}): Promise<void> {
  expect(await axeViolations(page, scope)).toEqual([]);
}

/** The in-page links (`#...`) whose target the page lacks (`#top` is the document's top). */
export const deadAnchors = (page: Page): Promise<string[]> =>
  page
    .locator('a[href^="#"]')
    .evaluateAll((links) =>
      links
        .map((link) => link.getAttribute('href')!)
        .filter((href) => href !== '#top' && !document.getElementById(href.slice(1))),
    );

let markers = 0;
/**
 * Resolves once every request the page has started so far has been seen by the test's
 * `page.on('request')` listeners: the page fetches a marker, and the browser reports a page's
 * requests in the order it makes them. For "nothing was sent" checks, instead of waiting a
 * while for a request that should not come.
 */
export async function requestsSent(page: Page): Promise<void> {
  const marker = `/api/health?sent=${(markers += 1)}`;
  const seen = page.waitForRequest((request) => request.url().endsWith(marker));
  await page.evaluate((url) => void fetch(url, { credentials: 'omit' }).catch(() => {}), marker);
  await seen;
}

/**
 * Resolves once no animation or transition that ends is running (an endless one, a pulsing
 * status dot, is left alone): what is then on screen is what a visitor looks at.
 */
export async function motionEnded(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getComputedTiming().iterations === Infinity,
      ),
  );
}

/**
 * `shoot(page, name)` writes `<dir>/<name>-1280.png` and `-390.png`, then back to 1280 px.
 * The whole page, or with `fullPage: false` the window (an open dialog's overlay is fixed to
 * the window, so a whole-page picture shows it over part of the page only).
 */
export const screenshotsIn =
  (dir: string) =>
  async (page: Page, name: string, { fullPage = true } = {}): Promise<void> => {
    if (!SCREENSHOTS) return;
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      // Two frames: what redraws on a resize (a Chart.js canvas, in the next frame) has.
      await page.evaluate(
        () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
      );
      await reviewShot(page, { path: `${dir}/${name}-${width}.png`, fullPage });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  };

/** Collects securitypolicyviolation events and CSP console errors of a page. */
export async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  const console: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) console.push(message.text());
  });
  // Init scripts run through the DevTools protocol, which CSP does not govern.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(
        `${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  return async () => [
    ...console,
    ...(await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? [])),
  ];
}

/**
 * WCAG 2.2's target size (2.5.8, AA) held strictly: every visible checkbox and "i" button
 * is at least 24 by 24 CSS pixels itself, without counting on the spacing exception (axe's
 * target-size rule accepts a smaller target with room around it; a consent box on a phone
 * should not need the room).
 */
export async function expectTargetSizes(page: Page): Promise<void> {
  const small = await page
    .locator('input[type="checkbox"], [data-info-tip]')
    .evaluateAll((targets) =>
      targets.flatMap((target) => {
        const box = target.getBoundingClientRect();
        if (box.width === 0 && box.height === 0) return []; // not rendered
        return box.width < 24 || box.height < 24
          ? [`${target.outerHTML.slice(0, 80)}: ${box.width}x${box.height}`]
          : [];
      }),
    );
  expect(small).toEqual([]);
}
