// Hole 8 of the hardening issue: the audit cursor was unsigned JSON whose `left` had no
// bound (left: 1e9 kept the server querying long after the client left) and a malformed
// one answered 500. Cursors are now signed and bounded; anything else is a 400.
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { adminTestApp } from '../test/harness.ts';
import type { ErrorBody } from '../lib/errors.ts';

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('audit cursors', () => {
  it('refuses forged, tampered, unbounded and malformed cursors with a 400 naming the cursor', async () => {
    const { json, services } = await adminTestApp();
    for (let i = 0; i < 3; i++) {
      await services.audit.record({
        actor: 'a@example.com',
        action: 'update',
        summary: `edit ${i}`,
      });
    }
    const first = (await (await json('GET', '/api/admin/audit?limit=1')).json()) as {
      cursor: string;
    };
    const [payload, signature] = first.cursor.split('.') as [string, string];
    const unbounded = b64({ month: '2026-11', left: 1e9 });
    const forged = [
      unbounded, // the old unsigned format
      `${unbounded}.${signature}`, // someone else's signature
      `${payload}.${signature.slice(0, -2)}AA`, // tampered signature
      `${payload}x.${signature}`, // tampered payload
      'not-a-cursor',
      '%%%',
      '..',
      `${payload}.${signature}.extra`,
      'a'.repeat(1999),
    ];
    for (const cursor of forged) {
      const response = await json(
        'GET',
        `/api/admin/audit?limit=1&cursor=${encodeURIComponent(cursor)}`,
      );
      expect(response.status, cursor.slice(0, 40)).toBe(400);
      const { error } = (await response.json()) as ErrorBody;
      expect(error.fields?.['cursor'], cursor.slice(0, 40)).toBeDefined();
    }
    // The cursor this server issued still works.
    const next = await json('GET', `/api/admin/audit?limit=1&cursor=${first.cursor}`);
    expect(next.status).toBe(200);
  });

  it('signs with a per-installation secret and binds a cursor to its list', async () => {
    const one = await adminTestApp();
    const two = await adminTestApp();
    const schema = z.object({ n: z.number() });
    const cursor = await one.services.cursors.encode('audit', { n: 1 });
    await expect(one.services.cursors.decode('audit', cursor, schema)).resolves.toEqual({ n: 1 });
    await expect(one.services.cursors.decode('media', cursor, schema)).rejects.toMatchObject({
      status: 400,
    });
    // Another installation (table) has another secret.
    await expect(two.services.cursors.decode('audit', cursor, schema)).rejects.toMatchObject({
      status: 400,
    });
    // Bounds still apply to a correctly signed value.
    const big = await one.services.cursors.encode('audit', { n: 'x' });
    await expect(one.services.cursors.decode('audit', big, schema)).rejects.toMatchObject({
      status: 400,
    });
  });
});
