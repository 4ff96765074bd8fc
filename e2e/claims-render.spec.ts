// Claims on a page (issue 36, docs/decisions/0523-claims-rendered.md): a page whose hero says
// `{{claim:<key>}}` of a claim content/claims.json's seed approved shows, in a preview link and
// in the editor's live preview, the claim's wording with a superscript link named
// "Reference N" to the References list at the end of the page (evidence title, source,
// date); following the link keeps the preview link's token; axe passes. A token whose claim
// is not approved shows in the editor's preview as its key, marked, with why, never as
// approved text. The run-time page (/legacy/<slug>) shows the same wording and list. The built page's claims are block-gallery.spec.ts's (it publishes a page
// with claims and a references block). Screenshots at 1280 and 390 px into
// /tmp/shots/claims-site-shots (not committed). Runs on the editing server: it saves a page.
import { expect, test } from 'playwright/test';
import claimsJson from '../content/claims.json' with { type: 'json' };
import { landingTemplate } from '../functions/shared/template.ts';
import { signIn } from './admin-session.ts';
import { expectNoAxeViolations, screenshotsIn } from './page-checks.ts';
import { E2E_ADMIN } from './playwright.config.ts';

const shoot = screenshotsIn(process.env['CLAIMS_SHOTS'] ?? '/tmp/shots/claims-render');
test.use({
  userAgent:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
});

const ACCURACY = claimsJson.performance.accuracy;
const RESULT = claimsJson.results.manufacturers[0]!;

test('a claim in the hero shows its wording, its reference number and the References list', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const login = await request.post('/api/auth/login', { data: E2E_ADMIN });
  expect(login.ok(), await login.text()).toBe(true);
  const slug = `claims-${Date.now().toString(36)}`;
  const template = landingTemplate();
  const created = await request.post('/api/landing-pages', {
    data: {
      title: `Claims ${slug}`,
      slug,
      isActive: true,
      content: {
        ...template,
        hero: {
          ...template.hero,
          headline: 'Checked at the source: {{claim:performance-accuracy}}',
          subheadline:
            'Manufacturers report {{claim:results-manufacturers-1-value}} {{claim:results-manufacturers-1-label}}, and {{claim:performance-accuracy}} on every file.',
        },
      },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const made = await request.post(`/api/landing-pages/${id}/preview-links`, { data: {} });
  expect(made.status(), await made.text()).toBe(201);
  const link = new URL(((await made.json()) as { url: string }).url);

  // The preview link, without an account.
  const visitor = await page.context().browser()!.newContext({ userAgent: undefined });
  const preview = await visitor.newPage();
  await preview.emulateMedia({ reducedMotion: 'reduce' });
  await preview.goto(`${link.pathname}${link.hash}`);
  const headline = preview.getByTestId('hero-headline');
  await expect(headline).toContainText(`Checked at the source: ${ACCURACY}1`);
  await expect(headline).not.toContainText('{{claim');
  await expect(headline.getByRole('link', { name: 'Reference 1' })).toHaveAttribute(
    'href',
    '#ref-1',
  );
  // The result cites its own source line (2: first used after the accuracy's policy file);
  // the accuracy said again keeps its number.
  const sub = preview.locator('#top p').first();
  await expect(sub).toContainText(`Manufacturers report ${RESULT.value}2 ${RESULT.label}2`);
  await expect(sub.getByRole('link', { name: 'Reference 1' })).toHaveCount(1);
  const list = preview.getByRole('region', { name: 'References' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list.locator('#ref-1')).toContainText(
    'The claims policy before the claims store (content/claims.json). content/claims.json,',
  );
  await expect(list.locator('#ref-2')).toContainText(`${RESULT.source}. content/claims.json,`);
  await expect(list.locator('#ref-2 time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}$/);
  // Following a reference scrolls to it and keeps the link's token (the page's fragment).
  await sub.getByRole('link', { name: 'Reference 2' }).first().click();
  await expect(list.locator('#ref-2')).toBeInViewport();
  await expect(list.locator('#ref-2')).toBeFocused();
  expect(new URL(preview.url()).hash).toBe(link.hash);
  await expect(preview.getByTestId('preview-band')).toBeVisible();
  await expectNoAxeViolations(preview);
  await preview.evaluate(() => window.scrollTo(0, 0));
  await shoot(preview, 'preview-link');
  // The run-time copy of the live page says the same (the public answer carries its claims).
  const live = await visitor.newPage();
  await live.goto(`/legacy/${slug}`);
  await expect(live.getByTestId('hero-headline')).toContainText(
    `Checked at the source: ${ACCURACY}1`,
  );
  await expect(live.getByRole('region', { name: 'References' }).getByRole('listitem')).toHaveCount(
    2,
  );
  await visitor.close();

  // The editor's live preview: the same numbers; a key that is no approved claim is marked.
  await signIn(page);
  await page.goto(`/admin?edit=${id}&block=hero`);
  const edit = page.getByRole('dialog', { name: 'Edit Landing Page' });
  const frame = edit.frameLocator('[data-testid="live-preview"]');
  const framed = frame.getByTestId('hero-headline');
  await expect(framed).toContainText(`Checked at the source: ${ACCURACY}1`);
  await expect(frame.locator('#references li')).toHaveCount(2);
  await edit
    .getByTestId('block-form')
    .getByLabel('Subheadline')
    .fill('Now {{claim:no-such-claim}} on every file.');
  const marked = frame.locator('mark[data-claim-unapproved="no-such-claim"]');
  await expect(marked).toHaveText(/^no-such-claim/);
  await expect(marked).toHaveAttribute('title', 'Not shown: there is no claim "no-such-claim"');
  await expect(frame.locator('#top p').first()).not.toContainText('{{claim');
  // Only the headline's claim is cited now.
  await expect(frame.locator('#references li')).toHaveCount(1);
  await shoot(page, 'editor-preview', { fullPage: false });
});
