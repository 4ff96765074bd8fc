// /logo-download: each option downloads a 1200x300 PNG drawn on a canvas (transparent or
// white background) and an SVG of the same wordmark; a plain module does it, no React.
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from 'playwright/test';
import sharp from 'sharp';
import { expectNoAxeViolations } from './page-checks.ts';

async function openPage(page: Page) {
  await page.goto('/logo-download');
  // The page's module marks the tool once its buttons work; a click before that is lost.
  await page.locator('[data-logo-download][data-logo-ready="true"]').waitFor({ state: 'attached' });
}

async function download(page: Page, background: string, format: 'PNG' | 'SVG') {
  const option = page.getByTestId(`logo-option-${background}`);
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    option.getByRole('button', { name: new RegExp(`^Download ${format}`) }).click(),
  ]);
  const path = await file.path();
  return { name: file.suggestedFilename(), bytes: await readFile(path) };
}

function pngSize(bytes: Buffer) {
  expect(bytes.subarray(0, 8)).toEqual(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]));
  expect(bytes.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20), colourType: bytes[25] };
}

async function pixel(bytes: Buffer, x: number, y: number) {
  const { data, info } = await sharp(bytes)
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * 4;
  return { r: data[at]!, g: data[at + 1]!, b: data[at + 2]!, a: data[at + 3]! };
}

test('the transparent option downloads a 1200x300 PNG with transparent corners', async ({
  page,
}) => {
  await openPage(page);
  const { name, bytes } = await download(page, 'transparent', 'PNG');
  expect(name).toBe('pharmabridge-logo-transparent.png');
  await expect(page.getByRole('status')).toHaveText(
    'Downloading pharmabridge-logo-transparent.png',
  );
  const { width, height, colourType } = pngSize(bytes);
  expect([width, height]).toEqual([1200, 300]);
  expect(colourType).toBe(6); // RGBA
  expect((await pixel(bytes, 0, 0)).a).toBe(0);
  expect((await pixel(bytes, 1199, 299)).a).toBe(0);
  // Inside the mark: opaque brand green.
  const mark = await pixel(bytes, 150, 100);
  expect(mark.a).toBe(255);
  expect(mark.g).toBeGreaterThan(mark.r);
  expect(mark.g).toBeGreaterThan(mark.b);
});

test('the white option downloads a 1200x300 PNG with opaque white corners', async ({ page }) => {
  await openPage(page);
  const { name, bytes } = await download(page, 'white', 'PNG');
  expect(name).toBe('pharmabridge-logo-white.png');
  const { width, height } = pngSize(bytes);
  expect([width, height]).toEqual([1200, 300]);
  for (const [x, y] of [
    [0, 0],
    [1199, 0],
    [0, 299],
    [1199, 299],
  ] as const) {
    expect(await pixel(bytes, x, y)).toEqual({ r: 255, g: 255, b: 255, a: 255 });
  }
  // The wordmark text is drawn in the gradient: some pixels right of the mark are green.
  const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
  let green = 0;
  for (let x = 300; x < 1150; x += 2) {
    const at = (160 * info.width + x) * info.channels;
    if (data[at + 1]! > data[at]! + 40) green += 1;
  }
  expect(green).toBeGreaterThan(20);
});

test('the SVG download is the wordmark with the brand gradient', async ({ page }) => {
  await openPage(page);
  const { name, bytes } = await download(page, 'transparent', 'SVG');
  expect(name).toBe('pharmabridge-logo-transparent.svg');
  const svg = bytes.toString('utf8');
  expect(svg).toMatch(/^<svg [^>]*width="1200" height="300"/);
  expect(svg).toContain('#5DD47F');
  expect(svg).toContain('#2E9656');
  expect(svg).toContain('>PharmaBridge</text>');
  expect(svg).toContain('@font-face');
});

test('the page shows previews and the fallback hint', async ({ page }) => {
  await openPage(page);
  await expect(page.getByRole('heading', { name: 'Transparent background' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'White background' })).toBeVisible();
  await expect(page.getByText(/right-click the logo preview/)).toBeVisible();
  await expect(page.getByText(/take a screenshot/)).toBeVisible();
  // Previews become real PNG images (right-click "Save image as" works on them).
  const preview = page.getByTestId('logo-option-white').locator('img');
  await expect(preview).toHaveAttribute('src', /^blob:/);
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1200);
});

test('without JavaScript the page shows both previews and the fallback hint', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/logo-download');
  for (const background of ['transparent', 'white']) {
    const preview = page
      .getByTestId(`logo-option-${background}`)
      .getByRole('img', { name: `PharmaBridge logo, ${background} background` });
    await expect(preview).toBeVisible();
    await expect(preview.locator('svg text')).toHaveText('PharmaBridge');
  }
  await expect(page.getByText(/right-click the logo preview/)).toBeVisible();
  await context.close();
});

test('the page loads no React and no island, only its own small module', async ({ page }) => {
  const scripts: Promise<string>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.text());
  });
  await openPage(page);
  await expect(page.locator('astro-island')).toHaveCount(0);
  expect(scripts.length).toBeGreaterThan(0);
  // React's element tag: in every build of React, and nowhere in the page's module.
  for (const body of await Promise.all(scripts))
    expect(body).not.toMatch(/Symbol\.for\(["'`]react\./);
});

test('a PNG the browser cannot make is reported, and the SVG still downloads', async ({ page }) => {
  // A canvas that yields no PNG (as a browser with canvas export blocked would).
  await page.addInitScript(() => {
    HTMLCanvasElement.prototype.toBlob = function (callback: BlobCallback) {
      callback(null);
    };
  });
  await openPage(page);
  await page
    .getByTestId('logo-option-white')
    .getByRole('button', { name: /^Download PNG/ })
    .click();
  await expect(page.getByRole('status')).toHaveText(
    'The PNG could not be created in this browser. Please use the hint below.',
  );
  // The previews stay the inline SVG, which looks the same.
  await expect(page.getByTestId('logo-option-white').locator('img')).toHaveCount(0);
  const { name } = await download(page, 'white', 'SVG');
  expect(name).toBe('pharmabridge-logo-white.svg');
  await expect(page.getByRole('status')).toHaveText('Downloading pharmabridge-logo-white.svg');
});

for (const [label, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['mobile', { width: 390, height: 844 }],
] as const) {
  test(`axe finds no violation on /logo-download (${label})`, async ({ browser }) => {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await openPage(page);
    await expectNoAxeViolations(page);
    await context.close();
  });
}
