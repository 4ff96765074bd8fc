// Issue 21 item 8: on stop the local server first stops taking connections and lets the
// requests in flight finish (up to a bound), and only then does the store stop
// (functions/server/local-stack.ts). Real sockets on loopback.
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createFrontServer, drainServer } from './http.ts';

function get(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

/** A front server whose API requests wait until the test lets them go. */
async function heldServer() {
  let entered = () => {};
  const arrived = new Promise<void>((done) => (entered = done));
  let release = () => {};
  const released = new Promise<void>((done) => (release = done));
  const server = createFrontServer({
    fetch: async () => {
      entered();
      await released;
      return Response.json({ status: 'ok' });
    },
    site: () => undefined,
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { server, url, arrived, release };
}

describe('draining the HTTP server on stop', () => {
  it('refuses new connections at once and lets a request in flight finish', async () => {
    const { server, url, arrived, release } = await heldServer();
    const inFlight = get(`${url}/api/slow`);
    await arrived;
    const steps: string[] = [];
    const drained = drainServer(server, 60_000).then(() => steps.push('drained'));
    await expect(get(`${url}/api/other`)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    expect(steps).toEqual([]);
    release();
    expect(await inFlight).toBe(200);
    await drained;
    expect(steps).toEqual(['drained']);
    expect(server.listening).toBe(false);
  });

  it('cuts off a request that outlasts the bound', async () => {
    const { server, url, arrived, release } = await heldServer();
    const inFlight = get(`${url}/api/hangs`);
    await arrived;
    await drainServer(server, 100);
    await expect(inFlight).rejects.toThrow();
    release();
  });
});
