// People in the Leads inbox (issue 26), end to end: submissions with one e-mail address
// (case ignored) are one row when grouped by person and numbered when every submission is
// shown; the person's view merges their timeline; a lead gets an owner and shows under
// "Mine"; bulk status changes; the custom fields and the consent record show in the lead's
// detail. Axe checks each view; screenshots at 1280 and 390 px go to /tmp/shots/h3/.
import { expect, test, type APIRequestContext, type Page } from 'playwright/test';
import { signIn } from './admin-session.ts';
import { expectNoAxeViolations, screenshotsIn } from './page-checks.ts';
import { reviewShot } from './screenshots.ts';

const SHOTS = '/tmp/shots/h3';
const shoot = screenshotsIn(SHOTS);
const PERSON_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const block = Math.floor(Math.random() * 200);
let next = 0;

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A visitor's submission through the public API, from an address of its own. */
async function submit(request: APIRequestContext, data: Record<string, unknown>) {
  const sent = await request.post('/api/contact', {
    data: data['formId']
      ? data
      : { company: 'Quinlan Specialty Pharmacy', message: 'Please call me.', ...data },
    headers: { 'user-agent': PERSON_UA, 'x-forwarded-for': `203.0.113.${block + next++}` },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  return ((await sent.json()) as { id: string }).id;
}

/** Opens the Leads tab at a URL (a reload-proof view) and waits for its list. */
async function leadsAt(page: Page, query: string) {
  await page.goto(`/admin/leads?${query}`);
  await expect(page.getByRole('heading', { level: 2, name: 'Leads' })).toBeVisible();
}

test.describe.configure({ timeout: 90_000 });

test('one person, three submissions: grouped, numbered, and their merged timeline', async ({
  browser,
  request,
}) => {
  const id = unique();
  const email = `ada.${id}@quinlan-pharmacy.example`;
  const name = `Ada Quinlan ${id}`;
  await submit(request, { name, email });
  await submit(request, { name, email: email.toUpperCase(), formType: 'pricing' });
  await submit(request, { name, email, formType: 'pilot' });
  await submit(request, { name: `Other ${id}`, email: `other.${id}@example.com` });

  const page = await (await browser.newContext()).newPage();
  await signIn(page);
  await leadsAt(page, `q=${id}`);
  // Grouped by person (the default): one row for Ada, one for the other person.
  const show = page.getByRole('group', { name: 'Show leads' });
  await expect(show.getByRole('button', { name: 'Group by person' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByTestId('lead-row')).toHaveCount(2);
  const ada = page.getByTestId('lead-row').filter({ hasText: name });
  await expect(ada.getByTestId('person-submissions')).toHaveText('3 submissions');
  await expect(page.getByText('2 people shown (4 leads)')).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, 'inbox-grouped');

  // Every submission: numbered per person; the choice is in the URL and survives a reload.
  await show.getByRole('button', { name: 'Every submission' }).click();
  await expect(page).toHaveURL(/[?&]view=all/);
  await page.reload();
  await expect(page.getByTestId('lead-row')).toHaveCount(4);
  await expect(page.getByTestId('lead-table').getByTestId('submission-badge')).toHaveText([
    '3rd submission',
    '2nd submission',
  ]);
  await shoot(page, 'inbox-every-submission');

  // The person's view from the newest lead: every submission and one timeline.
  const newest = page.getByTestId('lead-row').filter({ hasText: name }).first();
  const opener = newest.getByRole('button', { name });
  await opener.click();
  const detail = page.getByRole('dialog', { name });
  await expect(detail.getByTestId('lead-submission')).toHaveText(
    '3rd of 3 submissions from this e-mail address',
  );
  await detail.getByRole('button', { name: 'Contacted' }).click();
  await expect(page.getByTestId('toast')).toContainText('Status changed to Contacted');
  await detail.getByRole('button', { name: 'All submissions from this person' }).click();
  const person = page.getByRole('dialog', { name: `${name}: all submissions` });
  await expect(person.getByTestId('contact-submissions').getByRole('listitem')).toHaveCount(3);
  const timeline = person.getByTestId('contact-timeline').getByRole('listitem');
  await expect(timeline).toHaveCount(4);
  await expect(timeline.nth(0)).toContainText('Sent the Dialog (general) form (1st submission)');
  await expect(timeline.nth(3)).toContainText('Status of the 3rd submission: New → Contacted');
  await expect(page).toHaveURL(/[?&]contact=/);
  await page.reload();
  await expect(person.getByTestId('contact-timeline')).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, 'contact-view', { fullPage: false });
  await page.keyboard.press('Escape');
  await expect(person).toHaveCount(0);
  await expect(page).not.toHaveURL(/contact=/);
  // Opened from a row, the person's view gives focus back to that row when it closes.
  await show.getByRole('button', { name: 'Group by person' }).click();
  const badge = page
    .getByTestId('lead-row')
    .filter({ hasText: name })
    .getByTestId('person-submissions');
  await badge.click();
  await expect(person.getByTestId('contact-view')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(badge).toBeFocused();
  await page.context().close();
});

test('owner, Mine, and a bulk status change with the bulk bar', async ({ browser, request }) => {
  const id = unique();
  const names = ['Bo', 'Cy', 'Di'].map((first) => `${first} Okafor ${id}`);
  for (const [index, name] of names.entries()) {
    await submit(request, { name, email: `person${index}.${id}@okafor-bio.example` });
  }
  const page = await (await browser.newContext()).newPage();
  await signIn(page);
  await leadsAt(page, `q=${id}`);
  await expect(page.getByTestId('lead-row')).toHaveCount(3);

  // Take one lead; it shows under Mine, with its owner in the row.
  const bo = page.getByTestId('lead-row').filter({ hasText: names[0]! });
  await bo.getByRole('button', { name: names[0]! }).click();
  const detail = page.getByRole('dialog', { name: names[0]! });
  await detail.getByRole('button', { name: 'Take it' }).click();
  await expect(page.getByTestId('toast')).toContainText('Owner set to You');
  await expect(detail.getByTestId('lead-timeline')).toContainText('Owner: Nobody → You');
  await detail.getByRole('button', { name: 'Close' }).click();
  await expect(bo.getByTestId('lead-owner-cell')).toHaveText('You');
  await page.getByLabel('Owner', { exact: true }).selectOption('me');
  await expect(page).toHaveURL(/[?&]owner=me/);
  await expect(page.getByTestId('lead-row')).toHaveCount(1);
  await expect(page.getByTestId('lead-row')).toContainText(names[0]!);
  await page.getByLabel('Owner', { exact: true }).selectOption('');

  // Two leads checked: the bulk bar moves both to Qualified.
  await expect(page.getByTestId('lead-row')).toHaveCount(3);
  for (const name of names.slice(1)) {
    await page.getByRole('checkbox', { name: `Select the lead of ${name}` }).check();
  }
  const bar = page.getByRole('region', { name: 'Bulk actions' });
  await expect(bar).toContainText('2 leads selected');
  await bar.getByLabel('Status').selectOption('qualified');
  await expectNoAxeViolations(page);
  await shoot(page, 'bulk-bar');
  await bar.getByRole('button', { name: 'Set status' }).click();
  await expect(page.getByTestId('toast')).toContainText('2 leads updated');
  await expect(bar).toHaveCount(0);
  for (const name of names.slice(1)) {
    await expect(page.getByTestId('lead-row').filter({ hasText: name })).toContainText('Qualified');
  }
  await expect(bo).toContainText('New');
  await page.context().close();
});

// The record itself is the API's (functions/routes/leads.owner.test.ts stores and exports
// one); here the lead's detail answer is given a form's fields and a consent record in the
// browser, because saving a custom form here would rebuild the site under the parallel
// specs of this project (forms-editor.spec.ts runs on its own for that reason).
test('a lead shows its form fields and its consent record', async ({ browser, request }) => {
  const id = unique();
  const name = `Eve Lindqvist ${id}`;
  const leadId = await submit(request, { name, email: `eve.${id}@lindqvist.example` });
  const consentText = 'I agree that PharmaBridge contacts me about the trade fair.';
  const page = await (await browser.newContext()).newPage();
  await page.route(`**/api/admin/leads/${leadId}`, async (route) => {
    const response = await route.fetch();
    const detail = (await response.json()) as { lead: Record<string, unknown> };
    detail.lead['fields'] = { booth_visit: 'Hall 4, B12', newsletter: true };
    detail.lead['consent'] = {
      given: true,
      text: consentText,
      version: '7890780ff92b6d26',
      at: '2026-11-20T10:00:00.000Z',
    };
    await route.fulfill({ response, json: detail });
  });
  await signIn(page);
  await leadsAt(page, `q=${id}`);
  await page.getByTestId('lead-row').getByRole('button', { name }).click();
  const detail = page.getByRole('dialog', { name });
  // demo-request has no such fields: their names, humanised, label them.
  await expect(detail.getByText('Booth visit', { exact: true })).toBeVisible();
  await expect(detail.getByText('Newsletter', { exact: true })).toBeVisible();
  await expect(detail.getByTestId('lead-field')).toHaveText(['Hall 4, B12', 'Yes']);
  await expect(detail.getByTestId('lead-consent')).toContainText('Consent given on');
  await expect(detail.getByTestId('lead-consent')).toContainText(
    `to: “${consentText}” (version 7890780ff92b6d26)`,
  );
  await expectNoAxeViolations(page);
  await shoot(page, 'lead-detail-consent', { fullPage: false });
  // The fields and the consent lie below the fold on a phone: one more picture there.
  await page.setViewportSize({ width: 390, height: 900 });
  await detail.getByTestId('lead-consent').scrollIntoViewIfNeeded();
  await reviewShot(page, { path: `${SHOTS}/lead-detail-consent-fields-390.png` });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.context().close();
});
