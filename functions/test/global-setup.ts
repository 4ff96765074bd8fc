// One in-memory DynamoDB Local for the whole run; each test file makes its own table. The
// test password's hash, made once for the run (functions/test/password.ts). And one temporary
// folder for the run, removed at its end.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startDynamoLocal } from '../server/dynamo-local.ts';
import { startMoto } from './moto.ts';
import { hashTestPassword } from './password.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    dynamoEndpoint: string;
    /** moto_server (S3) for the S3 storage driver's tests (functions/test/moto.ts). */
    motoEndpoint: string;
    /** TEST_PASSWORD's argon2id hash (functions/test/password.ts), for harness.ts's signIn. */
    testPasswordHash: string;
  }
}

export default async function setup(project: TestProject) {
  // Every temporary file of the run goes here: the test workers and the servers, builds and
  // CDK apps they start inherit TMPDIR, which `os.tmpdir()` reads. A test that forgets its
  // folder (a CDK app's cdk.out, a built site) leaves nothing in /tmp once the run ends; runs
  // used to leave about twenty folders each.
  const runTmp = mkdtempSync(join(tmpdir(), 'pb-vitest-'));
  process.env['TMPDIR'] = runTmp;
  const removeRunTmp = () => rmSync(runTmp, { recursive: true, force: true });
  const passwordHash = hashTestPassword();
  passwordHash.catch(() => undefined); // awaited below, once the servers are up
  // Both of the JVM's compilers: this engine serves the whole run's tens of thousands of
  // requests, where the optimizing one pays back (docs/decisions/0592-test-run-engine-on-both-compilers.md).
  const started = await Promise.allSettled([startDynamoLocal({ compilers: 'both' }), startMoto()]);
  const [dynamoStart, motoStart] = started;
  if (dynamoStart.status === 'rejected' || motoStart.status === 'rejected') {
    // Leave nothing running when one of them failed to start.
    for (const result of started) if (result.status === 'fulfilled') await result.value.stop();
    removeRunTmp();
    throw started.find((result) => result.status === 'rejected')!.reason;
  }
  const [dynamo, moto] = [dynamoStart.value, motoStart.value];
  project.provide('dynamoEndpoint', dynamo.endpoint);
  project.provide('motoEndpoint', moto.endpoint);
  try {
    project.provide('testPasswordHash', await passwordHash);
  } catch (error) {
    await Promise.all([dynamo.stop(), moto.stop()]);
    removeRunTmp();
    throw error;
  }
  return async () => {
    await Promise.all([dynamo.stop(), moto.stop()]);
    removeRunTmp();
  };
}
