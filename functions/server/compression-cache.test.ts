// The compressed forms cache (compression-cache.ts) as precompress uses it: on disk, in
// folders of this test's own (functions/test/built-files.ts), with real Brotli and gzip.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { decoded, folderWith, removeFolders } from '../test/built-files.ts';
import { cachedForms, keepForms, trimCache } from './compression-cache.ts';
import { precompress } from './site-build.ts';

afterAll(removeFolders);

const bundle = `export const rules = ${JSON.stringify('contract rule '.repeat(80))};`;
const page = (headline: string) => `<html><body><h1>${headline}</h1>${'<p>text</p>'.repeat(80)}`;
const hashOf = (body: string | Buffer) => createHash('sha256').update(body).digest('hex');

describe('precompress with a cache', () => {
  it('gives a fresh folder the forms an earlier build of the same bytes left, at any path', () => {
    const cache = join(folderWith(), 'cache');
    const first = folderWith({ '_astro/app.B1x.js': bundle, 'index.html': page('Welcome') });
    expect(precompress(first, undefined, cache)).toEqual({ compressed: 2, reused: 0, cached: 0 });
    // Another install's first build: no served folder, the bundle at another path.
    const second = folderWith({
      '_astro/app.C2y.js': bundle,
      'index.html': page('Welcome'),
      'pricing/index.html': page('Pricing'),
    });
    expect(precompress(second, undefined, cache)).toEqual({
      compressed: 1,
      reused: 0,
      cached: 2,
    });
    expect(decoded(second, '_astro/app.C2y.js')).toEqual({ br: bundle, gz: bundle });
    expect(decoded(second, 'index.html')).toEqual({ br: page('Welcome'), gz: page('Welcome') });
    expect(decoded(second, 'pricing/index.html').br).toBe(page('Pricing'));
    // Three contents, two forms each, and no temporary file left.
    expect(readdirSync(cache).sort()).toHaveLength(6);
    expect(readdirSync(cache).filter((name) => !/^[0-9a-f]{64}\.(br|gz)$/.test(name))).toEqual([]);
  });

  it('compresses anew over a damaged entry, and the entry is whole again', () => {
    const cache = join(folderWith(), 'cache');
    precompress(folderWith({ 'a.js': bundle, 'index.html': page('Welcome') }), undefined, cache);
    // The bundle's Brotli form replaced by other bytes, the page's gzip form cut short.
    writeFileSync(join(cache, `${hashOf(bundle)}.br`), 'not brotli');
    const gzPath = join(cache, `${hashOf(page('Welcome'))}.gz`);
    writeFileSync(gzPath, readFileSync(gzPath).subarray(0, 10));
    const next = folderWith({ 'a.js': bundle, 'index.html': page('Welcome') });
    expect(precompress(next, undefined, cache)).toEqual({ compressed: 2, reused: 0, cached: 0 });
    expect(decoded(next, 'a.js')).toEqual({ br: bundle, gz: bundle });
    expect(decoded(next, 'index.html')).toEqual({ br: page('Welcome'), gz: page('Welcome') });
    // Rewritten: a third build takes both from the cache.
    expect(
      precompress(folderWith({ 'a.js': bundle, 'index.html': page('Welcome') }), undefined, cache),
    ).toEqual({ compressed: 0, reused: 0, cached: 2 });
  });

  it('still compresses when the cache cannot be written', () => {
    const blocked = join(folderWith(), 'cache');
    writeFileSync(blocked, 'a file where the cache folder would be');
    const dir = folderWith({ 'a.js': bundle });
    expect(precompress(dir, undefined, blocked)).toEqual({ compressed: 1, reused: 0, cached: 0 });
    expect(decoded(dir, 'a.js')).toEqual({ br: bundle, gz: bundle });
    expect(readFileSync(blocked, 'utf8')).toBe('a file where the cache folder would be');
  });

  it("takes the served build's forms first, and does not look them up", () => {
    const cache = join(folderWith(), 'cache');
    const served = folderWith({ 'a.js': bundle });
    precompress(served);
    const next = folderWith({ 'a.js': bundle });
    expect(precompress(next, served, cache)).toEqual({ compressed: 0, reused: 1, cached: 0 });
    expect(() => readdirSync(cache)).toThrow();
  });
});

describe('trimCache', () => {
  const forms = (text: string) => ({ br: Buffer.from(text), gz: Buffer.from(text) });

  it('removes the least recently used entries once the cache outgrows its limit', () => {
    const cache = join(folderWith(), 'cache');
    const bodies = ['oldest', 'older', 'recent', 'newest'].map((name) => Buffer.from(name));
    bodies.forEach((body, index) => {
      keepForms(cache, body, forms('x'.repeat(100)));
      // Used in this order, a minute apart.
      const at = new Date(Date.parse('2026-12-01T09:00:00Z') + index * 60_000);
      for (const form of ['br', 'gz']) utimesSync(join(cache, `${hashOf(body)}.${form}`), at, at);
    });
    // 8 files of 100 bytes: under a limit of 800, nothing goes.
    expect(trimCache(cache, 800)).toBe(0);
    expect(readdirSync(cache)).toHaveLength(8);
    // Over a limit of 700: down to 525 bytes or less, an entry's two forms together, the
    // least recently used first.
    expect(trimCache(cache, 700)).toBe(2);
    const left = readdirSync(cache);
    expect(left).toHaveLength(4);
    expect(left.every((name) => [2, 3].some((i) => name.startsWith(hashOf(bodies[i]!))))).toBe(
      true,
    );
  });

  it('keeps an entry a build just used, though it was written first', () => {
    const cache = join(folderWith(), 'cache');
    const old = Buffer.from(bundle);
    const dir = folderWith({ 'a.js': bundle });
    precompress(dir, undefined, cache);
    const past = new Date('2026-01-01T00:00:00Z');
    for (const name of readdirSync(cache)) utimesSync(join(cache, name), past, past);
    // Another entry, written a minute ago and not used since (its time set, as a file's own
    // time can fall later in the same millisecond than the time a hit sets).
    keepForms(cache, Buffer.from('later'), forms('y'.repeat(400)));
    const minuteAgo = new Date(Date.now() - 60_000);
    for (const form of ['br', 'gz']) {
      utimesSync(join(cache, `${hashOf('later')}.${form}`), minuteAgo, minuteAgo);
    }
    // A hit marks the first entry used now.
    expect(cachedForms(cache, old)?.br.length).toBeGreaterThan(0);
    const sizeOfFirst = readdirSync(cache)
      .filter((name) => name.startsWith(hashOf(old)))
      .reduce((sum, name) => sum + readFileSync(join(cache, name)).length, 0);
    expect(trimCache(cache, sizeOfFirst + 500)).toBe(1);
    expect(readdirSync(cache).every((name) => name.startsWith(hashOf(old)))).toBe(true);
  });
});
