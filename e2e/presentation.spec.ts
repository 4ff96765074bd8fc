// /presentation: prerendered slides, Previous/Next clamped at the ends, the 'n / 6'
// counter, keyboard control, swipes on touch screens (with the hint that fits the device)
// and a fullscreen toggle kept in sync with the browser; a plain module, no React.
import { expect, test, type Browser, type Page } from 'playwright/test';
import { axeViolations } from './page-checks.ts';

/** The deck's module marks the deck once its controls work; a click before that is lost. */
async function deckReady(page: Page) {
  await page.locator('[data-deck][data-deck-ready="true"]').waitFor({ state: 'attached' });
}

async function openDeck(page: Page) {
  await page.goto('/presentation');
  await deckReady(page);
  await page.locator('body').click({ position: { x: 5, y: 5 } });
}

const counter = (page: Page) => page.getByTestId('slide-counter');
const visibleSlide = (page: Page) => page.locator('[data-testid=slide]:not([hidden])');

test('without JavaScript every slide shows, one under the other, without the controls', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/presentation');
  await expect(page.getByTestId('slide')).toHaveCount(6);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('PharmaBridge Presentation');
  await expect(page.getByTestId('slide').getByRole('heading', { level: 2 })).toHaveText([
    'PharmaBridge',
    'The Challenge',
    'The Solution',
    'The Supplier Portal',
    'Benefits on Both Sides',
    'Next Steps',
  ]);
  for (const slide of await page.getByTestId('slide').all()) await expect(slide).toBeVisible();
  // Stacked in order: each slide starts below the one before.
  const tops = await page
    .getByTestId('slide')
    .evaluateAll((slides) => slides.map((slide) => slide.getBoundingClientRect().top));
  expect(tops).toEqual([...tops].sort((a, b) => a - b));
  expect(new Set(tops).size).toBe(6);
  await expect(page.locator('#slide-benefits')).toContainText('For Suppliers');
  await expect(page.locator('#slide-benefits')).toContainText('For Your Team');
  // Buttons that could not work, a counter and key hints are left out.
  await expect(page.getByRole('button', { name: 'Next' })).toBeHidden();
  await expect(counter(page)).toBeHidden();
  await expect(page.getByTestId('keyboard-hint')).toBeHidden();
  await context.close();
});

test('with JavaScript the HTML shows the first slide only, before the module has run', async ({
  page,
}) => {
  // The module is held back, so this is what the prerendered HTML alone shows.
  await page.route(/\/_astro\/.*\.js$/, (route) => route.abort());
  await page.goto('/presentation');
  await expect(visibleSlide(page)).toHaveCount(1);
  await expect(visibleSlide(page).getByRole('heading', { level: 2 })).toHaveText('PharmaBridge');
  await expect(counter(page)).toHaveText('1 / 6');
  await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();
});

test('the deck loads no React and no island, only its own small module', async ({ page }) => {
  const scripts: Promise<string>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.text());
  });
  await openDeck(page);
  await expect(page.locator('astro-island')).toHaveCount(0);
  expect(scripts.length).toBeGreaterThan(0);
  // React's element tag: in every build of React, and nowhere in the deck's module.
  for (const body of await Promise.all(scripts))
    expect(body).not.toMatch(/Symbol\.for\(["'`]react\./);
  await page.keyboard.press('ArrowRight');
  await expect(counter(page)).toHaveText('2 / 6');
});

test('Previous and Next move one slide and are disabled at the ends', async ({ page }) => {
  await openDeck(page);
  const previous = page.getByRole('button', { name: 'Previous' });
  const next = page.getByRole('button', { name: 'Next' });
  await expect(counter(page)).toHaveText('1 / 6');
  await expect(previous).toBeDisabled();
  await expect(next).toBeEnabled();

  await next.click();
  await expect(counter(page)).toHaveText('2 / 6');
  await expect(previous).toBeEnabled();
  await expect(visibleSlide(page).getByRole('heading')).toHaveText('The Challenge');

  for (let n = 3; n <= 6; n += 1) {
    await next.click();
    await expect(counter(page)).toHaveText(`${n} / 6`);
  }
  await expect(next).toBeDisabled();
  await expect(visibleSlide(page).getByRole('heading', { level: 2 })).toHaveText('Next Steps');

  await previous.click();
  await expect(counter(page)).toHaveText('5 / 6');
  await expect(visibleSlide(page)).toContainText('For Suppliers');
});

test('ArrowRight and Space go forward, ArrowLeft back, clamped at both ends', async ({ page }) => {
  await openDeck(page);
  await page.keyboard.press('ArrowLeft');
  await expect(counter(page)).toHaveText('1 / 6');
  await page.keyboard.press('ArrowRight');
  await expect(counter(page)).toHaveText('2 / 6');
  await page.keyboard.press('Space');
  await expect(counter(page)).toHaveText('3 / 6');
  await page.keyboard.press('ArrowLeft');
  await expect(counter(page)).toHaveText('2 / 6');
  for (let i = 0; i < 8; i += 1) await page.keyboard.press('ArrowRight');
  await expect(counter(page)).toHaveText('6 / 6');
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
  // The image slide shows the supplier portal screenshot.
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(visibleSlide(page).getByRole('img')).toHaveAttribute(
    'src',
    '/screenshots/supplier-portal.png',
  );
});

test('F and f toggle fullscreen, and the button follows the browser state', async ({ page }) => {
  await openDeck(page);
  const isFullscreen = () => page.evaluate(() => document.fullscreenElement !== null);
  const toggle = page.getByRole('button', { name: /fullscreen/i });
  await expect(toggle).toHaveText('Fullscreen');
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');

  await page.keyboard.press('f');
  await expect.poll(isFullscreen).toBe(true);
  await expect(toggle).toHaveText('Exit fullscreen');
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');

  await page.keyboard.press('Shift+F');
  await expect.poll(isFullscreen).toBe(false);
  await expect(toggle).toHaveText('Fullscreen');

  // Leaving fullscreen another way (Escape, the browser UI) updates the button too.
  await toggle.click();
  await expect.poll(isFullscreen).toBe(true);
  await expect(toggle).toHaveText('Exit fullscreen');
  await page.evaluate(() => document.exitFullscreen());
  await expect(toggle).toHaveText('Fullscreen');
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
});

const TOUCH = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

async function openTouchDeck(browser: Browser, options: { reducedMotion?: 'reduce' } = {}) {
  const context = await browser.newContext({ ...TOUCH, ...options });
  const page = await context.newPage();
  await page.goto('/presentation');
  await deckReady(page);
  return { context, page };
}

/**
 * A one-finger swipe across the slide, sent as real touch input through the DevTools
 * protocol: Chromium turns it into pointer events and applies the page's touch-action.
 */
async function swipe(page: Page, dx: number, dy = 0) {
  const stage = (await page.getByTestId('slide-stage').boundingBox())!;
  const x = stage.x + stage.width / 2 - dx / 2;
  const y = stage.y + stage.height / 2 - dy / 2;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
  for (let step = 1; step <= 8; step += 1) {
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: [{ x: x + (dx * step) / 8, y: y + (dy * step) / 8 }],
    });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

test('a touch screen shows the swipe hint instead of the keyboard hint', async ({ browser }) => {
  const { context, page } = await openTouchDeck(browser);
  await expect(page.getByTestId('keyboard-hint')).toBeHidden();
  await expect(page.getByTestId('swipe-hint')).toBeVisible();
  await context.close();

  const desktop = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const desktopPage = await desktop.newPage();
  await openDeck(desktopPage);
  await expect(desktopPage.getByTestId('keyboard-hint')).toBeVisible();
  await expect(desktopPage.getByTestId('swipe-hint')).toBeHidden();
  await desktop.close();
});

test('swiping left goes forward, right goes back, clamped at both ends', async ({ browser }) => {
  const { context, page } = await openTouchDeck(browser);
  await expect(counter(page)).toHaveText('1 / 6');
  await swipe(page, 160);
  await expect(counter(page), 'a swipe to the right on the first slide stays').toHaveText('1 / 6');
  await swipe(page, -160);
  await expect(counter(page)).toHaveText('2 / 6');
  await expect(visibleSlide(page).getByRole('heading')).toHaveText('The Challenge');
  await swipe(page, -160);
  await expect(counter(page)).toHaveText('3 / 6');
  await swipe(page, 160);
  await expect(counter(page)).toHaveText('2 / 6');
  for (let i = 0; i < 6; i += 1) await swipe(page, -160);
  await expect(counter(page)).toHaveText('6 / 6');
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
  await context.close();
});

test('short or mostly vertical moves are not swipes', async ({ browser }) => {
  const { context, page } = await openTouchDeck(browser);
  await swipe(page, -30);
  await swipe(page, -60, 200);
  await page.getByTestId('slide-stage').tap();
  // A real swipe afterwards still works, so the moves above were seen and ignored.
  await swipe(page, -160);
  await expect(counter(page)).toHaveText('2 / 6');
  await context.close();
});

test('a mouse drag does not change slides', async ({ page }) => {
  await openDeck(page);
  const stage = (await page.getByTestId('slide-stage').boundingBox())!;
  await page.mouse.move(stage.x + stage.width / 2 + 100, stage.y + stage.height / 2);
  await page.mouse.down();
  await page.mouse.move(stage.x + stage.width / 2 - 100, stage.y + stage.height / 2, {
    steps: 8,
  });
  await page.mouse.up();
  await page.keyboard.press('ArrowRight');
  await expect(counter(page)).toHaveText('2 / 6');
});

test('swipes respect reduced motion; going back slides in from the left', async ({ browser }) => {
  const animation = (page: Page) =>
    visibleSlide(page).evaluate((el) => getComputedStyle(el).animationName);
  const moving = await openTouchDeck(browser);
  await swipe(moving.page, -160);
  await expect(counter(moving.page)).toHaveText('2 / 6');
  expect(await animation(moving.page)).toBe('pb-slide-in');
  await swipe(moving.page, 160);
  await expect(counter(moving.page)).toHaveText('1 / 6');
  expect(await animation(moving.page)).toBe('pb-slide-in-back');
  await moving.context.close();

  const still = await openTouchDeck(browser, { reducedMotion: 'reduce' });
  await swipe(still.page, -160);
  await expect(counter(still.page)).toHaveText('2 / 6');
  expect(await animation(still.page)).toBe('none');
  await swipe(still.page, 160);
  await expect(counter(still.page)).toHaveText('1 / 6');
  expect(await animation(still.page)).toBe('none');
  await still.context.close();
});

test('slide transitions respect reduced motion', async ({ browser }) => {
  const animationOf = async (reducedMotion: 'reduce' | 'no-preference') => {
    const context = await browser.newContext({ reducedMotion });
    const page = await context.newPage();
    await openDeck(page);
    await page.keyboard.press('ArrowRight');
    const name = await visibleSlide(page).evaluate((el) => getComputedStyle(el).animationName);
    await context.close();
    return name;
  };
  expect(await animationOf('no-preference')).toBe('pb-slide-in');
  expect(await animationOf('reduce')).toBe('none');
});

for (const [label, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['mobile', { width: 390, height: 844 }],
] as const) {
  test(`axe finds no violation on /presentation (${label})`, async ({ browser }) => {
    // Several full axe runs in one test.
    test.setTimeout(90_000);
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await openDeck(page);
    for (let slide = 1; slide <= 6; slide += 1) {
      // Contrast is judged on the settled slide, not mid fade-in.
      await page.waitForFunction(() =>
        document.getAnimations().every((animation) => animation.playState !== 'running'),
      );
      const violations = await axeViolations(page);
      expect(violations.map((violation) => `slide ${slide} ${violation}`)).toEqual([]);
      await page.keyboard.press('ArrowRight');
    }
    await context.close();
  });
}
