// A landing page built from blocks (issue 27, docs/decisions/0167-block-model.md): a page whose
// content has a layout renders its blocks in order, without the hidden one, with the rich
// text as fixed elements (raw HTML never becomes markup), the FAQ as <details> with its
// FAQPage data, and passes axe. Screenshots at 1280 and 390 px into /tmp/shots/h6.
import { expect, test } from 'playwright/test';
import { E2E_ADMIN } from './playwright.config.ts';
import { expectNoAxeViolations, screenshotsIn, watchViolations } from './page-checks.ts';
import { publishThroughApi } from './media-upload.ts';

const shoot = screenshotsIn('/tmp/shots/h6');
test.use({
  userAgent:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
});

const LAYOUT = [
  { id: 'nav', type: 'navigation', name: 'PharmaBridge' },
  {
    id: 'hero',
    type: 'hero',
    headline: 'Spring webinar:',
    highlight: 'clean data at the source',
    subheadline: 'Forty-five minutes on contract-driven data validation, with a live demo.',
    primaryCTA: 'Request Demo',
    secondaryCTA: 'See How It Works',
    features: ['Live demo', 'Q&A with the team'],
  },
  {
    id: 'numbers',
    type: 'stats',
    headline: 'What teams see',
    style: { background: 'tint', spacing: 'compact', align: 'center' },
    items: [
      { value: '98%', label: 'of files clean on first delivery' },
      { value: '3x', label: 'faster supplier onboarding' },
      { value: '0', label: 'patient identifiers leave the source' },
    ],
  },
  {
    id: 'why',
    type: 'richText',
    markdown: [
      '## Why attend',
      '',
      'Suppliers upload, the platform **validates at the source**, and you receive *clean* data.',
      'Read the [how it works page](/how-it-works) first if you like.',
      '',
      '- Set and share requirements',
      '- Validate before delivery',
      '- Link patients without identifiers',
      '',
      'This is text, not markup: <img src=x onerror=alert(1)> and [a bad link](javascript:alert(1)).',
    ].join('\n'),
  },
  {
    id: 'hidden-one',
    type: 'richText',
    markdown: 'This block is hidden.',
    hidden: true,
  },
  {
    id: 'faq',
    type: 'faq',
    headline: 'Questions',
    style: { background: 'dark', align: 'center' },
    items: [
      { question: 'Is the webinar recorded?', answer: 'Yes: registered attendees get the link.' },
      { question: 'Who should attend?', answer: 'Data, compliance and supplier teams.' },
    ],
  },
  {
    id: 'closing',
    type: 'finalCTA',
    headline: 'Ready to see it?',
    subheadline: 'Book a demo with our team.',
    primaryCTA: 'Request Demo',
    secondaryCTA: 'Contact Us',
    features: ['No commitment'],
  },
  { id: 'footer', type: 'footer' },
];

test('a page with a layout renders its blocks in order, safely', async ({ page, request }) => {
  const login = await request.post('/api/auth/login', { data: E2E_ADMIN });
  expect(login.ok(), await login.text()).toBe(true);
  const slug = `blocks-${Date.now().toString(36)}`;
  const created = await request.post('/api/landing-pages', {
    data: { title: 'Blocks', slug, isActive: true, startFrom: 'template' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id, content, revision } = await created.json();
  // Rich text with HTML is refused when saved: the page is saved without that line first.
  const refused = await request.put(`/api/landing-pages/${id}`, {
    data: { content: { ...content, layout: LAYOUT }, revision },
  });
  expect(refused.status()).toBe(400);
  expect(Object.keys((await refused.json()).error.fields)).toEqual(['content.layout.3.markdown']);
  const safeLayout = structuredClone(LAYOUT) as typeof LAYOUT;
  (safeLayout[3] as { markdown: string }).markdown = (
    safeLayout[3] as { markdown: string }
  ).markdown.replace(/\n\nThis is text.*$/, '');
  const saved = await request.put(`/api/landing-pages/${id}`, {
    data: { content: { ...content, layout: safeLayout }, revision },
  });
  expect(saved.status(), await saved.text()).toBe(200);

  // No reveal animation: every block shows in the whole-page screenshots.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(`/legacy/${slug}`);
  const main = page.locator('main#main');
  await expect(page.getByTestId('hero-headline')).toContainText('Spring webinar:');
  expect(
    await main
      .locator(':scope > section')
      .evaluateAll((sections) => sections.map((s) => s.id || s.getAttribute('aria-labelledby'))),
  ).toEqual(['top', 'block-numbers', 'block-why', 'block-faq', 'final-cta-title']);
  await expect(page.getByText('This block is hidden.')).toHaveCount(0);
  await expect(main.getByRole('heading', { level: 2, name: 'Why attend' })).toBeVisible();
  await expect(main.getByRole('link', { name: 'how it works page' })).toHaveAttribute(
    'href',
    '/how-it-works',
  );
  await expect(main.locator('strong')).toHaveText('validates at the source');
  await expect(main.locator('#block-why li')).toHaveCount(3);

  // The FAQ opens without JavaScript of its own, and carries its structured data.
  const question = main.getByText('Is the webinar recorded?');
  await question.click();
  await expect(main.getByText('Yes: registered attendees get the link.')).toBeVisible();
  const jsonLd = await main.locator('script[type="application/ld+json"]').textContent();
  expect(JSON.parse(jsonLd!)['@type']).toBe('FAQPage');
  await question.click();

  await expectNoAxeViolations(page);
  // From the top, so the sticky navigation sits at the top of the picture.
  await page.evaluate(() => window.scrollTo(0, 0));
  await shoot(page, 'blocks-page');
});

// The event and video blocks (issue 27; site/islands/landing/blocks/event/renderer.tsx and
// video/renderer.tsx) on the run-time page (/legacy/<slug>, the prebuilt pages' markup): the
// event's time in its zone, its agenda, speakers and Event data; the videos ask nothing of
// YouTube or Vimeo until played, then play from the privacy-enhanced players with the focus in
// them, under the CSP. The players are stubbed (route): the test never leaves the machine. The
// event's .ics file and its "Add to calendar" link exist only in a build: block-gallery.spec.ts
// checks them on the page it publishes (docs/decisions/0548-browser-specs-check-edits-at-run-time.md).
// Screenshots at 1280 and 390 px into /tmp/shots/b2.
const shootB2 = screenshotsIn('/tmp/shots/b2');
const PROVIDER_HOSTS =
  /^https?:\/\/([^/]*\.)?(youtube\.com|youtube-nocookie\.com|ytimg\.com|googlevideo\.com|vimeo\.com|vimeocdn\.com)\//;

test('event and video blocks: the event in its zone, and players only on a click, under the CSP', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const login = await request.post('/api/auth/login', { data: E2E_ADMIN });
  expect(login.ok(), await login.text()).toBe(true);
  const stamp = Date.now().toString(36);
  const [poster, photo] = await Promise.all([
    publishThroughApi(request, `poster-${stamp}.png`, { width: 1280, height: 720 }),
    publishThroughApi(request, `speaker-${stamp}.png`, { width: 400, height: 400 }),
  ]);
  const slug = `events-${stamp}`;
  const layout = [
    LAYOUT[0],
    LAYOUT[1],
    {
      id: 'webinar',
      type: 'event',
      title: 'Spring webinar: clean data, at the source',
      startsAt: '2026-12-03T16:00',
      timeZone: 'Europe/Berlin',
      durationMinutes: 45,
      location: 'Online',
      description: 'Forty-five minutes on contract-driven validation; a live demo and Q&A.',
      style: { background: 'tint' },
      agenda: [
        { time: '16:00', title: 'Welcome' },
        { time: '16:05', title: 'Live demo', description: 'Validation at the source' },
        { time: '16:30', title: 'Questions' },
      ],
      speakers: [
        { name: 'Dana Weber', title: 'Head of Data', photo: photo.objectPath },
        { name: 'Sam Lee', title: 'Solutions engineer' },
      ],
    },
    {
      id: 'tour',
      type: 'video',
      provider: 'youtube',
      videoId: 'dQw4w9WgXcQ',
      title: 'A two-minute tour',
      poster: poster.objectPath,
    },
    {
      id: 'deep-dive',
      type: 'video',
      provider: 'vimeo',
      videoId: '76979871',
      title: 'The deep dive',
      poster: poster.objectPath,
      style: { background: 'dark', align: 'center' },
    },
    LAYOUT.at(-1),
  ];
  const created = await request.post('/api/landing-pages', {
    data: { title: 'Events', slug, isActive: true, startFrom: 'template' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id, content, revision } = await created.json();
  const saved = await request.put(`/api/landing-pages/${id}`, {
    data: { content: { ...content, layout }, revision },
  });
  expect(saved.status(), await saved.text()).toBe(200);

  const violations = await watchViolations(page);
  const providerRequests: string[] = [];
  page.on('request', (sent) => {
    if (PROVIDER_HOSTS.test(sent.url())) providerRequests.push(sent.url());
  });
  await page.route(PROVIDER_HOSTS, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><html lang="en"><title>Player</title><p>Player</p></html>',
    }),
  );
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(`/legacy/${slug}`);
  await expect(page.locator('[data-landing-ready]')).toHaveCount(1);
  const main = page.locator('main#main');

  const event = main.locator('#block-webinar');
  await expect(event.getByRole('heading', { level: 2 })).toHaveText(
    'Spring webinar: clean data, at the source',
  );
  await expect(event.getByTestId('event-when')).toHaveText(
    'Thursday, 3 December 2026, 16:00–16:45 CET (Europe/Berlin)',
  );
  await expect(event.locator('time').first()).toHaveAttribute('datetime', '2026-12-03T16:00+01:00');
  await expect(event.getByRole('listitem')).toHaveCount(5);
  await expect(event.locator('[data-media] img[srcset]')).toHaveCount(1);
  const jsonLd = JSON.parse(
    (await event.locator('script[type="application/ld+json"]').textContent())!,
  );
  expect(jsonLd).toMatchObject({ '@type': 'Event', startDate: '2026-12-03T16:00+01:00' });

  // The calendar link is the build's (its file is built with the page): none here.
  await expect(event.getByRole('link', { name: /^Add to calendar/ })).toHaveCount(0);

  // Nothing asked of the providers yet; the page passes axe.
  await expect(main.locator('iframe')).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await shootB2(page, 'event-video-page');
  expect(providerRequests).toEqual([]);

  // Keyboard: Enter on the play link puts the player there, playing, focused.
  const tour = main.locator('#block-tour');
  await tour.getByRole('link', { name: 'Play video: A two-minute tour' }).focus();
  await page.keyboard.press('Enter');
  const player = tour.locator('iframe');
  await expect(player).toHaveAttribute(
    'src',
    'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1',
  );
  await expect(player).toHaveAttribute('title', 'A two-minute tour');
  await expect(player).toHaveAttribute(
    'allow',
    'autoplay; encrypted-media; picture-in-picture; fullscreen',
  );
  expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('IFRAME');
  await expect(tour.getByRole('link')).toHaveCount(0);
  await expect
    .poll(() => providerRequests)
    .toEqual(['https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1']);
  await expect(page.frameLocator('#block-tour iframe').getByText('Player')).toBeVisible();

  // A click on the Vimeo one.
  const deepDive = main.locator('#block-deep-dive');
  await deepDive.getByRole('link', { name: 'Play video: The deep dive' }).click();
  await expect(deepDive.locator('iframe')).toHaveAttribute(
    'src',
    'https://player.vimeo.com/video/76979871?dnt=1&autoplay=1',
  );
  await expect(page.frameLocator('#block-deep-dive iframe').getByText('Player')).toBeVisible();
  expect(providerRequests).toHaveLength(2);

  await expectNoAxeViolations(page);
  expect(await violations()).toEqual([]);
  await tour.scrollIntoViewIfNeeded();
  await shootB2(page, 'video-playing', { fullPage: false });
});
