// Browser tests: Debian's Chromium against the built site served by the local server
// (`npm start` with a fresh data folder and its own build output, both copied from one
// start-up: e2e/prepare-server.ts).
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from 'playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.ts';

// Workers inherit the environment, so the ports picked here are the ones they all use.
process.env['E2E_PORT'] ??= String(41000 + 2 * Math.floor(Math.random() * 1000));
const port = Number(process.env['E2E_PORT']);
/** Specs that create, edit and rebuild pages get a server of their own, so the crawl and
 * content specs on the other one always see the same, pristine site. */
const EDITING_SPECS = [
  'admin.spec.ts',
  'landing.spec.ts',
  'images.spec.ts',
  'analytics.spec.ts',
  'editor.spec.ts',
  'redirects.spec.ts',
  'governed.spec.ts',
  'experiments.spec.ts',
  'forms.spec.ts',
  'image-picker.spec.ts',
  'dynamic-text.spec.ts',
  'block-editor.spec.ts',
  // Publishes a page of blocks: the site specs check every page's headings and titles.
  'blocks.spec.ts',
  // Creates pages from templates and saves one (issue 27).
  'templates.spec.ts',
  // Publishes a page with a gated download and uploads PDFs (issue 27).
  'gated-asset.spec.ts',
  // Publishes a page with every block type (scripts/block-gallery.ts) for axe, CSP and vnu.
  'block-gallery.spec.ts',
  // Creates and publishes a Webinar page by keyboard (issue 27's walk-through).
  'webinar-keyboard.spec.ts',
  // Creates pages, people of each role and a working copy (issue 35).
  'editor-roles.spec.ts',
  // Saves a form and publishes a page with it as a block (issue 35).
  'form-block.spec.ts',
];
/** Specs that change what the editing specs rely on (the form editor saves the demo request
 * form that analytics and experiments submit): on the editing server, once those are done. */
const AFTER_EDITING_SPECS = ['forms-editor.spec.ts'];
/** Specs that turn on required approvals (a setting of the whole install), which every saving
 * spec depends on: on the editing server, last of all, and one after the other (each turns the
 * setting on and off again; run side by side, one would find it on while it creates a live page). */
const REVIEW_SPECS = ['forms-review.spec.ts', 'review-answers.spec.ts'];
const runDir = (process.env['E2E_RUN_DIR'] ??= join(tmpdir(), `pharmabridge-e2e-${port}`));
const root = fileURLToPath(new URL('..', import.meta.url));
/**
 * What a server writes to stdout: its JSON log, mail of the log transport included (the
 * password reset spec reads its link there, as a developer reads `npm start`'s terminal).
 */
export const serverLogPath = (name: string) => join(runDir, `${name}-server.log`);

/** The first administrator the server creates at start-up (e2e/admin*.spec.ts signs in as it). */
export const E2E_ADMIN = {
  email: 'e2e-admin@pharmabridge.test',
  password: 'e2e-harbour-lantern-2026',
};

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
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_ARGS],
    },
    trace: 'off',
  },
  projects: [
    {
      name: 'site',
      testIgnore: [...EDITING_SPECS, ...AFTER_EDITING_SPECS, ...REVIEW_SPECS],
      use: {
        ...devices['Desktop Chrome'],
        channel: undefined,
        baseURL: `http://localhost:${port}`,
      },
    },
    {
      name: 'editing',
      testMatch: EDITING_SPECS,
      use: {
        ...devices['Desktop Chrome'],
        channel: undefined,
        baseURL: `http://localhost:${port + 1}`,
      },
    },
    {
      // Alone: `--project=editing-forms --no-deps`.
      name: 'editing-forms',
      testMatch: AFTER_EDITING_SPECS,
      dependencies: ['editing'],
      use: {
        ...devices['Desktop Chrome'],
        channel: undefined,
        baseURL: `http://localhost:${port + 1}`,
      },
    },
    // Alone: `--project=editing-review --project=editing-review-2 --no-deps` runs both at once;
    // name one project to run its spec alone.
    ...REVIEW_SPECS.map((spec, index) => ({
      name: index === 0 ? 'editing-review' : `editing-review-${index + 1}`,
      testMatch: [spec],
      dependencies: [index === 0 ? 'editing-forms' : 'editing-review'],
      use: {
        ...devices['Desktop Chrome'],
        channel: undefined,
        baseURL: `http://localhost:${port + 1}`,
      },
    })),
  ],
  // One after the other (Playwright waits for each URL before starting the next): the
  // first builds the site once for both (e2e/prepare-server.ts), each gets its own copy.
  webServer: [server(port, 'site', true), server(port + 1, 'editing', false)],
});

function server(serverPort: number, name: string, build: boolean) {
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
    },
  };
}
