// GET /api/s3/params changes nothing (issue 33,
// docs/decisions/0333-upload-tickets-ride-with-the-upload.md): a same-site GET (an <img src> on some page an editor opens) writes no
// upload ticket. The ticket is a signed token the POST form stores as the upload's
// metadata, read back and checked when the upload is published or replaces an image: the
// uploader's GET keeps working, and a token that is forged, another upload's, expired or
// already used publishes nothing. Over real HTTP with the disk driver and S3 on moto_server
// (functions/test/media-kit.ts), DynamoDB Local underneath.
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, describe, expect, it } from 'vitest';
import { newMediaId } from '../data/media/store.ts';
import { TICKET_METADATA } from '../data/media/tickets.ts';
import { photoJpeg } from '../media/test-images.ts';
import { objectPathOf, pendingKeyOf, type MediaRecord } from '../shared/media.ts';
import { DRIVERS, mediaApp, type MediaApp } from '../test/media-kit.ts';

let t: MediaApp;
let clock = new Date('2026-11-27T09:00:00.000Z');
afterEach(async () => {
  await t?.close();
  clock = new Date('2026-11-27T09:00:00.000Z');
});

/** Every item of the table, as text, in key order. */
async function tableItems(app: MediaApp): Promise<string[]> {
  const { Items = [] } = await app.services.db.send(
    new ScanCommand({ TableName: app.services.tableName, ConsistentRead: true }),
  );
  return Items.map((item) => JSON.stringify(item)).sort();
}

describe.each(DRIVERS)('GET /api/s3/params (%s driver)', (driver) => {
  it('writes nothing to the table, and the upload it signs still publishes with its name', async () => {
    t = await mediaApp(driver, {}, { now: () => clock });
    const before = await tableItems(t);
    const query = new URLSearchParams({ filename: 'Team photo.jpg', type: 'image/jpeg' });
    const first = await t.call('GET', `/api/s3/params?${query}`, undefined, {
      'sec-fetch-site': 'same-origin',
    });
    expect(first.status).toBe(200);
    // The one write an install ever makes here: its signing secret, on first use.
    const afterFirst = await tableItems(t);
    expect(
      afterFirst
        .filter((item) => !before.includes(item))
        .map((item) => JSON.parse(item) as { pk: string; sk: string }),
    ).toEqual([expect.objectContaining({ pk: 'SECRET', sk: 'upload-tickets' })]);
    for (let n = 0; n < 3; n++) {
      expect((await t.call('GET', `/api/s3/params?${query}`)).status).toBe(200);
    }
    expect(await tableItems(t)).toEqual(afterFirst);

    // The uploader's flow (what @uppy/aws-s3 does) publishes it, under the name it sent.
    const { objectPath, posted } = await t.uploadForm(await photoJpeg(800, 600), 'Team photo.jpg');
    expect(posted.ok).toBe(true);
    const published = await t.publish(objectPath);
    expect(published.status).toBe(201);
    expect((await published.json()) as MediaRecord).toMatchObject({
      objectPath,
      fileName: 'Team photo.jpg',
      uploadedBy: t.email,
    });
  });
});

describe('a signed upload ticket', () => {
  /** An upload to `id` whose form carries `ticket` as its metadata, as GET /params signs it. */
  async function uploadWith(id: string, ticket: string) {
    const { url, fields } = await t.store.presignPost(
      pendingKeyOf(id),
      { origin: t.url, expiresIn: 900, maxBytes: 10_000_000 },
      { [TICKET_METADATA]: ticket },
    );
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    form.set('file', new Blob([new Uint8Array(await photoJpeg(640, 480))]), 'a.jpg');
    expect((await fetch(url, { method: 'POST', body: form })).ok).toBe(true);
    return objectPathOf(id);
  }
  const sign = (id: string) =>
    t.services.media.signTicket({ id, fileName: 'a.jpg', requestedBy: t.email }, 900);

  it("refuses a forged token, another upload's, and one past its time, with the stored answer", async () => {
    t = await mediaApp('disk', {}, { now: () => clock });
    const tamper = (token: string) => token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA');
    for (const [what, tokenFor] of [
      ["another upload's", () => sign(newMediaId())],
      ['tampered', async (id: string) => tamper(await sign(id))],
      ['junk', async () => 'not-a-token'],
    ] as const) {
      // A fresh upload each time: the disk driver's form URLs work once.
      const id = newMediaId();
      const path = await uploadWith(id, await tokenFor(id));
      const answer = await t.publish(path);
      expect(answer.status, what).toBe(404);
      expect(((await answer.json()) as { error: { message: string } }).error.message).toBe(
        `No upload is waiting at ${path}`,
      );
    }
    // A good token, but used after the ticket's time (the URL's and two days).
    const late = newMediaId();
    const path = await uploadWith(late, await sign(late));
    clock = new Date(clock.getTime() + (900 + 2 * 86400 + 1) * 1000);
    expect((await t.publish(path)).status).toBe(404);
  });

  it('publishes or replaces once: a used token leaves a mark that refuses it again (S3, whose form policy may be sent twice)', async () => {
    t = await mediaApp('s3', {}, { now: () => clock });
    const image = await t.addImage(await photoJpeg(900, 600), 'first.jpg');
    const id = newMediaId();
    const token = await sign(id);
    const path = await uploadWith(id, token);
    const replace = () =>
      t.call('POST', `/api/admin/media/${image.id}/replace`, { objectPath: path });
    expect((await replace()).status).toBe(200);
    // The same bytes again under the same token (a replayed upload): refused.
    await uploadWith(id, token);
    const again = await replace();
    expect(again.status).toBe(409);
    expect(((await t.services.media.get(image.id)) as MediaRecord).version).toBe(2);
  });
});
