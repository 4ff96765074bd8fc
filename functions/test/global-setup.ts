// One in-memory DynamoDB Local for the whole run; each test file makes its own table.
import type { TestProject } from 'vitest/node';
import { startDynamoLocal } from '../server/dynamo-local.ts';
import { startMoto } from './moto.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    dynamoEndpoint: string;
    /** moto_server (S3) for the S3 storage driver's tests (functions/test/moto.ts). */
    motoEndpoint: string;
  }
}

export default async function setup(project: TestProject) {
  const started = await Promise.allSettled([startDynamoLocal({}), startMoto()]);
  const [dynamoStart, motoStart] = started;
  if (dynamoStart.status === 'rejected' || motoStart.status === 'rejected') {
    // Leave nothing running when one of them failed to start.
    for (const result of started) if (result.status === 'fulfilled') await result.value.stop();
    throw started.find((result) => result.status === 'rejected')!.reason;
  }
  const [dynamo, moto] = [dynamoStart.value, motoStart.value];
  project.provide('dynamoEndpoint', dynamo.endpoint);
  project.provide('motoEndpoint', moto.endpoint);
  return async () => {
    await Promise.all([dynamo.stop(), moto.stop()]);
  };
}
