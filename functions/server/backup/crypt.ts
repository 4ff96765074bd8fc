// The backup file's encryption (docs/decisions/0342-backups-encrypted-with-age.md): the
// archive holds the install key and every secret, so `npm run backup` encrypts it with a
// passphrase in the age format (age-encryption.org/v1: scrypt for the passphrase,
// ChaCha20-Poly1305 in authenticated 64 KiB chunks, a versioned header with its own MAC),
// written and read by age-encryption, the TypeScript implementation by age's author. The
// `age` command line tool opens the same file (`age -d backup.age | tar -tz`), so a backup
// stays readable without this product. A wrong passphrase fails on the header, before a
// byte of the archive is read; a chunk changed or cut off fails its authentication.
//
// The passphrase: from a file (--passphrase-file), or typed at a terminal without echo.
import { open, readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { Decrypter, Encrypter } from 'age-encryption';
import { ArchiveError } from './tar.ts';

const AGE_MAGIC = 'age-encryption.org/v1\n';
const GZIP_MAGIC = Buffer.from([0x1f, 0x8b]);
/** The shortest passphrase a backup takes: age asks for 8 to 10 random characters at least. */
export const MIN_PASSPHRASE_LENGTH = 10;

/** A passphrase problem the operator can act on (the scripts print its message alone). */
export class PassphraseError extends Error {
  override name = 'PassphraseError';
}

/** What a backup file is by its first bytes: encrypted (age), a plain gzipped tar, or neither. */
export async function archiveKind(file: string): Promise<'age' | 'gzip' | 'unknown'> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(AGE_MAGIC.length);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    if (bytesRead === head.length && head.toString('latin1') === AGE_MAGIC) return 'age';
    if (bytesRead >= 2 && head.subarray(0, 2).equals(GZIP_MAGIC)) return 'gzip';
    return 'unknown';
  } finally {
    await handle.close();
  }
}

/** `source` (the gzipped archive) encrypted to `passphrase`, as a Node stream to write out. */
export async function encrypting(source: Readable, passphrase: string): Promise<Readable> {
  const encrypter = new Encrypter();
  encrypter.setPassphrase(passphrase); // scrypt work factor 2^18, age's default
  const encrypted = await encrypter.encrypt(Readable.toWeb(source) as ReadableStream<Uint8Array>);
  // A web stream is async-iterable (TypeScript's DOM.AsyncIterable lib, tsconfig.json).
  return Readable.from(encrypted, { objectMode: false });
}

/**
 * The plaintext of an encrypted backup, chunk by chunk, each authenticated before it is
 * handed on. A wrong passphrase is a PassphraseError before anything is read; a damaged
 * file an ArchiveError while reading.
 */
export async function decrypting(
  file: string,
  passphrase: string,
  source: Readable,
): Promise<AsyncIterable<Uint8Array>> {
  const decrypter = new Decrypter();
  decrypter.addPassphrase(passphrase);
  let plaintext: ReadableStream<Uint8Array>;
  try {
    plaintext = await decrypter.decrypt(Readable.toWeb(source) as ReadableStream<Uint8Array>);
  } catch (error) {
    source.destroy();
    const message = error instanceof Error ? error.message : String(error);
    if (/no identity matched/.test(message)) {
      throw new PassphraseError(`The passphrase does not open ${file}. Nothing was restored.`);
    }
    throw new ArchiveError(`The encrypted backup's header is damaged (${message}).`);
  }
  return (async function* () {
    try {
      yield* plaintext;
    } catch (error) {
      if (error instanceof ArchiveError) throw error;
      throw new ArchiveError(
        `The encrypted backup fails its authentication (${error instanceof Error ? error.message : String(error)}): it was changed or cut short.`,
      );
    }
  })();
}

/** A passphrase file's first line (a final newline is not part of it); refused when empty. */
export async function readPassphraseFile(path: string): Promise<string> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new PassphraseError(
      code === 'ENOENT'
        ? `The passphrase file ${path} does not exist.`
        : `The passphrase file ${path} cannot be read (${code ?? String(error)}).`,
    );
  }
  const passphrase = text.replace(/\r?\n$/, '');
  if (passphrase === '' || passphrase.includes('\n')) {
    throw new PassphraseError(
      `The passphrase file ${path} must hold the passphrase on its one line.`,
    );
  }
  return passphrase;
}

/** Whether a passphrase may be asked for: a person at a terminal, not CI. */
export const canPrompt = (input: NodeJS.ReadStream = process.stdin): boolean =>
  Boolean(input.isTTY) && process.env['CI'] !== 'true';

/**
 * Asks for a passphrase at the terminal without echoing it (raw mode: each key is read as
 * typed; Backspace erases, Enter ends, Ctrl-C or Ctrl-D gives up).
 */
export async function promptPassphrase(
  prompt: string,
  input: NodeJS.ReadStream = process.stdin,
  output: NodeJS.WriteStream = process.stderr,
): Promise<string> {
  // Raw mode before the prompt shows: an answer typed as soon as it appears is never echoed.
  input.setRawMode(true);
  output.write(prompt);
  input.resume();
  try {
    return await new Promise<string>((answered, refused) => {
      let typed = '';
      const onData = (chunk: Buffer) => {
        for (const char of chunk.toString('utf8')) {
          if (char === '\r' || char === '\n') return done(() => answered(typed));
          if (char === '\u0003' || char === '\u0004') {
            return done(() => refused(new PassphraseError('No passphrase given; nothing done.')));
          }
          if (char === '\u007f' || char === '\b') typed = typed.slice(0, -1);
          else if (char >= ' ') typed += char;
        }
      };
      const done = (settle: () => void) => {
        input.off('data', onData);
        settle();
      };
      input.on('data', onData);
    });
  } finally {
    input.setRawMode(false);
    input.pause();
    output.write('\n');
  }
}

/** A backup's passphrase, checked for length (the archive holds the install's keys). */
export function checkNewPassphrase(passphrase: string): string {
  if ([...passphrase].length < MIN_PASSPHRASE_LENGTH) {
    throw new PassphraseError(
      `The passphrase must be at least ${MIN_PASSPHRASE_LENGTH} characters: the backup holds the installation's keys and every secret.`,
    );
  }
  return passphrase;
}
