// The disk driver's serving side: public objects (uploads/...) with their stored headers,
// kept in memory when small, for the local server's /objects/uploads/* (functions/storage/
// serve.ts). The driver (disk.ts) tells it when an object changes (forget).
import { createHash } from 'node:crypto';
import * as fs from 'node:fs/promises';
import { ignoreMissing, type DiskLayout, type ObjectMeta } from './disk-layout.ts';

/** Served objects kept in memory (the variants the pages use are small). */
const CACHE_BYTES = 64 * 1024 * 1024;
const CACHE_OBJECT_BYTES = 4 * 1024 * 1024;

export interface ServedObject {
  body: Buffer;
  contentType: string;
  cacheControl: string;
  etag: string;
}

export class ServedObjects {
  readonly #layout: DiskLayout;
  readonly #cache = new Map<string, ServedObject>();
  #cacheBytes = 0;

  constructor(layout: DiskLayout) {
    this.#layout = layout;
  }

  /**
   * A public object by its name under uploads/ (what follows /objects/uploads/), or
   * undefined. The name must already be validated by the caller (functions/storage/serve.ts).
   */
  async servedObject(name: string): Promise<ServedObject | undefined> {
    const cached = this.cachedObject(name);
    if (cached) return cached;
    const key = `uploads/${name}`;
    const path = this.#layout.path(key);
    const [body, metaText] = await Promise.all([
      fs.readFile(path).catch(ignoreMissing),
      fs.readFile(`${path}.meta`, 'utf8').catch(ignoreMissing),
    ]);
    if (!body || !metaText) return undefined;
    const meta = JSON.parse(metaText) as ObjectMeta;
    const served: ServedObject = {
      body,
      contentType: meta.contentType,
      cacheControl: meta.cacheControl,
      etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
    };
    if (body.length <= CACHE_OBJECT_BYTES) {
      this.#cache.set(key, served);
      this.#cacheBytes += body.length;
      for (const [oldKey, old] of this.#cache) {
        if (this.#cacheBytes <= CACHE_BYTES) break;
        this.#cache.delete(oldKey);
        this.#cacheBytes -= old.body.length;
      }
    }
    return served;
  }

  /**
   * A public object already in memory, or undefined: the synchronous fast path of
   * serving (no promise, no disk). Eviction is first in, first out; a hot object that
   * falls out is simply read again.
   */
  cachedObject(name: string): ServedObject | undefined {
    return this.#cache.get(`uploads/${name}`);
  }

  /** Drops a changed or deleted object from memory. */
  forget(key: string): void {
    const cached = this.#cache.get(key);
    if (cached) {
      this.#cache.delete(key);
      this.#cacheBytes -= cached.body.length;
    }
  }
}
