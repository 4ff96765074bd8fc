// The site header of docs/requirements.md §2: Product and Resources dropdowns open on hover (desktop),
// by keyboard and by click or tap, and close on Escape and on a click elsewhere; the mobile
// menu toggles, closes on Escape and highlights the active link.
import { expect, test, type Page } from 'playwright/test';

const DESKTOP = { width: 1280, height: 800 };
const MOBILE = { width: 390, height: 844 };

const desktopNav = (page: Page) => page.getByTestId('desktop-nav');
const summary = (page: Page, label: 'Product' | 'Resources') =>
  desktopNav(page).getByRole('button', { name: label });

test.describe('desktop dropdowns', () => {
  test.use({ viewport: DESKTOP });

  test('open on hover and close when the pointer leaves', async ({ page }) => {
    await page.goto('/pricing');
    const link = desktopNav(page).getByRole('link', { name: 'For Manufacturers' });
    await expect(link).toBeHidden();
    await summary(page, 'Product').hover();
    await expect(link).toBeVisible();
    await page.mouse.move(640, 600);
    await expect(link).toBeHidden();

    const docs = desktopNav(page).getByRole('link', { name: 'Documentation' });
    await summary(page, 'Resources').hover();
    await expect(docs).toBeVisible();
    await expect(docs).toHaveAttribute('href', '/resources/docs');
  });

  test('open with the keyboard: Tab to the button, then Enter or Space', async ({ page }) => {
    await page.goto('/company');
    const product = summary(page, 'Product');
    for (
      let i = 0;
      i < 6 && !(await product.evaluate((el) => el === document.activeElement));
      i++
    ) {
      await page.keyboard.press('Tab');
    }
    await expect(product).toBeFocused();
    await page.keyboard.press('Enter');
    const manufacturers = desktopNav(page).getByRole('link', { name: 'For Manufacturers' });
    await expect(manufacturers).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(manufacturers).toBeFocused();

    const resources = summary(page, 'Resources');
    await resources.focus();
    await page.keyboard.press('Space');
    await expect(desktopNav(page).getByRole('link', { name: 'Case Studies' })).toBeVisible();
    // One dropdown at a time: opening Resources closed Product.
    await expect(manufacturers).toBeHidden();
    await page.keyboard.press('Space');
    await expect(desktopNav(page).getByRole('link', { name: 'Case Studies' })).toBeHidden();
  });

  test('open and close by click', async ({ page }) => {
    await page.goto('/solutions');
    const product = summary(page, 'Product');
    await product.click();
    await expect(page.locator('#nav-product:popover-open')).toHaveCount(1);
    await page.mouse.move(640, 600);
    // Opened by click, it stays open without the hover.
    await expect(desktopNav(page).getByRole('link', { name: 'Platform & Security' })).toBeVisible();
    await product.click();
    await page.mouse.move(640, 600);
    await expect(desktopNav(page).getByRole('link', { name: 'Platform & Security' })).toBeHidden();
  });
});

test.describe('closing a dropdown', () => {
  test.use({ viewport: DESKTOP });

  test('Escape closes it and puts focus back on its button', async ({ page }) => {
    await page.goto('/faq');
    const product = summary(page, 'Product');
    await product.focus();
    await page.keyboard.press('Enter');
    const manufacturers = desktopNav(page).getByRole('link', { name: 'For Manufacturers' });
    await page.keyboard.press('Tab');
    await expect(manufacturers).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(manufacturers).toBeHidden();
    await expect(product).toBeFocused();
    await expect(page.locator('#nav-product:popover-open')).toHaveCount(0);
  });

  test('a click elsewhere on the page closes it', async ({ page }) => {
    await page.goto('/about');
    await summary(page, 'Resources').click();
    const faq = desktopNav(page).getByRole('link', { name: 'FAQ' });
    await page.mouse.move(640, 600);
    await expect(faq).toBeVisible();
    await page.mouse.click(640, 600);
    await expect(faq).toBeHidden();
  });

  test('the open dropdown sits under its button', async ({ page }) => {
    await page.goto('/pricing');
    const resources = summary(page, 'Resources');
    await resources.click();
    await page.mouse.move(640, 600);
    const list = page.locator('#nav-resources');
    await expect(list).toBeVisible();
    const button = (await resources.boundingBox())!;
    const box = (await list.boundingBox())!;
    expect(Math.abs(box.x - button.x)).toBeLessThan(2);
    expect(Math.abs(box.y - (button.y + button.height))).toBeLessThan(2);
  });
});

test.describe('touch', () => {
  test.use({ viewport: { width: 1100, height: 800 }, hasTouch: true });

  test('a tap opens a dropdown', async ({ page }) => {
    await page.goto('/how-it-works');
    await summary(page, 'Resources').tap();
    const faq = desktopNav(page).getByRole('link', { name: 'FAQ' });
    await expect(faq).toBeVisible();
    await expect(faq).toHaveAttribute('href', '/resources/faq');
  });
});

test.describe('mobile menu', () => {
  test.use({ viewport: MOBILE, isMobile: true, hasTouch: true });

  test('toggles and highlights the active link', async ({ page }) => {
    await page.goto('/pricing');
    await expect(desktopNav(page)).toBeHidden();
    const menu = page.getByTestId('mobile-nav');
    await expect(menu).toBeHidden();
    const toggle = page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: 'Menu' });
    await toggle.tap();
    await expect(menu).toBeVisible();

    const pricing = menu.getByRole('link', { name: 'Pricing' });
    await expect(pricing).toHaveAttribute('aria-current', 'page');
    await expect(pricing).toHaveClass(/bg-brand-50/);
    await expect(menu.locator('[aria-current="page"]')).toHaveCount(1);
    await expect(menu.getByRole('link', { name: 'Solutions' })).not.toHaveAttribute(
      'aria-current',
      'page',
    );
    for (const label of ['For Manufacturers', 'FAQ', 'Contact', 'Request Demo']) {
      await expect(menu.getByRole('link', { name: label, exact: true })).toBeVisible();
    }

    await toggle.tap();
    await expect(menu).toBeHidden();

    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(menu).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(toggle).toBeFocused();
  });

  test('highlights the canonical page on a /site path and in a dropdown group', async ({
    page,
  }) => {
    await page.goto('/site/product/suppliers');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: 'Menu' })
      .click();
    const menu = page.getByTestId('mobile-nav');
    await expect(menu.getByRole('link', { name: 'For Suppliers' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await menu.getByRole('link', { name: 'Company' }).click();
    await expect(page).toHaveURL(/\/company$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
});
