// The admin's one way of reading an answer (site/islands/admin/api.ts): a file answer (the
// leads CSV) is read like a JSON one, so a 401 waits for the new sign-in and runs again,
// and a refusal is the envelope's sentence. Against a real HTTP server on a real socket;
// only the browser's base URL is supplied, since Node's fetch does not resolve '/api/...'.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { exportSelection } from './leads/leads-api.ts';
import { authGate, HttpError } from './api.ts';

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
