// docs/api.md's curl examples, run as written (issue 40): every ```sh block of the guide is
// run by bash with the real curl against the API served over HTTP by a real Node server
// (the app of functions/app.ts, DynamoDB Local behind it), with the variables the guide
// names set: PB_URL, PB_TOKEN (a token with every scope), PB_READ_TOKEN (leads:read only),
// PB_LEAD_ID and PB_PAGE_ID. A block followed by a ```json block must print JSON that
// holds it: every key and value shown, where a value of "…" stands for anything.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { getRequestListener } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedPages, testApp } from '../test/harness.ts';

const run = promisify(execFile);
const GUIDE = readFileSync(new URL('../../docs/api.md', import.meta.url), 'utf8');

interface Example {
  /** The heading the example sits under, for the test's name. */
  heading: string;
  script: string;
  /** The JSON the guide shows the example printing, if any. */
  shows?: unknown;
}

/** The guide's ```sh blocks, each with the ```json block right after it, if any. */
export function examplesOf(markdown: string): Example[] {
  const examples: Example[] = [];
  let heading = '';
  const blocks = markdown.matchAll(/^(#{1,4} .+)$|^```(\w+)\n([\s\S]*?)^```$/gm);
  let last: Example | undefined;
  let lastEnd = -1;
  for (const block of blocks) {
    if (block[1]) {
      heading = block[1].replace(/^#+ /, '');
      last = undefined;
      continue;
    }
    const [, , lang, body = ''] = block;
    const between = markdown.slice(lastEnd, block.index).trim();
    if (lang === 'sh') {
      last = { heading, script: body };
      examples.push(last);
    } else if (lang === 'json' && last && between === '' && last.shows === undefined) {
      last.shows = JSON.parse(body);
    }
    lastEnd = block.index + block[0].length;
  }
  return examples;
}

/** Whether `actual` holds everything `shown` shows ("…" matches any value). */
function holds(actual: unknown, shown: unknown, path = '$'): string[] {
  if (shown === '…') return actual === undefined ? [`${path} is missing`] : [];
  if (Array.isArray(shown)) {
    if (!Array.isArray(actual)) return [`${path} is not an array`];
    return shown.flatMap((item, index) => holds(actual[index], item, `${path}[${index}]`));
  }
  if (shown !== null && typeof shown === 'object') {
    if (actual === null || typeof actual !== 'object') return [`${path} is not an object`];
    return Object.entries(shown).flatMap(([key, value]) =>
      holds((actual as Record<string, unknown>)[key], value, `${path}.${key}`),
    );
  }
  return actual === shown
    ? []
    : [`${path} is ${JSON.stringify(actual)}, not ${JSON.stringify(shown)}`];
}

describe('docs/api.md', () => {
  let server: Server;
  const env: Record<string, string> = {};

  beforeAll(async () => {
    const { app, services, signIn, json } = await testApp();
    const { cookie } = await signIn('ops@pharmabridge.test');
    const tokenOf = async (scopes: string[]) => {
      const made = await json(
        'POST',
        '/api/admin/tokens',
        { name: `Docs ${scopes.join(' ')}`, scopes },
        { cookie },
      );
      expect(made.status).toBe(201);
      return ((await made.json()) as { token: string }).token;
    };
    await seedPages(services, ['webinar']);
    const page = await services.pages.getBySlug('webinar');
    const contact = await json(
      'POST',
      '/api/contact',
      {
        name: 'Dana Reyes',
        email: 'dana.reyes@example.com',
        company: 'Northwind Pharma',
        message: 'Please show us the contract rules.',
        formType: 'pricing',
        landingPageId: 'webinar',
      },
      { 'x-forwarded-for': '203.0.113.7' },
    );
    expect(contact.status).toBe(201);
    const lead = (await contact.json()) as { id: string };
    env.PB_TOKEN = await tokenOf([
      'pages:read',
      'pages:write',
      'analytics:read',
      'leads:read',
      'leads:write',
      'forms:read',
    ]);
    env.PB_READ_TOKEN = await tokenOf(['leads:read']);
    env.PB_LEAD_ID = lead.id;
    env.PB_PAGE_ID = page!.id;
    // The harness names the client by X-Forwarded-For; curl sends none, so the server adds it.
    const listener = getRequestListener(app.fetch);
    server = createServer((req, res) => {
      req.headers['x-forwarded-for'] ??= '198.51.100.20';
      void listener(req, res);
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    env.PB_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise<void>((done) => server.close(() => done())));

  it('has examples, and each shows what it prints', () => {
    const examples = examplesOf(GUIDE);
    expect(examples.length).toBeGreaterThanOrEqual(6);
    expect(examples.every((example) => example.script.includes('curl'))).toBe(true);
  });

  it.each(examplesOf(GUIDE).map((example, index) => [`${index + 1}: ${example.heading}`, example]))(
    'example %s runs as written',
    async (_name, example) => {
      const { stdout } = await run('bash', ['-euo', 'pipefail', '-c', example.script], {
        env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...env },
      });
      if (example.shows !== undefined) {
        expect(holds(JSON.parse(stdout), example.shows)).toEqual([]);
      }
    },
  );
});
