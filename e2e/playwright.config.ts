// Browser tests: Debian's Chromium against the built site served by the local server
// (`npm start` with a fresh data folder and its own build output).
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from 'playwright/test';

// Workers inherit the environment, so the port picked here is the one they all use.
process.env['E2E_PORT'] ??= String(41000 + Math.floor(Math.random() * 2000));
const port = Number(process.env['E2E_PORT']);
const runDir = (process.env['E2E_RUN_DIR'] ??= join(tmpdir(), `pharmabridge-e2e-${port}`));
const root = fileURLToPath(new URL('..', import.meta.url));

export const CHROMIUM_ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  timeout: 30_000,
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    launchOptions: {
      executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    },
    trace: 'off',
  },
  projects: [{ name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: 'node functions/server/start.ts',
    cwd: root,
    // `/` answers once the site is built and served (the API answers earlier).
    url: `http://localhost:${port}/`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 6000 },
    env: {
      PORT: String(port),
      DATA_DIR: join(runDir, 'data'),
      DIST_DIR: join(runDir, 'dist'),
      SITE_URL: 'http://localhost:3000',
      LOG_LEVEL: 'warn',
    },
  },
});
