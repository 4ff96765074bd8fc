import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DiskObjectStore } from './disk.ts';
import type { ObjectStore } from './object-store.ts';
import { S3ObjectStore } from './s3.ts';

describe('the local upload receiver is a capability, not a driver test', () => {
  it('the disk driver offers it and S3 does not', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'pb-parts-'));
    try {
      const disk = new DiskObjectStore({ dataDir });
      expect(typeof disk.localUploads?.receive).toBe('function');
      const s3: ObjectStore = new S3ObjectStore({ bucket: 'b', region: 'us-east-1' });
      expect(s3.localUploads).toBeUndefined();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('no route names the disk driver', async () => {
    const dir = fileURLToPath(new URL('../routes/', import.meta.url));
    const found: string[] = [];
    for (const name of await readdir(dir)) {
      if (!name.endsWith('.ts') || name.endsWith('.test.ts')) continue;
      const code = await readFile(join(dir, name), 'utf8');
      if (/DiskObjectStore|from '[^']*\/storage\/disk/.test(code)) found.push(name);
    }
    expect(found).toEqual([]);
  });
});
