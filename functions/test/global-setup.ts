// One in-memory DynamoDB Local for the whole run; each test file makes its own table.
import type { TestProject } from 'vitest/node';
import { startDynamoLocal } from '../server/dynamo-local.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    dynamoEndpoint: string;
  }
}

export default async function setup(project: TestProject) {
  const dynamo = await startDynamoLocal({});
  project.provide('dynamoEndpoint', dynamo.endpoint);
  return () => dynamo.stop();
}
