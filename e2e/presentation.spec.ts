// /presentation: prerendered slides, Previous/Next clamped at the ends, the 'n / 6'
// counter, keyboard control and a fullscreen toggle kept in sync with the browser.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from 'playwright/test';
import { hydrated } from './hydration.ts';

async function openDeck(page: Page) {
  await page.goto('/presentation');
  await hydrated(page);
  await page.locator('body').click({ position: { x: 5, y: 5 } });
}

const counter = (page: Page) => page.getByTestId('slide-counter');
const visibleSlide = (page: Page) => page.locator('[data-testid=slide]:not([hidden])');

test('the slides are in the HTML without JavaScript, the first one visible', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/presentation');
  await expect(page.getByTestId('slide')).toHaveCount(6);
  await expect(visibleSlide(page)).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('PharmaBridge presentation');
  await expect(visibleSlide(page).getByRole('heading', { level: 2 })).toHaveText('PharmaBridge');
  await expect(counter(page)).toHaveText('1 / 6');
  // Later slides' content is prerendered too.
  await expect(page.locator('#slide-benefits')).toContainText('For Suppliers');
  await expect(page.locator('#slide-benefits')).toContainText('For Your Team');
  await context.close();
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
  await expect(visibleSlide(page).getByRole('heading')).toHaveText('The challenge');

  for (let n = 3; n <= 6; n += 1) {
    await next.click();
    await expect(counter(page)).toHaveText(`${n} / 6`);
  }
  await expect(next).toBeDisabled();
  await expect(visibleSlide(page).getByRole('heading', { level: 2 })).toHaveText('Next steps');

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
      const results = await new AxeBuilder({ page }).analyze();
      expect(
        results.violations.map(
          (v) => `slide ${slide} ${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`,
        ),
      ).toEqual([]);
      await page.keyboard.press('ArrowRight');
    }
    await context.close();
  });
}
