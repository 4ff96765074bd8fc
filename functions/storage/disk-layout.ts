// What the disk driver's three parts share (functions/storage/disk.ts the driver,
// disk-receiver.ts the signed URLs' endpoint, disk-served.ts the serving cache): the
// directory layout under DATA_DIR/objects and how a file is put into place.
//
// Layout under DATA_DIR/objects:
//   pending/<uuid>, uploads/<name> ....... the objects (keys as in object-store.ts)
//   assets/<uuid> ........................ a private gated download (read by signed GET only)
//   uploads/<name>.meta .................. Content-Type and Cache-Control of a public object
//   pending/<uuid>.meta .................. the metadata a POST form gave an upload (JSON)
//   .multipart/<uploadId>/upload.json .... the key of a multipart upload
//   .multipart/<uploadId>/<nnnnn>.<md5> .. its parts (the ETag is the part's MD5, as in S3)
//   .used/<uuid> ......................... single-use mark of a spent single-upload URL
//   .tmp/ ................................ bodies being received
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs/promises';
import { join } from 'node:path';
import { ObjectStoreError } from './object-store.ts';

/** The local server's upload endpoint (a Hono route outside the API's body limit). */
export const LOCAL_UPLOAD_PATH = '/api/objects/local';

/**
 * Every prefix an object key has, with the shape of the name after it: the one list
 * (KEY_RE is made from it), which `npm run backup` walks (functions/server/backup/objects.ts has
 * a rule for each, so a new prefix cannot be left out of backups unnoticed).
 */
export const OBJECT_NAME_SHAPES = {
  'pending/': /[0-9a-f-]{36}/,
  'assets/': /[0-9a-f-]{36}/,
  'uploads/': /[0-9a-f-]{36}(?:\.v\d{1,9}\.w\d{1,5}\.webp)?/,
} as const;
export type ObjectPrefix = keyof typeof OBJECT_NAME_SHAPES;

/** The driver's own folders beside the prefixes: never objects. */
export const DISK_WORK_FOLDERS = ['.multipart', '.used', '.tmp'] as const;

export const KEY_RE = new RegExp(
  `^(?:${Object.entries(OBJECT_NAME_SHAPES)
    .map(([prefix, shape]) => `${prefix.replace('/', '\\/')}${shape.source}`)
    .join('|')})$`,
);
const UPLOAD_ID_RE = /^[A-Za-z0-9_-]{32}$/;

/** A public object's headers, stored beside it as <name>.meta. */
export interface ObjectMeta {
  contentType: string;
  cacheControl: string;
}

export function checkKey(key: string): string {
  // Keys come from this server only; anything else is a bug, never a path to follow.
  if (!KEY_RE.test(key)) throw new Error(`Not an object key: ${JSON.stringify(key.slice(0, 100))}`);
  return key;
}

export function ignoreMissing(error: unknown): undefined {
  if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
  throw error;
}

export class DiskLayout {
  readonly root: string;

  constructor(root: string) {
    this.root = root;
  }

  path(key: string): string {
    return join(this.root, checkKey(key));
  }

  /** A fresh path under .tmp/, the directory made. */
  async tempPath(): Promise<string> {
    const dir = join(this.root, '.tmp');
    await fs.mkdir(dir, { recursive: true });
    return join(dir, randomBytes(16).toString('hex'));
  }

  /**
   * Moves a received body into place: a reader never sees half an object. Its metadata,
   * when it has any, is in place first, so a body is never seen without it.
   */
  async place(
    key: string,
    tempPath: string,
    metadata: Readonly<Record<string, string>> = {},
  ): Promise<void> {
    const target = this.path(key);
    await fs.mkdir(join(target, '..'), { recursive: true });
    if (Object.keys(metadata).length) {
      const tmpMeta = await this.tempPath();
      await fs.writeFile(tmpMeta, JSON.stringify({ metadata }));
      await fs.rename(tmpMeta, `${target}.meta`);
    }
    await fs.rename(tempPath, target);
  }

  /** The metadata place() stored for an upload; {} for none. */
  async uploadMetadata(key: string): Promise<Record<string, string>> {
    const text = await fs.readFile(`${this.path(key)}.meta`, 'utf8').catch(ignoreMissing);
    if (text === undefined) return {};
    const { metadata } = JSON.parse(text) as { metadata?: Record<string, string> };
    return { ...metadata };
  }

  /** The directory of a multipart upload of `key`, or no_such_upload. */
  async multipartDir(key: string, uploadId: string): Promise<string> {
    const noSuchUpload = new ObjectStoreError('no_such_upload', 'No such multipart upload');
    if (!UPLOAD_ID_RE.test(uploadId)) throw noSuchUpload;
    const dir = join(this.root, '.multipart', uploadId);
    try {
      const meta = JSON.parse(await fs.readFile(join(dir, 'upload.json'), 'utf8')) as {
        key: string;
      };
      if (meta.key !== key) throw noSuchUpload;
    } catch (error) {
      if (error === noSuchUpload || (error as NodeJS.ErrnoException).code === 'ENOENT')
        throw noSuchUpload;
      throw error;
    }
    return dir;
  }
}
