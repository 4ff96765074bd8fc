// The admin's one way of reading an answer (site/islands/admin/api.ts): a JSON answer is
// parsed with its route's declared schema, and one that does not fit is a sentence, not a
// broken screen (docs/decisions/0526-admin-parses-answers.md); a file answer (the leads CSV)
// is read like a JSON one, so a 401 waits for the new sign-in and runs again, and a refusal
// is the envelope's sentence. Against a real HTTP server on a real socket;
// only the browser's base URL is supplied, since Node's fetch does not resolve '/api/...'.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildStatusSchema } from '../../../functions/shared/api/build.ts';
import { exportSelection } from './leads/leads-api.ts';
import { pagesQuery } from './common/pages-api.ts';
import {
  AnswerMismatch,
  authGate,
  buildQuery,
  BUILD_KEY,
  createQueryClient,
  describeError,
  HttpError,
  noContent,
  request,
} from './api.ts';

type Answer = { status: number; headers: Record<string, string>; body: string | Buffer };
let answers: Answer[] = [];
const seen: { method: string; url: string; body: string }[] = [];
let server: Server;
const browserFetch = globalThis.fetch;

const bodyOf = (request: IncomingMessage) =>
  new Promise<string>((done) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => done(text));
  });

beforeAll(async () => {
  server = createServer((request, response) => {
    void bodyOf(request).then((body) => {
      seen.push({ method: request.method ?? '', url: request.url ?? '', body });
      const answer = answers.shift() ?? { status: 500, headers: {}, body: 'no answer left' };
      response.writeHead(answer.status, answer.headers).end(answer.body);
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  globalThis.fetch = (input, init) =>
    browserFetch(typeof input === 'string' ? new URL(input, origin) : input, init);
});

afterEach(() => {
  answers = [];
  seen.length = 0;
});

afterAll(async () => {
  globalThis.fetch = browserFetch;
  await new Promise((done) => server.close(done));
});

const signedOut = () =>
  new Promise<void>((done) => {
    const stop = authGate.subscribe(() => {
      if (authGate.state === 'signed-out') {
        stop();
        done();
      }
    });
  });

const envelope = (code: string, message: string) => JSON.stringify({ error: { code, message } });

describe('a file answer (the chosen leads as CSV)', () => {
  it('waits for the new sign-in after a 401 and is fetched again, bytes and name kept', async () => {
    const csv = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('Name\r\nAda\r\n')]);
    answers = [
      { status: 401, headers: {}, body: envelope('unauthorized', 'Sign in first') },
      {
        status: 200,
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': 'attachment; filename="leads-2026-12-05.csv"',
        },
        body: csv,
      },
    ];
    const waiting = signedOut();
    const file = exportSelection(['6f1c2a4e-0000-4000-8000-000000000001']);
    await waiting;
    expect(seen).toHaveLength(1);
    authGate.signedIn('sales@example.com');
    const { name, blob } = await file;
    expect(name).toBe('leads-2026-12-05.csv');
    expect(Buffer.from(await blob.arrayBuffer())).toEqual(csv);
    expect(seen).toHaveLength(2);
    expect(seen[1]).toEqual({
      method: 'POST',
      url: '/api/admin/leads/export',
      body: JSON.stringify({ ids: ['6f1c2a4e-0000-4000-8000-000000000001'] }),
    });
  });

  it('names the file leads.csv when the answer gives no name', async () => {
    answers = [{ status: 200, headers: { 'content-type': 'text/csv' }, body: 'Name\r\n' }];
    expect((await exportSelection(['6f1c2a4e-0000-4000-8000-000000000002'])).name).toBe(
      'leads.csv',
    );
  });

  it('raises a refusal as HttpError with the envelope sentence', async () => {
    answers = [
      { status: 403, headers: {}, body: envelope('forbidden', 'Your role cannot export leads') },
    ];
    const failure = await exportSelection(['6f1c2a4e-0000-4000-8000-000000000003']).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(HttpError);
    expect((failure as HttpError).status).toBe(403);
    expect((failure as HttpError).detail).toBe('Your role cannot export leads');
  });
});

const json = (body: unknown): Answer => ({
  status: 200,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

describe("a JSON answer, parsed with its route's schema", () => {
  // request() logs a mismatch for whoever debugs it; kept off the test output, and checked.
  let logged: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => logged.mockRestore());

  it("is the schema's output when it fits", async () => {
    answers = [json({ state: 'up-to-date', publishedAt: '2026-12-05T18:00:00.000Z' })];
    await expect(request(buildStatusSchema, 'GET', '/api/admin/build')).resolves.toEqual({
      state: 'up-to-date',
      publishedAt: '2026-12-05T18:00:00.000Z',
    });
  });

  it('rejects a drifted answer as AnswerMismatch, shown as a sentence, not a zod dump', async () => {
    answers = [json({ state: 'queued' })];
    const failure = await request(buildStatusSchema, 'GET', '/api/admin/build').catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(AnswerMismatch);
    // For developers: the call and the schema's complaint.
    expect((failure as AnswerMismatch).message).toContain('GET /api/admin/build');
    expect((failure as AnswerMismatch).problems).toContain('state');
    expect(logged).toHaveBeenCalledWith(failure);
    // For the administrator: what happened and what to do.
    expect(describeError(failure)).toBe(
      "The server's answer was not what this page expects. Reload the page; if it happens again, tell your administrator.",
    );
  });

  it('reads a 204 as no body, and refuses a body where the route declares none', async () => {
    answers = [{ status: 204, headers: {}, body: '' }];
    await expect(request(noContent, 'DELETE', '/api/landing-pages/p1')).resolves.toBeNull();
    answers = [json({ deleted: true })];
    await expect(request(noContent, 'DELETE', '/api/landing-pages/p1')).rejects.toBeInstanceOf(
      AnswerMismatch,
    );
  });

  it("parses a query helper's answer too: a page list with a page missing its fields fails", async () => {
    const client = createQueryClient();
    answers = [json([{ id: 'p1', title: 'Launch' }])];
    await expect(client.fetchQuery(pagesQuery)).rejects.toBeInstanceOf(AnswerMismatch);
    answers = [json({ state: 'building', startedAt: '2026-12-05T18:00:00.000Z' })];
    await expect(client.fetchQuery(buildQuery)).resolves.toMatchObject({ state: 'building' });
    expect(seen.map((call) => call.url)).toEqual(['/api/landing-pages', '/api/admin/build']);
  });

  it('fails a query without its own queryFn, naming its key, without asking the server', async () => {
    const client = createQueryClient();
    await expect(client.fetchQuery({ queryKey: BUILD_KEY })).rejects.toThrow(
      'The query ["/api/admin/build"] has no queryFn',
    );
    expect(seen).toEqual([]);
  });
});
