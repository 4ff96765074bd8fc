// The Images tab end to end (docs/requirements.md §2, §4, §8): uploads through Uppy with progress and
// the toasts, the server refusing an SVG, assignment reaching the landing page with srcset
// (at run time, /legacy), alt text from the library on the page (at run time too; the built
// page's library alt text and ThumbHash placeholder are block-gallery.spec.ts's,
// docs/decisions/0548-browser-specs-check-edits-at-run-time.md), delete refused while used, and
// axe.
import sharp from 'sharp';
import { expect, test, type APIRequestContext, type Page } from 'playwright/test';
import { signIn } from './admin-session.ts';
import { flatPng, publishThroughApi } from './media-upload.ts';
import { expectNoAxeViolations } from './page-checks.ts';
import { reviewShot } from './screenshots.ts';

const SHOTS = '/tmp/shots';

const unique = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

const toast = (page: Page) => page.getByTestId('toast');
interface FeatureItem {
  title: string;
  image?: string;
}
const PATH_RE = /\/objects\/uploads\/[0-9a-f-]{36}/;

/** A PNG of random pixels: incompressible, so its upload takes measurable time. */
async function noisePng(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = Math.floor(Math.random() * 256);
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

async function openImagesTab(page: Page) {
  await page.getByRole('tab', { name: 'Images' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Image Management' })).toBeVisible();
}

/** A page of this test's own with the default page's content, so / stays pristine. */
async function createOwnPage(
  request: APIRequestContext,
  change: (content: Record<string, unknown>) => void = () => {},
) {
  const content = (await (await request.get('/api/landing-pages/default')).json()).content;
  change(content);
  const slug = unique('images');
  const response = await request.post('/api/landing-pages', {
    data: { title: `Images ${slug}`, slug, isActive: true, content },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as {
    id: string;
    slug: string;
    title: string;
    content: { features: { items: FeatureItem[] } };
  };
}

/** Content-Security-Policy violations the browser reports (the uploader and the page). */
function watchCsp(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) seen.push(message.text());
  });
  return seen;
}

test('two uploads show progress and the toast; one assigned to a feature shows on the page with srcset', async ({
  page,
  context,
}) => {
  test.setTimeout(240_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const cspViolations = watchCsp(page);
  await signIn(page);
  const own = await createOwnPage(page.request);
  // The manager read the page list at sign-in, before this page existed.
  await page.reload();
  await openImagesTab(page);
  await expectNoAxeViolations(page);
  await reviewShot(page, { path: `${SHOTS}/images-tab-1280.png`, fullPage: true });

  await page.getByRole('button', { name: 'Upload Images' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload Images' });
  await expect(dialog).toBeVisible();
  const first = `${unique('harbour')}.png`;
  const second = `${unique('lantern')}.png`;
  await dialog.getByLabel('Choose images').setInputFiles([
    { name: first, mimeType: 'image/png', buffer: await noisePng(1000, 700) },
    { name: second, mimeType: 'image/png', buffer: await flatPng(640, 480) },
  ]);
  const rows = dialog.getByTestId('upload-file');
  await expect(rows).toHaveCount(2);
  await expect(rows.getByTestId('upload-status')).toHaveText([
    'Ready to upload',
    'Ready to upload',
  ]);
  await expectNoAxeViolations(page);
  await reviewShot(page, { path: `${SHOTS}/images-upload-dialog-1280.png` });

  // A slow uplink makes the 2 MB file's progress visible on its way.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: 400 * 1024,
  });
  await dialog.getByRole('button', { name: 'Upload 2 images' }).click();
  const firstRow = rows.filter({ hasText: first });
  const partial = async () =>
    firstRow
      .getByRole('progressbar')
      .evaluate((bar) => (bar as HTMLProgressElement).value)
      .catch(() => -1);
  await expect.poll(partial, { timeout: 30_000, intervals: [100] }).toBeGreaterThan(0);
  await expect(firstRow.getByTestId('upload-status')).toHaveText(/Uploading \d+%/);
  await reviewShot(page, { path: `${SHOTS}/images-upload-progress-1280.png` });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });

  for (const name of [first, second]) {
    const row = rows.filter({ hasText: name });
    await expect(row.getByTestId('upload-status')).toHaveText(/^Uploaded: \/objects\/uploads\//, {
      timeout: 60_000,
    });
    await expect(row.getByRole('progressbar')).toHaveJSProperty('value', 100);
  }
  await expect(toast(page)).toContainText(
    /Image uploaded successfully! URL copied to clipboard: \/objects\/uploads\/[0-9a-f-]{36}/,
  );
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(PATH_RE);
  await expect(toast(page)).toContainText(copied);
  await reviewShot(page, { path: `${SHOTS}/images-upload-done-1280.png` });
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();

  // The last uploaded image, its path and the default page's assignment buttons: one per
  // Features and Supplier Features item, titles cut to 40 characters plus '...'.
  const last = page.getByTestId('last-uploaded');
  await expect(last.getByTestId('last-uploaded-path')).toHaveText(copied);
  const defaultPage = (await (await page.request.get('/api/landing-pages/default')).json()) as {
    id: string;
    content: Record<'features' | 'supplierFeatures', { items: FeatureItem[] }>;
  };
  // No page is assumed: the slots appear once a page is chosen (issue 22 A).
  await expect(last.getByLabel('Assign to a slot on')).toHaveValue('');
  await expect(last.getByRole('group', { name: 'Features Section', exact: true })).toHaveCount(0);
  await last.getByLabel('Assign to a slot on').selectOption(defaultPage.id);
  const labels = (items: FeatureItem[]) =>
    items.map(({ title }) => (title.length > 40 ? `${title.slice(0, 40)}...` : title));
  await expect(
    last.getByRole('group', { name: 'Features Section', exact: true }).getByRole('button'),
  ).toHaveText(labels(defaultPage.content.features.items));
  await expect(
    last.getByRole('group', { name: 'Supplier Features Section' }).getByRole('button'),
  ).toHaveText(labels(defaultPage.content.supplierFeatures.items));
  expect(labels(defaultPage.content.supplierFeatures.items)).toContain(
    'A purpose-built portal your suppliers wi...',
  );

  // Assign to this test's own page (the default page stays as the other specs expect it),
  // to a feature that has no image yet.
  const target = own.content.features.items.find((item) => !item.image)!;
  await last.getByLabel('Assign to a slot on').selectOption(own.id);
  await last
    .getByRole('group', { name: 'Features Section', exact: true })
    .getByRole('button', { name: target.title })
    .click();
  // What will change is shown before anything is saved or rebuilt.
  const review = page.getByRole('alertdialog', { name: 'Use this image?' });
  await expect(review).toContainText(own.title);
  await expect(review).toContainText(target.title);
  await expect(review).toContainText('No image yet');
  await review.getByRole('button', { name: /^Assign/ }).click();
  await expect(toast(page)).toContainText(`Image assigned to "${target.title}"!`);
  const stored = (await (await page.request.get(`/api/landing-pages/${own.slug}`)).json()) as {
    content: { features: { items: FeatureItem[] } };
  };
  expect(stored.content.features.items.map((item) => item.image)).toEqual(
    own.content.features.items.map((item) => (item === target ? copied : item.image)),
  );
  await expect(
    last.getByRole('button', { name: `${target.title} (shows this image)` }),
  ).toBeVisible();

  // The library lists both, newest first, with what they are and where they are used.
  const library = page.getByRole('list', { name: 'Images' });
  const card = library.getByTestId('media-card').filter({ hasText: second });
  await expect(card).toContainText('640 × 480 px');
  await expect(library.getByTestId('media-card').filter({ hasText: first })).toContainText(
    '1000 × 700 px',
  );
  await reviewShot(page, { path: `${SHOTS}/images-library-1280.png`, fullPage: true });
  await expectNoAxeViolations(page);

  // Phones: the tab with the last upload, the library and the dialog at 390 px.
  await page.setViewportSize({ width: 390, height: 844 });
  await reviewShot(page, { path: `${SHOTS}/images-tab-390.png`, fullPage: true });
  await page.getByRole('button', { name: 'Upload Images' }).click();
  await dialog
    .getByLabel('Choose images')
    .setInputFiles([{ name: 'phone.png', mimeType: 'image/png', buffer: await flatPng(300, 200) }]);
  await reviewShot(page, { path: `${SHOTS}/images-upload-dialog-390.png` });
  await dialog.getByRole('button', { name: 'Remove phone.png' }).click();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await page.setViewportSize({ width: 1280, height: 720 });

  // The page shows it with srcset, its size, lazily (below the fold): read at run time
  // (/legacy, the prebuilt pages' markup).
  const id = copied.split('/').at(-1)!;
  await page.goto(`/legacy/${own.slug}`);
  const image = page.locator(`#features img[srcset*="${id}"]`);
  await expect(image).toHaveAttribute('srcset', /480w/);
  await expect(image).toHaveAttribute('sizes', /50vw/);
  await expect(image).toHaveAttribute('loading', 'lazy');
  await expect(image).toHaveAttribute('alt', target.title);
  const size = await image.evaluate((img: HTMLImageElement) => [img.width, img.height]);
  expect(size[0]! / size[1]!).toBeCloseTo(1000 / 700, 1);

  // The rendered image on the page, on a desktop and a phone.
  await image.scrollIntoViewIfNeeded();
  await expect(image).toHaveJSProperty('complete', true);
  await expect(page.locator(`[data-media="${copied}"] img[aria-hidden="true"]`)).toHaveCount(0);
  await reviewShot(page, { path: `${SHOTS}/images-landing-1280.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await image.scrollIntoViewIfNeeded();
  await reviewShot(page, { path: `${SHOTS}/images-landing-390.png` });
  expect(cspViolations).toEqual([]);
});

test('refused files say why: an SVG by the server, too many and too large by the uploader', async ({
  page,
}) => {
  // Generating and reading a 10 MB file takes a while on a loaded machine.
  test.setTimeout(90_000);
  await signIn(page);
  await openImagesTab(page);
  await page.getByRole('button', { name: 'Upload Images' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload Images' });
  const input = dialog.getByLabel('Choose images');

  const svgName = `${unique('logo')}.svg`;
  await input.setInputFiles([
    {
      name: svgName,
      mimeType: 'image/svg+xml',
      buffer: Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
      ),
    },
  ]);
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  const row = dialog.getByTestId('upload-file').filter({ hasText: svgName });
  await expect(row.getByTestId('upload-status')).toHaveText(/^Refused: .+/);
  await expect(toast(page)).toContainText(`${svgName} was not uploaded`);
  await reviewShot(page, { path: `${SHOTS}/images-upload-refused-1280.png` });
  await expect(
    page
      .getByRole('list', { name: 'Images' })
      .getByTestId('media-card')
      .filter({ hasText: svgName }),
  ).toHaveCount(0);

  // Uppy's own messages (docs/requirements.md §8) for files it refuses to add.
  await dialog.getByRole('button', { name: 'Clear list' }).click();
  const small = await flatPng(20, 20);
  await input.setInputFiles(
    Array.from({ length: 6 }, (_, i) => ({
      name: `six-${i}.png`,
      mimeType: 'image/png',
      buffer: small,
    })),
  );
  await expect(dialog.getByRole('alert')).toContainText('You can only upload 5 files');
  await expect(dialog.getByTestId('upload-file')).toHaveCount(0);
  await input.setInputFiles([
    { name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(10_485_761, 1) },
  ]);
  await expect(dialog.getByRole('alert')).toContainText(
    'huge.png exceeds maximum allowed size of 10 MB',
  );
  await expect(dialog.getByTestId('upload-file')).toHaveCount(0);
});

test('failed uploads are retried after the required delays, and uploads pause while offline', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  await signIn(page);
  await openImagesTab(page);
  await page.getByRole('button', { name: 'Upload Images' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload Images' });

  // The storage answers 503 eight times: Uppy's own request retries use up four, so the
  // tab's second retry (after 1 s, docs/requirements.md §9) is the one that gets through.
  let refused = 0;
  await page.route('**/api/objects/local', async (route) => {
    if (route.request().method() === 'POST' && refused < 8) {
      refused++;
      await route.fulfill({ status: 503, body: 'busy' });
    } else {
      await route.continue();
    }
  });
  const flaky = `${unique('flaky')}.png`;
  await dialog
    .getByLabel('Choose images')
    .setInputFiles([{ name: flaky, mimeType: 'image/png', buffer: await flatPng(200, 100) }]);
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  const row = dialog.getByTestId('upload-file').filter({ hasText: flaky });
  await expect(row.getByTestId('upload-status')).toHaveText('Retrying (attempt 2 of 4)');
  await expect(row.getByTestId('upload-status')).toHaveText(/^Uploaded: \/objects\/uploads\//);
  expect(refused).toBe(8);
  await page.unroute('**/api/objects/local');

  // Offline mid-upload: paused, said so, and finished once the connection is back.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: 200 * 1024,
  });
  const slow = `${unique('offline')}.png`;
  await dialog
    .getByLabel('Choose images')
    .setInputFiles([{ name: slow, mimeType: 'image/png', buffer: await noisePng(800, 600) }]);
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  const slowRow = dialog.getByTestId('upload-file').filter({ hasText: slow });
  await expect(slowRow.getByTestId('upload-status')).toHaveText(/Uploading \d+%/);
  await context.setOffline(true);
  await expect(
    dialog.getByRole('status').filter({ hasText: 'No Internet connection' }),
  ).toBeVisible();
  await expect(slowRow.getByTestId('upload-status')).toContainText('No Internet connection');
  await reviewShot(page, { path: `${SHOTS}/images-upload-offline-1280.png` });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await context.setOffline(false);
  await expect(slowRow.getByTestId('upload-status')).toHaveText(/^Uploaded: \/objects\/uploads\//, {
    timeout: 30_000,
  });
});

test('alt text edited in the library reaches the page; delete is refused while the image is used', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signIn(page);
  const name = `${unique('quay')}.png`;
  const media = await publishThroughApi(page.request, name);
  const own = await createOwnPage(page.request, (content) => {
    (content['features'] as { items: { image?: string }[] }).items[0]!.image = media.objectPath;
  });
  await openImagesTab(page);
  const card = page.getByTestId('media-card').filter({ hasText: name });
  await expect(card.getByTestId('media-usage')).toHaveText(`${own.title} (/${own.slug})`);

  const alt = `Supplier portal upload screen ${own.slug}`;
  await card.getByLabel('Alt text').fill(alt);
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page)).toContainText(`Alt text saved for ${name}`);
  await expect(card.getByLabel('Alt text')).toHaveValue(alt);
  await page.goto(`/legacy/${own.slug}`);
  await expect(page.locator(`#features img[srcset*="${media.id}"]`)).toHaveAttribute('alt', alt);

  // The hero block's image field picks from the library (not saved here).
  await page.goto('/admin');
  await page.getByRole('button', { name: `Edit ${own.title}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Landing Page' });
  await edit.locator('[data-block-row="hero"] [data-control="select"]').click();
  await edit
    .getByRole('button', { name: /^Choose from library for /i })
    .first()
    .click();
  const picker = page.getByRole('dialog', { name: /^Choose the / });
  await picker.getByRole('button', { name: new RegExp(name) }).click();
  await expect(picker).toBeHidden();
  const fieldValues = () =>
    edit
      .locator('input')
      .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
  await expect.poll(fieldValues).toContain(media.objectPath);
  // The preview beside the editor renders library images as the public page does: srcset
  // and the library's alt text, for the saved feature image and the picked hero image alike.
  const preview = edit.frameLocator('[data-testid="live-preview"]');
  await expect(preview.locator(`#features img[srcset*="${media.id}"]`)).toHaveAttribute('alt', alt);
  await expect(preview.locator(`#top img[srcset*="${media.id}"]`)).toHaveAttribute(
    'srcset',
    /480w/,
  );
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await page
    .getByRole('alertdialog', { name: 'Discard unsaved changes?' })
    .getByRole('button', { name: 'Discard changes' })
    .click();
  await expect(edit).toBeHidden();

  // Replace: new bytes at the same address, alt text kept.
  await openImagesTab(page);
  await card.getByRole('button', { name: `Replace ${name}` }).click();
  const replace = page.getByRole('dialog', { name: `Replace ${name}` });
  await replace
    .getByLabel('Choose an image')
    .setInputFiles([{ name: 'wider.png', mimeType: 'image/png', buffer: await flatPng(900, 600) }]);
  await replace.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(replace.getByTestId('upload-status')).toHaveText(`Uploaded: ${media.objectPath}`);
  await expect(toast(page)).toContainText(`Image replaced: ${name}`);
  await replace.getByRole('button', { name: 'Done' }).click();
  await expect(card).toContainText('900 × 600 px');
  await expect(card.getByLabel('Alt text')).toHaveValue(alt);

  // Delete is refused while a page uses the image, and says which page.
  await card.getByRole('button', { name: `Delete ${name}` }).click();
  // No red Delete button where deletion is impossible: the dialog says why instead.
  const confirm = page.getByRole('alertdialog', { name: `${name} cannot be deleted` });
  await expect(confirm).toContainText(own.title);
  await expect(confirm.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await confirm.getByRole('button', { name: 'OK' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(card.getByRole('button', { name: `Delete ${name}` })).toBeFocused();

  // Once no page uses it, it can go.
  const stored = (await (await page.request.get(`/api/landing-pages/${own.slug}`)).json()) as {
    content: { features: { items: { image?: string }[] } };
  };
  delete stored.content.features.items[0]!.image;
  const put = await page.request.put(`/api/landing-pages/${own.id}`, {
    data: { content: stored.content },
  });
  expect(put.ok(), await put.text()).toBe(true);
  await page.reload();
  await openImagesTab(page);
  await expect(card.getByTestId('media-usage')).toHaveText('No page');
  await card.getByRole('button', { name: `Delete ${name}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page)).toContainText(`Image deleted: ${name}`);
  await expect(card).toHaveCount(0);
  expect((await page.request.get(media.objectPath)).status()).toBe(404);
});
