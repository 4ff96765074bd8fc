// Browser tests: Debian's Chromium against the built site served by the local server
// (`npm start` with a fresh data folder and its own build output, both copied from one
// start-up: e2e/prepare-server.ts).
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from 'playwright/test';
import { TEST_CHROMIUM_ARGS, TEST_CHROMIUM_PATH } from '../scripts/chromium.ts';

// Workers inherit the environment, so the ports picked here are the ones they all use.
// Five servers: E2E_PORT and the four ports after it. Below Linux's ephemeral range
// (32768-60999), which DynamoDB Local's, a preparing server's and the browsers' own sockets
// take ports from: a server started later found its port taken by one of those.
process.env['E2E_PORT'] ??= String(21000 + 5 * Math.floor(Math.random() * 1600));
const port = Number(process.env['E2E_PORT']);
/**
 * Specs that publish: each checks what a real rebuild writes (the prebuilt page after a save,
 * the redirect map, the experiments' variants, every block type built; the admin's build
 * status while a build runs). Their server rebuilds after each change that reaches the public
 * site. (docs/decisions/0548-browser-specs-check-edits-at-run-time.md)
 */
const PUBLISHING_SPECS = [
  'admin.spec.ts',
  'editor.spec.ts',
  'redirects.spec.ts',
  'experiments.spec.ts',
  // Publishes a page with every block type (scripts/block-gallery.ts) for axe, CSP and vnu,
  // and checks there what only a build writes (record 0548 lists it).
  'block-gallery.spec.ts',
  // Publishes a page from each built-in template through the checks before publishing, for
  // vnu, axe, anchors and Event structured data as built (issue 38).
  'template-pages.spec.ts',
  'localization.spec.ts',
  // A German experiment served at /de/<slug> once rebuilt (issue 39).
  'experiments-locales.spec.ts',
];
/**
 * Specs that create and edit pages and check them where the server shows them at once: the
 * run-time page (/legacy/<slug>), the preview, the API. Their server records each rebuild
 * request and runs none (LOCAL_REBUILDS=off), so the crawl and content specs on the site
 * server always see the same, pristine site, and no build takes the cores meanwhile.
 */
const EDITING_SPECS = [
  'landing.spec.ts',
  'images.spec.ts',
  'analytics.spec.ts',
  'forms.spec.ts',
  'image-picker.spec.ts',
  'dynamic-text.spec.ts',
  'block-editor.spec.ts',
  // Saves a page of blocks: the site specs check every page's headings and titles.
  'blocks.spec.ts',
  // Creates pages from templates and saves one (issue 27).
  'templates.spec.ts',
  // Saves a page with a gated download and uploads PDFs (issue 27).
  'gated-asset.spec.ts',
  // Creates and saves a Webinar page by keyboard (issue 27's walk-through).
  'webinar-keyboard.spec.ts',
  // A Webinar page's checks in the Review tab, fixed and published (issue 38).
  'checks.spec.ts',
  // Creates pages, people of each role and a working copy (issue 35).
  'editor-roles.spec.ts',
  // Saves a form and a page with it as a block (issue 35).
  'form-block.spec.ts',
  // Comments pinned to a block hold up an approval until resolved (issue 36): only on its own
  // page, so the setting (on by default) changes nothing for the other specs.
  'annotations.spec.ts',
  // Saves a page that says claims, and a preview link of it (issue 36).
  'claims-render.spec.ts',
  // Adds evidence and claims, and saves a page that says one (issue 36).
  'claims-admin.spec.ts',
  // Saves a live page twice and reads its job code at run time and in the admin (issue 37).
  'job-codes.spec.ts',
  // Verifies the audit trail, changes an entry in the table and puts it back (issue 37).
  'audit-trail.spec.ts',
  // Creates a page with an event and schedules its unpublish in 2027, and makes a feed (issue 37).
  'calendar.spec.ts',
];
/**
 * Specs that change what the other specs rely on, or a setting of the whole install: on a
 * server of their own, run-time like the editing one, and one at a time (the `settings`
 * project has one worker), beside the other projects from the start
 * (docs/decisions/0580-settings-specs-on-their-own-server.md). Each turns its setting on and
 * off again; run side by side, one would find another's setting on while it creates a live
 * page or signs.
 */
const SETTINGS_SPECS = [
  // Saves the demo request form that the editing specs' analytics submits.
  'forms-editor.spec.ts',
  // Adds German to the site's languages while it runs: never beside the form editor's spec
  // (that editor shows a German section then, and its fields would be two).
  'forms-translations.spec.ts',
  // Required approvals, the reviewer checklist (clock-governed.spec.ts sets it while it signs).
  'forms-review.spec.ts',
  'review-answers.spec.ts',
  // Adds German to the site's languages and sets them back to en-US at the end (issue 39).
  'locales-admin.spec.ts',
  // Adds German for leads by locale and sets the languages back to en-US at the end (issue 39).
  'leads-locale.spec.ts',
  // The same, for the Analytics tab's Language filter (issue 39).
  'analytics-locales.spec.ts',
];
/**
 * Specs that set something to happen at a time on the server's clock (a page's expiry, a
 * scheduled publish; its runner passes them every 20 s), each with a spec that checks, once
 * the time has come, that it happened. In the `settings` lane, which runs its files one at a
 * time in the order of their names: the `clock-` specs among the first, the `when-due-` ones
 * last, so the other settings specs' work fills the one to two minutes between instead of a
 * worker waiting (docs/decisions/0585-clock-specs-hand-over.md;
 * scripts/playwright-projects.test.ts holds the order). They hand over through a file in the
 * run's folder (e2e/clock-handoff.ts).
 */
const CLOCK_SPECS = [
  'clock-governed.spec.ts',
  'clock-lifecycle.spec.ts',
  'when-due-governed.spec.ts',
  'when-due-lifecycle.spec.ts',
];
const runDir = (process.env['E2E_RUN_DIR'] ??= join(tmpdir(), `pharmabridge-e2e-${port}`));
const root = fileURLToPath(new URL('..', import.meta.url));
/**
 * What a server writes to stdout: its JSON log, mail of the log transport included (the
 * password reset spec reads its link there, as a developer reads `npm start`'s terminal).
 */
export const serverLogPath = (name: string) => join(runDir, `${name}-server.log`);

/** Where a `clock-` spec leaves what its `when-due-` spec checks (e2e/clock-handoff.ts). */
export const handoffPath = (name: string) => join(runDir, 'clock', `${name}.json`);

/** The first administrator the server creates at start-up (e2e/admin*.spec.ts signs in as it). */
export const E2E_ADMIN = {
  email: 'e2e-admin@pharmabridge.test',
  password: 'e2e-harbour-lantern-2026',
};

/** Desktop Chromium against the server on `serverPort`. */
const at = (serverPort: number) => ({
  ...devices['Desktop Chrome'],
  channel: undefined,
  baseURL: `http://localhost:${serverPort}`,
});

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  timeout: 30_000,
  // Assertions wait up to 10 s: on a loaded 2-core machine a rebuild or a JVM pause can
  // hold a response past the default 5 s. (Speed is measured by `npm run bench`, not here.)
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    launchOptions: {
      executablePath: TEST_CHROMIUM_PATH,
      args: [...TEST_CHROMIUM_ARGS],
    },
    trace: 'off',
  },
  projects: [
    {
      // First, so one worker starts on them at once and the other takes the rest meanwhile.
      // One spec: `npx playwright test e2e/forms-review.spec.ts --project=settings`; a clock
      // spec with its check: `npx playwright test e2e/clock-lifecycle.spec.ts
      // e2e/when-due-lifecycle.spec.ts --project=settings`.
      name: 'settings',
      testMatch: [...SETTINGS_SPECS, ...CLOCK_SPECS],
      workers: 1,
      fullyParallel: false,
      use: at(port + 3),
    },
    {
      // Issue 36's walk-through publishes (a rebuild) and changes the install's approvals and
      // checklist while it signs: on a server of its own that rebuilds, beside the others, so
      // no spec finds its settings and no worker waits for it at the end
      // (docs/decisions/0586-walkthrough-on-its-own-server.md).
      name: 'walkthrough',
      testMatch: ['claims-walkthrough.spec.ts'],
      workers: 1,
      use: at(port + 4),
    },
    {
      name: 'site',
      testIgnore: [
        ...PUBLISHING_SPECS,
        'claims-walkthrough.spec.ts',
        ...EDITING_SPECS,
        ...SETTINGS_SPECS,
        ...CLOCK_SPECS,
      ],
      use: at(port),
    },
    {
      name: 'publishing',
      testMatch: PUBLISHING_SPECS,
      // This server rebuilds after each published change, so its writes share the cores with
      // site builds as well as with the other servers' specs: a CI run on a loaded machine saw
      // a save answer after more than 10 s, while a build ran. Its assertions wait up to 30 s
      // (docs/decisions/0588-publishing-specs-wait-longer.md).
      expect: { timeout: 30_000 },
      use: at(port + 1),
    },
    {
      name: 'editing',
      testMatch: EDITING_SPECS,
      use: at(port + 2),
    },
  ],
  // One after the other (Playwright waits for each URL before starting the next): the
  // first builds the site once for all five (e2e/prepare-server.ts), each gets its own copy.
  webServer: [
    // No server prints publications for inspection packages: each print is two Chromium runs,
    // and on the editing server they slowed the specs beside them until timing-sensitive ones
    // failed (a CI run: 17 prints). The print itself is tested with the real Chromium in
    // functions/inspection/package.test.ts; when-due-lifecycle.spec.ts verifies a package
    // without one.
    server(port, 'site', true, { INSPECTION_PRINTS: 'off' }),
    server(port + 1, 'publishing', false, { INSPECTION_PRINTS: 'off' }),
    server(port + 2, 'editing', false, { LOCAL_REBUILDS: 'off', INSPECTION_PRINTS: 'off' }),
    server(port + 3, 'settings', false, { LOCAL_REBUILDS: 'off', INSPECTION_PRINTS: 'off' }),
    server(port + 4, 'walkthrough', false, { INSPECTION_PRINTS: 'off' }),
  ],
});

function server(
  serverPort: number,
  name: string,
  build: boolean,
  extraEnv: Record<string, string> = {},
) {
  const prepare = `node e2e/prepare-server.ts '${runDir}' ${name}${build ? ' --build' : ''}`;
  return {
    command: `mkdir -p '${runDir}' && ${prepare} && exec node functions/server/start.ts > '${serverLogPath(name)}'`,
    cwd: root,
    // `/` answers once the site is built and served (the API answers earlier).
    url: `http://localhost:${serverPort}/`,
    // The first one starts twice: once to build (prepare-server.ts), then to serve.
    timeout: build ? 300_000 : 180_000,
    reuseExistingServer: false,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 6000 },
    env: {
      PORT: String(serverPort),
      DATA_DIR: join(runDir, name, 'data'),
      DIST_DIR: join(runDir, name, 'dist'),
      SITE_URL: 'http://localhost:3000',
      // Info lines (mail included) go to serverLogPath(name); warnings and errors to stderr.
      LOG_LEVEL: 'info',
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      REBUILD_DEBOUNCE_MS: '300',
      // Every browser test comes from 127.0.0.1 and every admin test signs in as the same
      // account; the limits themselves are tested in the API tests.
      LOGIN_PAIR_LIMIT: '500',
      LOGIN_IP_LIMIT: '500',
      LOGIN_FREE_FAILURES: '500',
      CONTACT_RATE_LIMIT: '500',
      CONVERSION_ADDRESS_RATE_LIMIT: '100000',
      // One proxy in front (functions/lib/client-ip.ts): a request's X-Forwarded-For is its
      // client, for the API and the static site's experiment assignment alike, so
      // experiments.spec.ts visits from several addresses. Requests without the header (every
      // other spec) are still the socket's 127.0.0.1.
      TRUST_PROXY: '1',
      ...extraEnv,
    },
  };
}
