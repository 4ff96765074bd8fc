// The backup file's container: a gzipped tar (POSIX ustar) of regular files, so `tar -tzf`
// can list it and `tar -xzf` unpack it without this project. Only what a backup needs is
// written and read (regular files, names up to 100 characters, sizes under 8 GiB); no new
// dependency (node:zlib does the gzip). Every entry's SHA-256 is computed as it streams by,
// for the manifest (functions/server/backup/manifest.ts).
import { createHash } from 'node:crypto';
import type { Writable } from 'node:stream';

const BLOCK = 512;
const MAX_SIZE = 8 * 1024 ** 3 - 1; // 11 octal digits

export class ArchiveError extends Error {
  override name = 'ArchiveError';
}

/** Writes entries to `out` (a gzip stream) in order; `finish()` ends the archive. */
export class TarWriter {
  readonly #out: Writable;

  constructor(out: Writable) {
    this.#out = out;
  }

  async #write(chunk: Uint8Array): Promise<void> {
    if (!this.#out.write(chunk)) {
      await new Promise<void>((drained, failed) => {
        const onError = (error: Error) => failed(error);
        this.#out.once('error', onError);
        this.#out.once('drain', () => {
          this.#out.off('error', onError);
          drained();
        });
      });
    }
  }

  /**
   * One file of exactly `size` bytes from `body`; answers its SHA-256 (hex). A body that
   * yields more or fewer bytes is an error: the header already promised the size.
   */
  async add(
    name: string,
    size: number,
    body: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
    mtime = new Date(),
  ): Promise<string> {
    await this.#write(header(name, size, mtime));
    const hash = createHash('sha256');
    let written = 0;
    for await (const chunk of body) {
      written += chunk.length;
      if (written > size) throw new ArchiveError(`${name} grew while it was being copied`);
      hash.update(chunk);
      await this.#write(chunk);
    }
    if (written !== size) throw new ArchiveError(`${name} shrank while it was being copied`);
    const padding = (BLOCK - (size % BLOCK)) % BLOCK;
    if (padding) await this.#write(new Uint8Array(padding));
    return hash.digest('hex');
  }

  /** The two empty blocks that end a tar archive. */
  async finish(): Promise<void> {
    await this.#write(new Uint8Array(2 * BLOCK));
  }
}

function header(name: string, size: number, mtime: Date): Buffer {
  const nameBytes = Buffer.from(name, 'utf8');
  if (nameBytes.length > 100 || nameBytes.length === 0 || name.includes('\0')) {
    throw new ArchiveError(`${name} cannot be named in the archive (1 to 100 bytes)`);
  }
  if (!Number.isSafeInteger(size) || size < 0 || size > MAX_SIZE) {
    throw new ArchiveError(`${name} is too large for the archive (${size} bytes)`);
  }
  const block = Buffer.alloc(BLOCK);
  const octal = (value: number, offset: number, length: number) =>
    block.write(`${value.toString(8).padStart(length - 1, '0')}\0`, offset, length, 'ascii');
  nameBytes.copy(block, 0);
  octal(0o600, 100, 8); // mode: the files hold leads and password hashes
  octal(0, 108, 8); // uid
  octal(0, 116, 8); // gid
  octal(size, 124, 12);
  octal(Math.floor(mtime.getTime() / 1000), 136, 12);
  block.write('        ', 148, 8, 'ascii'); // the checksum counts itself as spaces
  block.write('0', 156, 1, 'ascii'); // a regular file
  block.write('ustar\0', 257, 6, 'ascii');
  block.write('00', 263, 2, 'ascii');
  const sum = block.reduce((total, byte) => total + byte, 0);
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 8, 'ascii');
  return block;
}

export interface EntrySink {
  write(chunk: Uint8Array): Promise<void>;
  end(): Promise<void>;
}

/**
 * Reads a tar stream (already gunzipped), calling `open` for each regular file and handing
 * its bytes to the sink it answers. Anything but regular files, a bad header checksum or
 * an archive cut short is an ArchiveError.
 */
export async function readTar(
  source: AsyncIterable<Uint8Array>,
  open: (entry: { name: string; size: number }) => Promise<EntrySink>,
): Promise<void> {
  let buffered: Buffer = Buffer.alloc(0);
  let entry: { sink: EntrySink; remaining: number; padding: number } | undefined;
  let ended = false;
  for await (const chunk of source) {
    if (ended) continue; // zero blocks after the end, as tar writes to fill a record
    buffered = buffered.length ? Buffer.concat([buffered, chunk]) : Buffer.from(chunk);
    for (;;) {
      if (entry) {
        if (entry.remaining > 0) {
          if (buffered.length === 0) break;
          const take = Math.min(entry.remaining, buffered.length);
          await entry.sink.write(buffered.subarray(0, take));
          buffered = buffered.subarray(take);
          entry.remaining -= take;
          continue;
        }
        if (buffered.length < entry.padding) break;
        buffered = buffered.subarray(entry.padding);
        await entry.sink.end();
        entry = undefined;
        continue;
      }
      if (buffered.length < BLOCK) break;
      const block = buffered.subarray(0, BLOCK);
      buffered = buffered.subarray(BLOCK);
      if (block.every((byte) => byte === 0)) {
        ended = true;
        break;
      }
      const parsed = parseHeader(block);
      entry = {
        sink: await open(parsed),
        remaining: parsed.size,
        padding: (BLOCK - (parsed.size % BLOCK)) % BLOCK,
      };
    }
  }
  if (!ended || entry) throw new ArchiveError('The backup file is cut short.');
}

function parseHeader(block: Buffer): { name: string; size: number } {
  const text = (offset: number, length: number) =>
    block.toString('utf8', offset, offset + length).replace(/\0.*$/s, '');
  const octal = (offset: number, length: number) => {
    const digits = text(offset, length).trim();
    if (!/^[0-7]+$/.test(digits)) throw new ArchiveError('The backup file has a damaged header.');
    return parseInt(digits, 8);
  };
  const stored = octal(148, 8);
  let sum = 0;
  for (let index = 0; index < BLOCK; index++) {
    sum += index >= 148 && index < 156 ? 32 : block[index]!;
  }
  if (sum !== stored) throw new ArchiveError('The backup file has a damaged header.');
  const type = text(156, 1);
  const name = [text(345, 155), text(0, 100)].filter(Boolean).join('/');
  if (type !== '0' && type !== '') {
    throw new ArchiveError(`The backup file holds ${name}, which is not a regular file.`);
  }
  return { name, size: octal(124, 12) };
}
