// moto_server, a real S3-compatible server, for the S3 driver's tests: started once per
// test run on 127.0.0.1 and a free port (functions/test/global-setup.ts). moto accepts
// any credentials and does not verify signatures, so storage/s3.test.ts checks presigned
// URL contents separately.
import { spawn, spawnSync } from 'node:child_process';
import { freePort } from '../server/dynamo-local.ts';

export interface Moto {
  endpoint: string;
  stop(): Promise<void>;
}

export const MOTO_MISSING =
  'moto_server is not installed: the S3 driver tests need it (pip install "moto[server]>=5").';

export async function startMoto(): Promise<Moto> {
  if (spawnSync('moto_server', ['--help'], { stdio: 'ignore' }).status !== 0) {
    throw new Error(MOTO_MISSING);
  }
  const port = await freePort();
  const child = spawn('moto_server', ['-H', '127.0.0.1', '-p', String(port)], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const endpoint = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    const up = await fetch(`${endpoint}/moto-api/`).then(
      () => true,
      () => false,
    );
    if (up) break;
    if (child.exitCode !== null) throw new Error(`moto_server exited: ${stderr}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`moto_server did not start within 60 s: ${stderr}`);
    }
    await new Promise((wait) => setTimeout(wait, 200));
  }
  return {
    endpoint,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}
