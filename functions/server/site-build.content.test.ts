// A real `astro build` against DynamoDB Local whose pages hold text that looks like markup
// (issue 21, item 4): `<script>` typed into a headline or an SEO field is text, written
// escaped into the body and as an attribute value into <meta content>, and must not fail
// the build's inline-script check (which once read the HTML with a regex and took the
// attribute for a script, so every rebuild failed).
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDocumentClient } from '../data/dynamo.ts';
import { LandingPageRepository } from '../data/landing-pages/repository.ts';
import { ensureTable } from '../data/table.ts';
import { landingTemplate } from '../shared/template.ts';
import { inlineScriptHashes } from './inline-scripts.ts';
import {
  buildSite,
  buildStamp,
  describeUnlistedScripts,
  storedPages,
  unlistedInlineScripts,
} from './site-build.ts';

const HEADLINE = 'Faster > slower <script>alert("headline")</script>';
const DESCRIPTION = 'Quick <script>alert(1)</script> and <img src=x onerror=alert(2)> too';

const root = mkdtempSync(join(tmpdir(), 'pb-build-content-'));
const distDir = join(root, 'dist');
const tableName = `test-${randomUUID()}`;
let result: Awaited<ReturnType<typeof buildSite>>;
let buildEnv: Record<string, string | undefined>;

beforeAll(async () => {
  const endpoint = inject('dynamoEndpoint');
  const db = createDocumentClient({ region: 'local', endpoint });
  await ensureTable(db, tableName);
  const template = landingTemplate();
  const pages = new LandingPageRepository(db, tableName);
  await pages.create({
    title: 'PharmaBridge',
    slug: 'default',
    isActive: true,
    content: {
      ...template,
      hero: { ...template.hero, headline: HEADLINE },
      seo: { ...template.seo, description: DESCRIPTION },
    },
  });
  db.destroy();
  buildEnv = {
    ...process.env,
    DYNAMODB_ENDPOINT: endpoint,
    AWS_REGION: 'local',
    TABLE_NAME: tableName,
    SITE_URL: 'http://localhost:4321',
  };
  result = await buildSite({ distDir, stamp: buildStamp('content-test'), env: buildEnv });
}, 300_000);

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('a build whose content looks like markup', () => {
  it('succeeds, and the text is on the page as text', () => {
    expect(result.logTail).not.toMatch(/inline scripts/);
    expect(result.ok, result.logTail).toBe(true);
    const home = readFileSync(join(distDir, 'index.html'), 'utf8');
    // The description is an attribute value; the headline is escaped text.
    expect(home).toContain(`content="${DESCRIPTION}"`);
    expect(home).toContain('&lt;script&gt;alert(&quot;headline&quot;)&lt;/script&gt;');
    // Only the scripts Astro writes itself are executable inline scripts.
    const scripts = inlineScriptHashes(home);
    expect(scripts).not.toContain(inlineScriptHashes('<script>alert(1)</script>')[0]);
    expect(existsSync(`${distDir}.next`)).toBe(false);
  });
});

describe('a build refused for a script that content produced', () => {
  // No component writes content as markup today, so no real build can produce this: the
  // output folder is written by hand, as a component that did would have left it, and the
  // pages are read from the store the build read (DynamoDB Local).
  it('names the landing page and the field that hold the text', async () => {
    const db = createDocumentClient({ region: 'local', endpoint: inject('dynamoEndpoint') });
    const template = landingTemplate();
    await new LandingPageRepository(db, tableName).create({
      title: 'Promo',
      slug: 'promo',
      isActive: true,
      content: {
        ...template,
        hero: { ...template.hero, highlight: 'Now <script>steal()</script>' },
      },
    });
    db.destroy();
    const out = join(root, 'refused');
    mkdirSync(join(out, 'promo'), { recursive: true });
    writeFileSync(
      join(out, 'promo', 'index.html'),
      '<html><head><script>steal()</script><script>newRuntime()</script></head></html>',
    );
    const message = describeUnlistedScripts(
      unlistedInlineScripts(out),
      await storedPages(buildEnv),
    );
    expect(message).toContain('landing page "promo", field hero.highlight');
    expect(message).toContain('in promo/index.html');
    // A script no content holds is still reported as the site's own, with its hash.
    expect(message).toContain(
      `'${inlineScriptHashes('<script>newRuntime()</script>')[0]}' in promo/index.html`,
    );
    expect(message.match(/Astro upgrade/g)).toHaveLength(1);
  });
});
