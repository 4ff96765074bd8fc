// The argon2id work of functions/lib/passwords.ts, in a module of its own so that it can
// run on a worker thread: passwords.ts starts this file as a worker (the local server,
// tests and scripts), or calls runHashJob inline where the file is not beside it (the
// Lambda bundle, docs/decisions/0101-password-hashing-workers.md). It imports
// nothing of the project, so a worker loads only hash-wasm.
import { randomBytes } from 'node:crypto';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { argon2id, argon2Verify } from 'hash-wasm';

/** OWASP's minimum for argon2id; the encoded hash carries them, so they can be raised later. */
export const ARGON2_PARAMS = { memorySize: 19456, iterations: 2, parallelism: 1, hashLength: 32 };

/** workerData that marks a thread as a password worker. */
export const PASSWORD_WORKER = 'pharmabridge-password-worker';

export type HashJob =
  { kind: 'hash'; password: string } | { kind: 'verify'; password: string; hash: string };

export type HashReply = { id: number; value: string | boolean } | { id: number; error: string };

/** One job on the calling thread: an encoded hash, or whether the password matches. */
export async function runHashJob(job: HashJob): Promise<string | boolean> {
  if (job.kind === 'hash') {
    return argon2id({
      password: job.password,
      salt: randomBytes(16),
      ...ARGON2_PARAMS,
      outputType: 'encoded',
    });
  }
  try {
    return await argon2Verify({ password: job.password, hash: job.hash });
  } catch {
    // A malformed stored hash matches nothing.
    return false;
  }
}

if (!isMainThread && workerData === PASSWORD_WORKER && parentPort) {
  const port = parentPort;
  // The pool sends one job at a time per worker.
  port.on('message', (message: HashJob & { id: number }) => {
    runHashJob(message).then(
      (value) => port.postMessage({ id: message.id, value } satisfies HashReply),
      (error: unknown) =>
        port.postMessage({
          id: message.id,
          error: error instanceof Error ? error.message : String(error),
        } satisfies HashReply),
    );
  });
}
