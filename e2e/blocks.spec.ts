// A landing page built from blocks (issue 27, docs/decisions.md "Blocks"): a page whose
// content has a layout renders its blocks in order, without the hidden one, with the rich
// text as fixed elements (raw HTML never becomes markup), the FAQ as <details> with its
// FAQPage data, and passes axe. Screenshots at 1280 and 390 px into /tmp/shots/h6.
import { expect, test } from 'playwright/test';
import { E2E_ADMIN } from './playwright.config.ts';
import { expectNoAxeViolations, screenshotsIn } from './page-checks.ts';

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
