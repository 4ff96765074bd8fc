// Reading a backup file at a restore (docs/decisions/0109-backup-and-restore.md,
// docs/decisions/0342-backups-encrypted-with-age.md): decrypted when it is encrypted,
// gunzipped, every entry unpacked into a staging folder with its size and SHA-256, and the
// whole checked against the manifest (manifest.ts) before anything is restored.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import * as fs from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { KEY_FILE as INSTALL_KEY_FILE } from '../../webhooks/secret-box.ts';
import { archiveKind, decrypting } from './crypt.ts';
import { BackupError } from './errors.ts';
import {
  ITEMS_ENTRY,
  KEYS_DIR,
  MANIFEST_ENTRY,
  verifiedManifest,
  type BackupManifest,
  type Part,
} from './manifest.ts';
import { objectOfEntry } from './objects.ts';
import { ArchiveError, readTar, type EntrySink } from './tar.ts';

/** A sink that writes an entry to `path` and keeps its size and SHA-256. */
async function fileSink(
  path: string,
  done: (part: { bytes: number; sha256: string }) => void,
): Promise<EntrySink> {
  await fs.mkdir(dirname(path), { recursive: true, mode: 0o700 });
  const handle = await fs.open(path, 'wx', 0o600);
  const hash = createHash('sha256');
  let bytes = 0;
  return {
    write: async (chunk) => {
      hash.update(chunk);
      bytes += chunk.length;
      await handle.write(chunk);
    },
    end: async () => {
      await handle.close();
      done({ bytes, sha256: hash.digest('hex') });
    },
  };
}

const MANIFEST_MAX_BYTES = 64 * 1024 * 1024;

/**
 * Unpacks and checks the archive (`gzipped`: its gzipped tar, decrypted already when it was
 * encrypted) into `staging`; answers the verified manifest.
 */
export async function unpack(
  file: string,
  gzipped: AsyncIterable<Uint8Array>,
  staging: string,
): Promise<BackupManifest> {
  const parts = new Map<string, Part>();
  let manifestText: string | undefined;
  const seen = new Set<string>();
  const notBackup = `${file} is not a PharmaBridge backup, or it is damaged. Nothing was restored.`;
  // pipeline, not pipe: an error of the source (a chunk failing its authentication) must
  // reach the reader instead of leaving it waiting.
  const gunzip = createGunzip();
  pipeline(Readable.from(gzipped), gunzip).catch(() => undefined); // surfaces in readTar
  try {
    await readTar(gunzip, async ({ name, size }) => {
      if (seen.has(name)) throw new BackupError(`${file} holds ${name} twice. ${notBackup}`);
      seen.add(name);
      if (name === MANIFEST_ENTRY) {
        if (size > MANIFEST_MAX_BYTES) throw new BackupError(notBackup);
        const chunks: Uint8Array[] = [];
        return {
          write: async (chunk) => void chunks.push(Buffer.from(chunk)),
          end: async () => void (manifestText = Buffer.concat(chunks).toString('utf8')),
        };
      }
      if (name === ITEMS_ENTRY) {
        return fileSink(join(staging, ITEMS_ENTRY), (part) => parts.set(ITEMS_ENTRY, part));
      }
      const key = objectOfEntry(name);
      if (key) return fileSink(join(staging, 'objects', key), (part) => parts.set(key, part));
      if (name === `${KEYS_DIR}/${INSTALL_KEY_FILE}`) {
        return fileSink(join(staging, name), (part) => parts.set(name, part));
      }
      throw new BackupError(
        `${file} holds ${JSON.stringify(name)}, which no backup has. ${notBackup}`,
      );
    });
  } catch (error) {
    gunzip.destroy();
    if (error instanceof BackupError) throw error;
    if (error instanceof ArchiveError) throw new BackupError(`${error.message} ${notBackup}`);
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new BackupError(`${file} does not exist.`);
    if (code === 'Z_DATA_ERROR' || code === 'Z_BUF_ERROR') throw new BackupError(notBackup);
    throw error;
  }
  return verifiedManifest(file, manifestText, parts, notBackup);
}

/**
 * The archive's gzipped tar: the file itself, or decrypted with the passphrase `passphrase`
 * answers (asked only when the file is encrypted).
 */
export async function openArchive(
  file: string,
  passphrase: () => Promise<string>,
): Promise<{ gzipped: AsyncIterable<Uint8Array>; encrypted: boolean }> {
  const kind = await archiveKind(file);
  if (kind === 'unknown') {
    throw new BackupError(
      `${file} is not a PharmaBridge backup, or it is damaged. Nothing was restored.`,
    );
  }
  if (kind === 'gzip') return { gzipped: createReadStream(file), encrypted: false };
  const secret = await passphrase();
  try {
    return { gzipped: await decrypting(file, secret, createReadStream(file)), encrypted: true };
  } catch (error) {
    if (error instanceof ArchiveError) {
      throw new BackupError(
        `${error.message} ${file} is not a PharmaBridge backup, or it is damaged. Nothing was restored.`,
      );
    }
    throw error;
  }
}
