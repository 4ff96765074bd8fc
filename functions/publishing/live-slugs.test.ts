// Issue 33: `/legacy/{slug}` answered 200 for any slug. CloudFront now serves it only for a
// slug whose `live:<slug>` key is in its KeyValueStore (infra/edge/clean-urls.js), and the API
// writes those keys as pages change, at once: create, publish, rename, unpublish, delete and
// restore, through the real app over DynamoDB Local. The KeyValueStore API itself cannot run
// here: a fake KvsApi stands in for the AWS SDK's client (the one mocked part), keeping the
// store's keys and ETag as CloudFront does and refusing a stale ETag with ConflictException.
import { describe, expect, it } from 'vitest';
import type { LandingPage } from '../data/landing-pages/page-item.ts';
import { adminTestApp } from '../test/harness.ts';
import { jsonLogger } from '../core/logger.ts';
import { kvsLiveSlugs, liveSlugUpdate, type KvsApi, type KvsUpdate } from './live-slugs.ts';

const ARN = 'arn:aws:cloudfront::123456789012:key-value-store/0d1e2f3a';

/** A KeyValueStore in memory, as the KeyValueStore API answers (UpdateKeys needs the ETag). */
function fakeStore() {
  const keys = new Map<string, string>();
  let version = 0;
  const calls: KvsUpdate[] = [];
  /** Makes the next UpdateKeys stale, as a write by someone else between read and update. */
  let interleave = 0;
  const api: KvsApi = {
    etag: async (arn) => {
      expect(arn).toBe(ARN);
      return `E${version}`;
    },
    update: async (arn, etag, update) => {
      expect(arn).toBe(ARN);
      if (interleave > 0) {
        interleave--;
        version++;
      }
      if (etag !== `E${version}`) {
        throw Object.assign(new Error('Pre-Condition failed'), { name: 'ConflictException' });
      }
      calls.push(update);
      for (const { Key } of update.deletes) keys.delete(Key);
      for (const { Key, Value } of update.puts) keys.set(Key, Value);
      version++;
    },
  };
  return { api, keys, calls, interleaveNext: (times = 1) => (interleave = times) };
}

async function setUp(api: KvsApi) {
  const errors: string[] = [];
  const log = { ...jsonLogger('error'), error: (message: string) => errors.push(message) };
  const app = await adminTestApp({}, { liveSlugs: kvsLiveSlugs(async () => api, ARN, log) });
  const create = async (slug: string, isActive: boolean) => {
    const response = await app.json('POST', '/api/landing-pages', {
      title: `Page ${slug}`,
      slug,
      isActive,
    });
    expect(response.status, await response.clone().text()).toBe(201);
    return (await response.json()) as LandingPage;
  };
  return { ...app, create, errors };
}

describe('live slugs in the edge store', () => {
  it('follows every page change at once: create, publish, rename, unpublish, delete, restore', async () => {
    const store = fakeStore();
    const { json, create, keys } = { ...(await setUp(store.api)), keys: store.keys };
    const live = await create('spring-launch', true);
    const draft = await create('autumn-summit', false);
    expect([...keys]).toEqual([['live:spring-launch', live.id]]);

    // The draft goes live under a new name: its new slug, in one call.
    const published = await json('PUT', `/api/landing-pages/${draft.id}`, {
      slug: 'autumn-summit-2026',
      isActive: true,
      revision: draft.revision,
    });
    expect(published.status).toBe(200);
    expect(keys.get('live:autumn-summit-2026')).toBe(draft.id);
    expect(keys.has('live:autumn-summit')).toBe(false);

    // A live page renamed: the old key goes and the new one comes in the same UpdateKeys.
    store.calls.length = 0;
    const renamed = await json('PUT', `/api/landing-pages/${live.id}`, {
      slug: 'spring-2026',
      revision: live.revision,
    });
    expect(renamed.status).toBe(200);
    expect(store.calls).toEqual([
      {
        puts: [{ Key: 'live:spring-2026', Value: live.id }],
        deletes: [{ Key: 'live:spring-launch' }],
      },
    ]);

    // Unpublished: gone. A save that changes neither slug nor liveness writes nothing.
    const down = await json('POST', `/api/landing-pages/${live.id}/unpublish`, {});
    expect(down.status, await down.clone().text()).toBe(200);
    expect(keys.has('live:spring-2026')).toBe(false);
    store.calls.length = 0;
    const current = (await (await json('GET', `/api/landing-pages/${draft.id}`)).json()) as {
      revision: number;
    };
    const retitled = await json('PUT', `/api/landing-pages/${draft.id}`, {
      title: 'Autumn summit 2026',
      revision: current.revision,
    });
    expect(retitled.status).toBe(200);
    expect(store.calls).toEqual([]);

    // Deleted and restored.
    expect((await json('DELETE', `/api/landing-pages/${draft.id}`)).status).toBe(204);
    expect(keys.has('live:autumn-summit-2026')).toBe(false);
    const restored = await json('POST', `/api/admin/deleted-pages/${draft.id}/restore`);
    expect(restored.status, await restored.clone().text()).toBe(200);
    expect(keys.get('live:autumn-summit-2026')).toBe(draft.id);
  });

  it('sends the update again with the new ETag when the rebuild wrote the store meanwhile', async () => {
    const store = fakeStore();
    const { create } = await setUp(store.api);
    store.interleaveNext(2);
    const page = await create('winter-offer', true);
    expect(store.keys.get('live:winter-offer')).toBe(page.id);
  });

  it('keeps the page change when the store cannot be written, and logs it', async () => {
    const failing: KvsApi = {
      etag: async () => 'E0',
      update: async () => {
        throw Object.assign(new Error('User is not authorized'), { name: 'AccessDeniedException' });
      },
    };
    const { create, errors, services } = await setUp(failing);
    const page = await create('summer-offer', true);
    expect((await services.pages.getById(page.id))?.isActive).toBe(true);
    expect(errors).toEqual(['live slugs not updated in CloudFront']);
  });
});

describe('liveSlugUpdate', () => {
  const page = (slug: string, isActive: boolean) => ({ id: 'p1', slug, isActive });
  it('puts the key of a slug that became live and deletes the one that stopped being', () => {
    expect(liveSlugUpdate({ after: page('a', true) })).toEqual({
      puts: [{ Key: 'live:a', Value: 'p1' }],
      deletes: [],
    });
    expect(liveSlugUpdate({ before: page('a', true), after: page('a', false) })).toEqual({
      puts: [],
      deletes: [{ Key: 'live:a' }],
    });
    expect(liveSlugUpdate({ before: page('a', false), after: page('b', false) })).toEqual({
      puts: [],
      deletes: [],
    });
    expect(liveSlugUpdate({ before: page('a', true), after: page('a', true) })).toEqual({
      puts: [],
      deletes: [],
    });
  });
});
