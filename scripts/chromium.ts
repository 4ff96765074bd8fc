// How every tool here starts Debian's Chromium (browser tests, Lighthouse, the asset
// renderer): no browser downloads are possible, and without the background-networking
// flags Chromium keeps dialling Google's hosts on this closed network.
import { existsSync } from 'node:fs';

export const CHROMIUM_PATH = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS: readonly string[] = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * The browser tests' Chromium: Debian's headless shell (`apt-get install chromium-headless-shell`,
 * the same version as `chromium`), which is what Playwright itself runs headless tests in. The
 * same engine without the desktop browser around it: in a full browser-test run it took about a
 * fifth less processor time than the full Chromium in its new headless mode
 * (docs/decisions/0582-browser-tests-in-the-headless-shell.md). Where the shell is not installed,
 * the full Chromium; `E2E_CHROMIUM_PATH` chooses another.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const TEST_CHROMIUM_PATH =
  process.env['E2E_CHROMIUM_PATH'] ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROMIUM_PATH);
/** The shell is headless only: it takes no `--headless=new`. */
export const TEST_CHROMIUM_ARGS: readonly string[] = TEST_CHROMIUM_PATH.includes('headless-shell')
  ? CHROMIUM_ARGS.filter((arg) => !arg.startsWith('--headless'))
  : CHROMIUM_ARGS;
