// The change that e2e/clock-governed.spec.ts had approved and scheduled goes live at its time
// (issue 23): visitors get it within a scheduler round (the server's runner, every 20 s), not
// before the scheduled minute, and the scheduler asks for the rebuild that puts it on the
// prebuilt page. Last in the settings lane, so the other settings specs' work fills the wait
// (e2e/clock-handoff.ts, docs/decisions/0585-clock-specs-hand-over.md). Visitors' view is the
// page's run-time copy (/legacy/<slug>); this server records rebuild requests and runs none.
import { readFileSync } from 'node:fs';
import { expect, test } from 'playwright/test';
import { takeOver } from './clock-handoff.ts';
import { serverLogPath } from './playwright.config.ts';

/** The rebuilds this server was asked for (its log; it records them and runs none). */
function rebuildReasons(): string[] {
  return readFileSync(serverLogPath('settings'), 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { message?: string; reason?: string })
    .filter((entry) => entry.message === 'site rebuild requested')
    .map((entry) => entry.reason ?? '');
}

test('the scheduled change goes live at its time, and the scheduler asks for the rebuild', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const { slug, headline, at } = takeOver('governed');
  await expect(async () => {
    await page.goto(`/legacy/${slug}`);
    await expect(page.getByTestId('hero-headline')).toContainText(headline, { timeout: 1000 });
  }).toPass({ timeout: 180_000 });
  // The field takes whole minutes: the time was cut to its minute.
  expect(Date.now()).toBeGreaterThanOrEqual(at - 60_000);
  await expect
    .poll(rebuildReasons)
    .toContainEqual(expect.stringMatching(new RegExp(`^scheduled publish /${slug} by `)));
});
