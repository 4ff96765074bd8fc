// `npm run build`: the static site from the configured store (or the template when none
// is configured), precompressed, swapped into DIST_DIR. CodeBuild runs this in AWS.
import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import { loadConfig } from '../functions/env.ts';
import { buildSite, buildStamp } from '../functions/server/site-build.ts';

const config = loadConfig();
const started = Date.now();
const result = await buildSite({
  distDir: resolve(config.env.DIST_DIR),
  // A manual build is always fresh: its stamp never matches a later `npm start` check.
  stamp: buildStamp(createHash('sha256').update(String(Date.now())).digest('hex')),
  env: process.env,
  onOutput: (chunk) => process.stdout.write(chunk),
});
if (!result.ok) {
  // The build's own output is above; a refusal of its output (a script the CSP does not
  // allow, and which page and field it came from) is said only here.
  process.stderr.write(`The site build failed.\n${result.reason ? `${result.reason}\n` : ''}`);
  process.exit(1);
}
process.stdout.write(
  `Site built into ${config.env.DIST_DIR}/ in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
);
