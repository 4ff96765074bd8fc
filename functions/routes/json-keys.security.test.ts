// Hole 5 of the hardening issue: a JSON body whose top-level key is a member of
// Object.prototype answered 500 with a stack trace. Every JSON route must answer 400
// naming the field, and log no error.
import { describe, expect, it } from 'vitest';
import { adminTestApp } from '../test/harness.ts';
import type { ErrorBody } from '../lib/errors.ts';

const PROTO_KEYS = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'];

describe('JSON bodies with Object.prototype keys', () => {
  it('answer 400 naming the key on every JSON route, anonymous and admin', async () => {
    const { json, anonJson, log } = await adminTestApp();
    const created = await json('POST', '/api/landing-pages', {
      title: 'Proto',
      slug: 'proto-keys',
    });
    const page = (await created.json()) as { id: string };
    const routes: [send: typeof json, method: string, path: string, base: object][] = [
      [anonJson, 'POST', '/api/contact', { name: 'Dana', email: 'dana@example.com' }],
      [
        anonJson,
        'POST',
        '/api/conversions',
        { landingPageId: 'default', eventType: 'nav_cta_click' },
      ],
      [anonJson, 'POST', '/api/auth/login', { email: 'a@example.com', password: 'x' }],
      [anonJson, 'POST', '/api/auth/setup', { token: 't', email: 'a@example.com', password: 'x' }],
      [json, 'POST', '/api/landing-pages', { title: 'T', slug: 'proto-new' }],
      [json, 'PUT', `/api/landing-pages/${page.id}`, { title: 'T' }],
    ];
    for (const [send, method, path, base] of routes) {
      for (const key of PROTO_KEYS) {
        // Written as text: an object literal's __proto__ would set the prototype instead.
        const body = `{${JSON.stringify(key)}:1,${JSON.stringify(base).slice(1)}`;
        const response = await send(method, path, body, {
          'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/150 Safari/537.36',
        });
        const label = `${method} ${path} ${key}`;
        expect(response.status, label).toBe(400);
        const { error } = (await response.json()) as ErrorBody;
        expect(Object.hasOwn(error.fields ?? {}, key), `${label}: ${JSON.stringify(error)}`).toBe(
          true,
        );
      }
    }
    expect(log.lines.filter((line) => line.level === 'error')).toEqual([]);
  });
});
