// Issue 21 item 10: a client that hangs up while sending its body is not a server fault.
// Anyone can do it, so it must not raise the "unhandled error" alarm with a stack trace:
// it is logged at info, one line, and nothing is answered (the socket is gone anyway).
import { once } from 'node:events';
import type { Server } from 'node:http';
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { createFrontServer } from './http.ts';
import { testApp } from '../test/harness.ts';

/** Sends the headers and part of a `length`-byte body on a real socket, then destroys it. */
async function abortMidBody(
  server: Server,
  path: string,
  framing: { length: number } | 'chunked',
  type = 'application/json',
): Promise<void> {
  const { port } = server.address() as AddressInfo;
  const received = once(server, 'request');
  const socket = connect(Number(port), '127.0.0.1');
  await new Promise<void>((done, failed) => {
    socket.once('connect', done);
    socket.once('error', failed);
  });
  const part = '{"name":"Dana Whitfield","email":"dana@exa';
  socket.write(
    `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: ${type}\r\n` +
      (framing === 'chunked'
        ? `Transfer-Encoding: chunked\r\n\r\n${part.length.toString(16)}\r\n${part}\r\n`
        : `Content-Length: ${framing.length}\r\n\r\n${part}`),
  );
  // Hang up once the server has the request (and is reading its body).
  await received;
  socket.destroy();
  await new Promise((resolve) => socket.once('close', resolve));
}

describe('a request body the client aborts', () => {
  it('is logged at info without a stack, not as an unhandled error', async () => {
    const { app, log } = await testApp();
    const server = createFrontServer({
      fetch: (request, env) => app.fetch(request, env),
      site: () => undefined,
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      await abortMidBody(server, '/api/conversions', { length: 1000 }, 'text/plain');
      await abortMidBody(server, '/api/conversions', 'chunked', 'text/plain');
      await abortMidBody(server, '/api/contact', { length: 10_000 });
      await abortMidBody(server, '/api/contact', 'chunked');
      await expect
        .poll(() => log.lines.filter((line) => line.message === 'request body aborted').length, {
          timeout: 10_000,
        })
        .toBe(4);
      const aborted = log.lines.filter((line) => line.message === 'request body aborted');
      for (const line of aborted) {
        expect(line.level).toBe('info');
        expect(line.details?.['method']).toBe('POST');
      }
      expect(log.lines.filter((line) => line.level !== 'info')).toEqual([]);
      expect(JSON.stringify(log.lines)).not.toContain('    at ');
      // The server is unharmed: the next request is answered.
      expect((await fetch(`${url}/api/health`)).status).toBe(200);
    } finally {
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
    }
  });
});
