// The inspection package (issue 37, docs/inspection-package.md): GET
// /api/admin/pages/:id/versions/:versionId/package for reviewers, publishers and admins only; the
// files of a version live before and of the live one, the print Chromium made at publication
// (with its signature page), the field changes against the version live before, the signatures
// with printed name, zone and meaning, the page's audit entries with their hashes, the manifest's
// SHA-256s; the offline check (`npm run package:verify`) passing, and failing on a changed file
// or a changed audit entry. Real DynamoDB Local, the real disk object store and the real
// Chromium (installed by .ci/run); the page Chromium prints here is a stand-in served by this
// test, since the API tests serve no site (e2e/lifecycle.spec.ts prints the real page).
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vnuErrors } from '../../e2e/vnu.ts';
import { jsonLogger } from '../core/logger.ts';
import type { VersionSummary } from '../shared/api/versions.ts';
import type { ErrorEnvelope } from '../shared/error-envelope.ts';
import { approve, team } from '../test/workflow-team.ts';
import { manifestSchema } from './manifest.ts';
import { ChromiumPrinter, findChromium } from './printer.ts';
import { printKey, PublicationPrinter } from './prints.ts';
import { verifyPackage } from './verify.ts';

type Team = Awaited<ReturnType<typeof team>>;

let site: Server;
let siteUrl = '';
beforeAll(async () => {
  // A stand-in for the public page: its headline, read from the store at each request.
  site = createServer((request, response) => {
    response.setHeader('Content-Type', 'text/html; charset=utf-8');
    response.end(
      `<!doctype html><html lang="en"><head><title>Spring</title></head><body><h1>${decodeURIComponent(
        new URL(request.url ?? '/', 'http://x').searchParams.get('h') ?? 'Spring',
      )}</h1></body></html>`,
    );
  });
  await new Promise<void>((done) => site.listen(0, '127.0.0.1', done));
  const address = site.address();
  siteUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(() => new Promise<void>((done) => site.close(() => done())));

/** Saves `headline` to the live page's working copy, has it approved and publishes it. */
async function publishApproved(t: Team, headline: string) {
  const page = (await t.services.pages.getById(t.live.id))!;
  const saved = await t.draft(headline, page.revision);
  expect(saved.status).toBe(200);
  const submitted = await t.as('editor')('POST', `/api/landing-pages/${t.live.id}/submit`, {
    note: 'Ready for MLR',
  });
  expect(submitted.status).toBe(200);
  const signed = await t.as('reviewer')(
    'POST',
    `/api/landing-pages/${t.live.id}/approve`,
    approve('approved-medical'),
  );
  expect(signed.status).toBe(201);
  const published = await t.as('publisher')('POST', `/api/landing-pages/${t.live.id}/publish`, {});
  expect(published.status).toBe(200);
}

const download = async (t: Team, who: string, versionId: string) =>
  t.as(who)(
    'GET',
    `/api/admin/pages/${t.live.id}/versions/${encodeURIComponent(versionId)}/package`,
  );

const filesOf = async (response: Response) =>
  unzipSync(new Uint8Array(await response.arrayBuffer()));

describe('inspection package', () => {
  it('holds the print, the changes, the signatures and the audit entries of a version, and verifies offline', async () => {
    const t = await team(1);
    const chromium = findChromium(undefined, process.env['PATH'] ?? '');
    // .ci/run installs Chromium: without it this test must fail, not pass without a print.
    expect(chromium, 'Chromium is needed to print (apt install chromium)').toBeDefined();
    const prints = new PublicationPrinter({
      pages: t.services.pages,
      objects: t.services.objects,
      printer: new ChromiumPrinter(chromium!),
      printAddress: (slug) =>
        `${siteUrl}/${slug}?h=${encodeURIComponent('Spring, first approved')}`,
      publicAddress: (slug) => `https://pharmabridge.example/${slug}`,
      now: t.services.now,
      log: jsonLogger('error'),
    });

    await publishApproved(t, 'Spring, first approved');
    expect(await prints.sweep()).toBe(1);
    // Printed once: the next sweep finds the print.
    expect(await prints.sweep()).toBe(0);
    t.clock.advance(60_000);
    await publishApproved(t, 'Spring, second approved');

    // The live version (not printed: no sweep ran since), as a reviewer downloads it.
    const live = await download(t, 'reviewer', 'live');
    expect(live.status).toBe(200);
    expect(live.headers.get('content-type')).toBe('application/zip');
    expect(live.headers.get('content-disposition')).toContain('PB-2026-0002-v2-inspection.zip');
    const liveFiles = await filesOf(live);
    const liveManifest = manifestSchema.parse(JSON.parse(strFromU8(liveFiles['manifest.json']!)));
    expect(liveManifest).toMatchObject({
      jobCode: 'PB-2026-0002 v2',
      version: 'live',
      live: true,
      print: { status: 'missing' },
      page: { id: t.live.id, slug: 'spring' },
    });
    expect(Object.keys(liveFiles).sort()).toEqual([
      'audit.jsonl',
      'changes.html',
      'claims.json',
      'content.json',
      'manifest.json',
      'signatures.json',
    ]);
    const changes = strFromU8(liveFiles['changes.html']!);
    expect(changes).toContain('Compared with PB-2026-0001 v1');
    expect(changes).toContain('“Spring, first approved”');
    expect(changes).toContain('“Spring, second approved”');
    // What it emits is valid HTML to the W3C Nu checker.
    expect(await vnuErrors(new Map([['changes.html', changes]]))).toEqual([]);
    expect(JSON.parse(strFromU8(liveFiles['content.json']!)).content.hero.headline).toBe(
      'Spring, second approved',
    );

    // The version the second publication replaced: the first, printed while it was live.
    const versions = (await (
      await t.as('admin')('GET', `/api/admin/pages/${t.live.id}/versions`)
    ).json()) as VersionSummary[];
    const first = versions.find((version) => version.publication?.jobCode === 'PB-2026-0001')!;
    const old = await download(t, 'publisher', first.versionId);
    expect(old.status).toBe(200);
    const zip = new Uint8Array(await old.arrayBuffer());
    const files = unzipSync(zip);
    const manifest = manifestSchema.parse(JSON.parse(strFromU8(files['manifest.json']!)));
    expect(manifest).toMatchObject({ jobCode: 'PB-2026-0001 v1', live: false });
    expect(manifest.print.status).toBe('printed');
    const pdf = await PDFDocument.load(files['page.pdf']!);
    // The page, then its signature page.
    expect(pdf.getPageCount()).toBeGreaterThanOrEqual(2);
    expect(pdf.getSubject()).toBe('PB-2026-0001 v1 · https://pharmabridge.example/spring');
    const signatures = JSON.parse(strFromU8(files['signatures.json']!)) as {
      signatures: Record<string, unknown>[];
    };
    expect(signatures.signatures).toEqual([
      expect.objectContaining({
        account: 'reviewer@pharmabridge.test',
        meaning: 'approved-medical',
        meaningText: 'approved, medical',
        signedAtText: expect.stringMatching(/^2026-11-25 14:00:\d\d UTC \(\+00:00\)$/),
      }),
    ]);
    const audit = strFromU8(files['audit.jsonl']!)
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(audit.map((entry) => entry['action'])).toEqual(
      expect.arrayContaining(['approve', 'publish']),
    );
    expect(
      audit.every((entry) => entry['pageId'] === t.live.id && typeof entry['hash'] === 'string'),
    ).toBe(true);
    // Every file's hash is in the manifest, and the whole verifies.
    const verdict = await verifyPackage(zip);
    expect(verdict.problems).toEqual([]);
    expect(verdict.auditChecked).toBe(audit.length);

    // A file changed: its hash no longer matches.
    const changedFile = zipSync({
      ...files,
      'content.json': strToU8(strFromU8(files['content.json']!).replace('first', 'FIRST')),
    });
    expect((await verifyPackage(changedFile)).problems).toEqual([
      'content.json does not match its SHA-256 in the manifest: it was changed.',
    ]);
    // An audit entry changed and the manifest made to match: the entry's own hash still tells.
    const lines = strFromU8(files['audit.jsonl']!).split('\n');
    const edited = JSON.stringify({ ...JSON.parse(lines[0]!), actor: 'someone@else.test' });
    const forgedAudit = strToU8([edited, ...lines.slice(1)].join('\n'));
    const forgedManifest = {
      ...manifest,
      files: manifest.files.map((file) =>
        file.name === 'audit.jsonl'
          ? {
              ...file,
              bytes: forgedAudit.length,
              sha256: createHash('sha256').update(forgedAudit).digest('hex'),
            }
          : file,
      ),
    };
    const forged = zipSync({
      ...files,
      'audit.jsonl': forgedAudit,
      'manifest.json': strToU8(JSON.stringify(forgedManifest)),
    });
    const forgedVerdict = await verifyPackage(forged);
    expect(forgedVerdict.ok).toBe(false);
    expect(forgedVerdict.problems).toEqual([
      expect.stringMatching(
        /^Audit entry .+ \(line 1 of audit\.jsonl\) does not match its hash: it was changed\.$/,
      ),
    ]);

    // The command line: 0 for the package, 1 for the changed one.
    const dir = await mkdtemp(join(tmpdir(), 'package-'));
    await writeFile(join(dir, 'good.zip'), zip);
    await writeFile(join(dir, 'bad.zip'), changedFile);
    const run = (file: string) =>
      promisify(execFile)(process.execPath, ['scripts/package-verify.ts', join(dir, file)]).then(
        (result) => ({ code: 0, out: result.stdout }),
        (error: { code: number; stdout: string }) => ({ code: error.code, out: error.stdout }),
      );
    const good = await run('good.zip');
    expect(good.code).toBe(0);
    expect(good.out).toContain('The package verifies');
    const bad = await run('bad.zip');
    expect(bad.code).toBe(1);
    expect(bad.out).toContain('content.json does not match its SHA-256');

    // Downloads are audited (the newest 50 entries: the second publication and its download
    // come after the first download, and entries of one second are ordered by their random id,
    // so a short page could miss it; CI did).
    const entries = (await (await t.as('admin')('GET', '/api/admin/audit?limit=50')).json()) as {
      entries: { action: string; summary: string; actor: string }[];
    };
    expect(entries.entries.filter((entry) => entry.action === 'inspection-package')).toContainEqual(
      expect.objectContaining({
        action: 'inspection-package',
        actor: 'publisher@pharmabridge.test',
        summary: 'Inspection package of PB-2026-0001 v1 downloaded (7 files, with its print)',
      }),
    );
    // The print belongs to its publication alone: the second has none.
    const second = (await t.services.pages.getById(t.live.id))!.publication!;
    expect(second.jobCode).toBe('PB-2026-0002');
    expect(await t.services.objects.size(printKey(t.live.id, second))).toBeUndefined();
  }, 240_000);

  it('is for reviewers, publishers and admins, and says why a version has none', async () => {
    const t = await team(0);
    // The page was created live by the store, as the seed creates pages: no job code yet.
    const noCode = await download(t, 'admin', 'live');
    expect(noCode.status).toBe(409);
    expect(((await noCode.json()) as ErrorEnvelope).error.message).toBe(
      'The page is not live, so it has no live version: choose a version from its history.',
    );
    const page = (await t.services.pages.getById(t.live.id))!;
    expect((await t.draft('Spring, edited', page.revision)).status).toBe(200);
    expect(
      (await t.as('publisher')('POST', `/api/landing-pages/${t.live.id}/publish`, {})).status,
    ).toBe(200);
    for (const [who, status] of [
      ['editor', 403],
      ['reviewer', 200],
      ['publisher', 200],
      ['admin', 200],
    ] as const) {
      expect((await download(t, who, 'live')).status, who).toBe(status);
    }
    // The version the publish replaced had no job code (it was never published with one).
    const versions = (await (
      await t.as('admin')('GET', `/api/admin/pages/${t.live.id}/versions`)
    ).json()) as VersionSummary[];
    const uncoded = versions.find((version) => !version.publication)!;
    const never = await download(t, 'admin', uncoded.versionId);
    expect(never.status).toBe(409);
    expect(((await never.json()) as ErrorEnvelope).error.message).toBe(
      'This version was never what visitors saw, so it has no inspection package: choose a version with a job code.',
    );
    const unknown = await download(t, 'admin', '2026-01-01T00:00:00.000Z#0000abcd');
    expect(unknown.status).toBe(404);
    const malformed = await download(t, 'admin', 'yesterday');
    expect(malformed.status).toBe(404);
  });
});
