// Reading backup files in tests as an operator would, without the product's own reader:
// age-encryption opens the encrypted file, and the ustar entries are read by hand (what
// `tar -x` would unpack).
import { readFile } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';
import { Decrypter } from 'age-encryption';

/** The gzipped tar inside an encrypted backup. */
export async function decryptBackup(file: string, passphrase: string): Promise<Uint8Array> {
  const decrypter = new Decrypter();
  decrypter.addPassphrase(passphrase);
  return decrypter.decrypt(await readFile(file));
}

/** A ustar archive's regular files by name. */
export function listTar(tar: Buffer): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  for (let offset = 0; offset + 512 <= tar.length;) {
    const header = tar.subarray(offset, offset + 512);
    if (header.every((byte) => byte === 0)) break;
    const name = header.toString('utf8', 0, 100).replace(/\0.*$/s, '');
    const size = parseInt(header.toString('ascii', 124, 136).replace(/\0.*$/s, '').trim(), 8);
    files.set(name, tar.subarray(offset + 512, offset + 512 + size));
    offset += 512 + Math.ceil(size / 512) * 512;
  }
  return files;
}

/** Where the first matching entry's data starts. */
export function entryOffset(tar: Buffer, match: (name: string) => boolean): number {
  for (let offset = 0; offset + 512 <= tar.length;) {
    const name = tar.toString('utf8', offset, offset + 100).replace(/\0.*$/s, '');
    const size = parseInt(
      tar.toString('ascii', offset + 124, offset + 136).replace(/\0.*$/s, ''),
      8,
    );
    if (match(name) && size > 0) return offset + 512;
    offset += 512 + Math.ceil(size / 512) * 512;
  }
  throw new Error('no such entry');
}

/** An encrypted backup's files and its manifest. */
export async function openBackup(file: string, passphrase: string) {
  const files = listTar(gunzipSync(await decryptBackup(file, passphrase)));
  const manifest = JSON.parse(files.get('manifest.json')!.toString('utf8')) as unknown;
  return { files, manifest };
}
