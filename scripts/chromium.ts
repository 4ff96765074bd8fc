// How every tool here starts Debian's Chromium (browser tests, Lighthouse, the asset
// renderer): no browser downloads are possible, and without the background-networking
// flags Chromium keeps dialling Google's hosts on this closed network.
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
