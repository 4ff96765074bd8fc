// A real HTTP server on loopback standing in for the team's CRM in webhook tests: it
// records every request and answers as each test scripts it (a status, or no answer).
import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** What the receiver does with the nth request (0-based): answer a status, or never answer. */
export type Answer = number | 'hang';

export interface Receiver {
  url: string;
  received: ReceivedRequest[];
  /** Resolves once `count` requests have arrived. */
  waitFor(count: number): Promise<void>;
  stop(): Promise<void>;
}

export async function startReceiver(
  answer: (index: number) => Answer = () => 204,
): Promise<Receiver> {
  const received: ReceivedRequest[] = [];
  const waiters: { count: number; done: () => void }[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const index = received.length;
      received.push({
        method: request.method ?? '',
        path: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      for (const waiter of waiters.filter((w) => received.length >= w.count)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.done();
      }
      const reply = answer(index);
      if (reply === 'hang') return; // held open until the sender gives up or stop()
      response.writeHead(reply, { 'content-type': 'text/plain' }).end(`status ${reply}`);
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/leads`,
    received,
    waitFor: (count) =>
      received.length >= count
        ? Promise.resolve()
        : new Promise((done) => waiters.push({ count, done })),
    stop: async () => {
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
    },
  };
}

/** The receiver's own check of a Standard Webhooks signature (independent of signing.ts). */
export function signedWith(secret: string, request: ReceivedRequest): boolean {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key)
    .update(
      `${String(request.headers['webhook-id'])}.${String(request.headers['webhook-timestamp'])}.${request.body}`,
    )
    .digest('base64');
  return String(request.headers['webhook-signature']) === `v1,${expected}`;
}
