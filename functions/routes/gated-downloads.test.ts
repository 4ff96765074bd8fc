// Gated downloads (issue 27, functions/shared/assets.ts) end to end over real HTTP, with the
// disk store and DynamoDB Local (functions/test/media-kit.ts): a PDF is uploaded through
// /api/admin/assets and kept private; a page's gatedAsset block names it; POST /api/contact
// with the block's gate stores the lead and answers a signed link; the link redirects to a
// short-lived URL that serves the bytes as an attachment; expired and tampered links are
// sentences; the public page API never names the file.
import { afterEach, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../lib/errors.ts';
import type { MailMessage } from '../mail/mailer.ts';
import {
  ASSET_MAX_BYTES,
  EXPIRED_LINK_TEXT,
  HIDDEN_ASSET_PATH,
  INVALID_LINK_TEXT,
  WITHDRAWN_LINK_TEXT,
  type AssetRecord,
  type AssetUploadTicket,
} from '../shared/assets.ts';
import { landingTemplate } from '../shared/template.ts';
import type { LandingContent } from '../shared/landing-content.ts';
import { mediaApp, SMALL_PDF, type MediaApp } from '../test/media-kit.ts';
import { GATED_DOWNLOAD_FIELD } from './contact.ts';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}';

const PDF = SMALL_PDF;

const visitor = {
  name: 'Dana Whitfield',
  email: 'dana.whitfield@example-pharma.com',
  company: 'Example Pharma',
  message: '',
};

/** A person's browser: Node's own user agent counts as a bot (no auto-reply). */
const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

const errorOf = async (response: Response) => ((await response.json()) as ErrorBody).error;

let t: MediaApp;
let clock = new Date('2026-11-27T09:00:00.000Z');
const sent: MailMessage[] = [];
afterEach(async () => {
  await t?.close();
  clock = new Date('2026-11-27T09:00:00.000Z');
  sent.length = 0;
});

async function setUp() {
  t = await mediaApp(
    'disk',
    { SITE_URL: 'https://www.pharmabridge.test' },
    {
      now: () => clock,
      mailer: { transport: 'memory', send: async (message) => void sent.push(message) },
    },
  );
  return t;
}

async function uploadAsset(bytes: Buffer, fileName = 'Data quality guide.pdf') {
  const start = await t.call('POST', '/api/admin/assets', { fileName, size: bytes.length });
  expect(start.status).toBe(201);
  const ticket = (await start.json()) as AssetUploadTicket;
  const put = await fetch(ticket.uploadURL, { method: 'PUT', body: new Uint8Array(bytes) });
  expect(put.status).toBe(200);
  return { ticket, complete: await t.call('POST', `/api/admin/assets/${ticket.id}/complete`) };
}

/** A published page with gated blocks: `guide` (with the file), and the refused kinds. */
async function publishPage(assetPath: string, slug = 'whitepaper') {
  const content: LandingContent = {
    ...landingTemplate(),
    layout: [
      { id: 'nav', type: 'navigation', name: 'PharmaBridge' },
      {
        id: 'guide',
        type: 'gatedAsset',
        headline: 'The data quality guide',
        asset: assetPath,
        buttonLabel: 'Get the guide',
      },
      {
        id: 'hidden-guide',
        type: 'gatedAsset',
        hidden: true,
        headline: 'Hidden',
        asset: assetPath,
        buttonLabel: 'Get it',
      },
      { id: 'no-file', type: 'gatedAsset', headline: 'Coming soon', buttonLabel: 'Get it' },
      { id: 'intro', type: 'richText', markdown: 'Hello' },
      { id: 'footer', type: 'footer' },
    ],
  };
  await t.services.pages.create({ title: 'Whitepaper', slug, isActive: true, content });
}

const submit = (gate: unknown, extra: Record<string, unknown> = {}) =>
  t.call(
    'POST',
    '/api/contact',
    { formId: 'demo-request', fields: visitor, gate, ...extra },
    { cookie: '', 'user-agent': BROWSER },
  );

describe('private files for gated downloads', () => {
  it('uploads a PDF to a private key, lists it, and serves it on no public path', async () => {
    await setUp();
    const { ticket, complete } = await uploadAsset(PDF);
    expect(ticket.id).toMatch(new RegExp(`^${UUID}$`));
    expect(new URL(ticket.uploadURL).pathname).toBe(`/api/objects/local/pending/${ticket.id}`);
    expect(complete.status).toBe(201);
    const record = (await complete.json()) as AssetRecord;
    expect(record).toEqual({
      id: ticket.id,
      path: `/assets/${ticket.id}`,
      fileName: 'Data quality guide.pdf',
      size: PDF.length,
      createdAt: clock.toISOString(),
      createdBy: t.email,
    });
    expect(await t.stored(`assets/${ticket.id}`)).toEqual(PDF);
    expect(await t.store.size(`pending/${ticket.id}`)).toBeUndefined();
    const list = await t.call('GET', '/api/admin/assets');
    expect(((await list.json()) as { assets: AssetRecord[] }).assets).toEqual([record]);
    // Not under the public uploads, not anywhere else a visitor can ask.
    for (const path of [
      `/objects/uploads/${ticket.id}`,
      `/objects/assets/${ticket.id}`,
      `/api/objects/local/assets/${ticket.id}`,
    ]) {
      const response = await fetch(`${t.url}${path}`);
      expect(response.status, path).toBeGreaterThanOrEqual(400);
      expect(Buffer.from(await response.arrayBuffer()).includes(PDF.subarray(0, 40))).toBe(false);
    }
    const { entries } = await t.services.audit.list(10);
    expect(entries[0]?.summary).toBe(
      `File Data quality guide.pdf uploaded for gated downloads (/assets/${ticket.id})`,
    );
  });

  it('refuses a file that is not a PDF by its bytes, naming the problem, and keeps nothing', async () => {
    await setUp();
    const fake = Buffer.from('<html>not a pdf</html>');
    const { ticket, complete } = await uploadAsset(fake, 'report.pdf');
    expect(complete.status).toBe(400);
    const error = await errorOf(complete);
    expect(error.fields).toEqual({
      file: ['is not a PDF (its content does not start with %PDF-)'],
    });
    expect(await t.store.size(`pending/${ticket.id}`)).toBeUndefined();
    expect(await t.store.size(`assets/${ticket.id}`)).toBeUndefined();
    const list = await t.call('GET', '/api/admin/assets');
    expect(((await list.json()) as { assets: AssetRecord[] }).assets).toEqual([]);
  });

  it('refuses a name that is not a PDF and a size over 25 MB before any upload', async () => {
    await setUp();
    const word = await t.call('POST', '/api/admin/assets', { fileName: 'a.docx', size: 10 });
    expect(word.status).toBe(400);
    expect((await errorOf(word)).fields).toEqual({
      fileName: ['must be a PDF file (name ending in .pdf)'],
    });
    const big = await t.call('POST', '/api/admin/assets', {
      fileName: 'big.pdf',
      size: ASSET_MAX_BYTES + 1,
    });
    expect(big.status).toBe(400);
    expect((await errorOf(big)).fields).toEqual({ size: ['must be at most 25 MB'] });
  });

  it('completing before the bytes arrived is a 400 saying so', async () => {
    await setUp();
    const start = await t.call('POST', '/api/admin/assets', { fileName: 'a.pdf', size: 10 });
    const { id } = (await start.json()) as AssetUploadTicket;
    const complete = await t.call('POST', `/api/admin/assets/${id}/complete`);
    expect(complete.status).toBe(400);
    expect((await errorOf(complete)).fields).toEqual({
      file: ['has not arrived: upload the bytes to the upload URL first'],
    });
  });
});

describe('a gated submission and its link', () => {
  async function withPage() {
    await setUp();
    const record = (await (await uploadAsset(PDF)).complete.json()) as AssetRecord;
    await publishPage(record.path);
    return record;
  }

  it('stores the lead, then answers a signed 24-hour link that downloads the PDF as an attachment', async () => {
    const record = await withPage();
    const response = await submit({ slug: 'whitepaper', blockId: 'guide' });
    expect(response.status).toBe(201);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = (await response.json()) as {
      id: string;
      status: string;
      download: { url: string; expiresAt: string };
    };
    expect(body.download.url).toMatch(/^\/api\/downloads\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(body.download.expiresAt).toBe('2026-11-28T09:00:00.000Z');
    expect(body.download.url).not.toContain(record.id);
    // The lead is stored and says which file it asked for.
    const lead = await t.services.leads.get(body.id);
    expect(lead).toMatchObject({
      email: visitor.email,
      formId: 'demo-request',
      fields: { [GATED_DOWNLOAD_FIELD]: `Data quality guide.pdf (${record.path})` },
    });

    const link = await fetch(`${t.url}${body.download.url}`, { redirect: 'manual' });
    expect(link.status).toBe(302);
    expect(link.headers.get('cache-control')).toBe('no-store');
    const target = new URL(link.headers.get('location')!);
    expect(target.pathname).toBe(`/api/objects/local/assets/${record.id}`);
    const file = await fetch(target);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-disposition')).toBe(
      `attachment; filename="Data quality guide.pdf"; filename*=UTF-8''Data%20quality%20guide.pdf`,
    );
    expect(Buffer.from(await file.arrayBuffer())).toEqual(PDF);

    // The storage URL lasts 5 minutes; the link itself 24 hours.
    clock = new Date(clock.getTime() + 6 * 60_000);
    expect((await fetch(target)).status).toBe(403);
    const again = await fetch(`${t.url}${body.download.url}`, { redirect: 'manual' });
    expect(again.status).toBe(302);
  });

  it('a tampered storage URL (another file name or key) is refused', async () => {
    await withPage();
    const { download } = (await (
      await submit({ slug: 'whitepaper', blockId: 'guide' })
    ).json()) as { download: { url: string } };
    const link = await fetch(`${t.url}${download.url}`, { redirect: 'manual' });
    const target = new URL(link.headers.get('location')!);
    target.searchParams.set('X-Pb-File-Name', 'evil.html');
    expect((await fetch(target)).status).toBe(403);
  });

  it('an expired link is a 410 sentence, a tampered one a 403 sentence', async () => {
    await withPage();
    const { download } = (await (
      await submit({ slug: 'whitepaper', blockId: 'guide' })
    ).json()) as { download: { url: string } };
    const [payload, mac] = download.url.slice('/api/downloads/'.length).split('.') as [
      string,
      string,
    ];
    // Another file or a later expiry, signed with the old mac.
    const changed = JSON.parse(Buffer.from(payload, 'base64url').toString()) as {
      exp: number;
    };
    const forged = Buffer.from(JSON.stringify({ ...changed, exp: changed.exp + 86400 })).toString(
      'base64url',
    );
    const tampered = await fetch(`${t.url}/api/downloads/${forged}.${mac}`, {
      redirect: 'manual',
    });
    expect(tampered.status).toBe(403);
    expect(await tampered.text()).toBe(INVALID_LINK_TEXT);
    const junk = await fetch(`${t.url}/api/downloads/not-a-token`, { redirect: 'manual' });
    expect(junk.status).toBe(403);

    clock = new Date(clock.getTime() + 24 * 3600_000 + 1000);
    const expired = await fetch(`${t.url}${download.url}`, { redirect: 'manual' });
    expect(expired.status).toBe(410);
    expect(expired.headers.get('cache-control')).toBe('no-store');
    expect(await expired.text()).toBe(EXPIRED_LINK_TEXT);
  });

  it('a link stops working once its block is hidden, removed or given another file, or its page unpublished or deleted (410 sentence)', async () => {
    const record = await withPage();
    const other = (await (await uploadAsset(PDF, 'Other.pdf')).complete.json()) as AssetRecord;
    const page = (await t.services.pages.getBySlug('whitepaper'))!;
    const live = page.content;
    const { download } = (await (
      await submit({ slug: 'whitepaper', blockId: 'guide' })
    ).json()) as { download: { url: string } };
    const use = () => fetch(`${t.url}${download.url}`, { redirect: 'manual' });
    const change = async (patch: { content?: LandingContent; isActive?: boolean }) =>
      t.services.pages.update(page.id, patch, {
        actor: 'publisher@pharmabridge.test',
        action: 'update',
      });
    const guide = (edit: Record<string, unknown>) => ({
      ...live,
      layout: live.layout!.map((block) => (block.id === 'guide' ? { ...block, ...edit } : block)),
    });
    expect((await use()).status).toBe(302);
    const withdrawn: [string, () => Promise<unknown>][] = [
      ['hidden', () => change({ content: guide({ hidden: true }) as LandingContent })],
      ['another file', () => change({ content: guide({ asset: other.path }) as LandingContent })],
      [
        'removed',
        () =>
          change({
            content: { ...live, layout: live.layout!.filter((block) => block.id !== 'guide') },
          }),
      ],
      ['unpublished', () => change({ isActive: false })],
    ];
    for (const [what, act] of withdrawn) {
      await act();
      const answer = await use();
      expect(answer.status, what).toBe(410);
      expect(answer.headers.get('cache-control'), what).toBe('no-store');
      expect(answer.headers.get('location'), what).toBeNull();
      expect(await answer.text(), what).toBe(WITHDRAWN_LINK_TEXT);
      // Shown again as it was: the same link works again (checked at each use).
      await change({ content: live, isActive: true });
      expect((await use()).status, `${what}, then restored`).toBe(302);
    }
    await t.services.pages.delete(page.id, {
      actor: 'admin@pharmabridge.test',
      action: 'delete',
    });
    const deleted = await use();
    expect(deleted.status).toBe(410);
    expect(await deleted.text()).toBe(WITHDRAWN_LINK_TEXT);
    // The file itself is still there for other pages.
    expect(await t.services.assets.get(record.id)).toBeDefined();
  });

  it('a gate to a hidden block, a block without a file, an unknown block or page is a 400 naming gate, and stores nothing', async () => {
    await withPage();
    const cases: [unknown, string][] = [
      [
        { slug: 'whitepaper', blockId: 'hidden-guide' },
        'names no gated download shown on this page',
      ],
      [{ slug: 'whitepaper', blockId: 'no-file' }, 'names a gated download without a file'],
      [{ slug: 'whitepaper', blockId: 'intro' }, 'names no gated download shown on this page'],
      [{ slug: 'whitepaper', blockId: 'nothing' }, 'names no gated download shown on this page'],
      [{ slug: 'no-such-page', blockId: 'guide' }, 'names no published page'],
    ];
    for (const [gate, message] of cases) {
      const response = await submit(gate);
      expect(response.status, JSON.stringify(gate)).toBe(400);
      expect((await errorOf(response)).fields).toEqual({ gate: [message] });
    }
    const malformed = await submit({ slug: 'whitepaper' });
    expect(malformed.status).toBe(400);
    expect(Object.keys((await errorOf(malformed)).fields ?? {})).toEqual(['gate.blockId']);
    // Another form than the block's.
    const other = await t.call(
      'POST',
      '/api/contact',
      {
        formId: 'pricing-request',
        fields: visitor,
        gate: { slug: 'whitepaper', blockId: 'guide' },
      },
      { cookie: '' },
    );
    expect(other.status).toBe(400);
    expect((await errorOf(other)).fields).toEqual({
      gate: ['belongs to another form than the one sent'],
    });
    expect(await t.services.leads.newest()).toEqual([]);
  });

  it('a filled honeypot gets no link', async () => {
    await withPage();
    const response = await submit({ slug: 'whitepaper', blockId: 'guide' }, { website: 'x' });
    expect(response.status).toBe(201);
    expect(await response.json()).not.toHaveProperty('download');
  });

  it('the auto-reply carries the link', async () => {
    await withPage();
    const form = await t.call('GET', '/api/admin/forms/demo-request');
    const definition = ((await form.json()) as { form: Record<string, unknown> }).form;
    const saved = await t.call('PUT', '/api/admin/forms/demo-request', {
      form: {
        ...definition,
        autoReply: { enabled: true, subject: 'Your guide', body: 'Hello {{name}},\n\nhere it is.' },
      },
    });
    expect(saved.status).toBe(200);
    const response = await submit({ slug: 'whitepaper', blockId: 'guide' });
    const { download } = (await response.json()) as { download: { url: string } };
    expect(sent).toHaveLength(1);
    const url = `https://www.pharmabridge.test${download.url}`;
    expect(sent[0]!.text).toBe(
      `Hello Dana Whitfield,\n\nhere it is.\n\nYour download (Data quality guide.pdf), valid for 24 hours:\n${url}`,
    );
    expect(sent[0]!.html).toContain(`<a href="${url}">${url}</a>`);
  });

  it('the public page API never names the file', async () => {
    const record = await withPage();
    const response = await t.call('GET', '/api/landing-pages/whitepaper', undefined, {
      cookie: '',
    });
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toContain('The data quality guide');
    expect(text).not.toContain(record.id);
    // The block is there (the live /legacy page shows it), its file a path that names none.
    expect(text).toContain(`"asset":"${HIDDEN_ASSET_PATH}"`);
    // The admin's own read keeps it.
    const stored = await t.services.pages.getBySlug('whitepaper');
    expect(JSON.stringify(stored?.content)).toContain(record.path);
  });
});

describe('the S3 driver’s private objects (moto_server)', () => {
  it('writes assets/<id> and reads it only through a presigned GET, as an attachment', async () => {
    t = await mediaApp('s3');
    const id = '0b5e3c1a-7f2d-4e8b-9c6a-1d2e3f4a5b6c';
    await t.store.putPrivate(`assets/${id}`, PDF, { contentType: 'application/pdf' });
    const url = await t.store.presignGet(`assets/${id}`, {
      origin: t.url,
      expiresIn: 300,
      fileName: 'Q3 “report”.pdf',
    });
    const file = await fetch(url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    // S3 answers the signed response-content-disposition as the header (moto_server does not
    // echo it, so the signed parameter is what is checked here).
    const signed = new URL(url).searchParams;
    expect(signed.get('response-content-disposition')).toBe(
      `attachment; filename="Q3 _report_.pdf"; filename*=UTF-8''Q3%20%E2%80%9Creport%E2%80%9D.pdf`,
    );
    expect(signed.get('X-Amz-Expires')).toBe('300');
    expect(Buffer.from(await file.arrayBuffer())).toEqual(PDF);
    // Without the signature, the bucket answers nothing.
    const bare = new URL(url);
    bare.search = '';
    expect((await fetch(bare)).status).toBe(403);
    await expect(
      t.store.putPrivate(`uploads/${id}`, PDF, { contentType: 'application/pdf' }),
    ).rejects.toThrow('not a private key');
  });
});
