// Real-socket tests: the app behind the local server's HTTP front on 127.0.0.1, and
// requests sent from a chosen loopback address (127.0.0.0/8 is all loopback on Linux),
// so per-client limits can be tested with distinct client IPs, as an attacker would.
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createFrontServer } from '../server/http.ts';

export interface Served {
  url: string;
  close(): Promise<void>;
}

/** Serves `fetch` (an app's fetch) through createFrontServer; static paths answer 503. */
export async function serveApi(
  fetch: (request: Request, env: unknown) => Response | Promise<Response>,
): Promise<Served> {
  const server = createFrontServer({ fetch, site: () => undefined });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
    },
  };
}

export interface SocketResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json<T = unknown>(): T;
}

/** One HTTP request whose socket is bound to `from` (e.g. 127.0.0.50). */
export function requestFrom(
  from: string,
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
): Promise<SocketResponse> {
  const body =
    init.body === undefined
      ? undefined
      : typeof init.body === 'string'
        ? init.body
        : JSON.stringify(init.body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      {
        method: init.method ?? 'GET',
        localAddress: from,
        agent: false,
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...init.headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text,
            json: <T>() => JSON.parse(text) as T,
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
