// DynamoDB clients for the three store modes (embedded engine, explicit endpoint, AWS).
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Config } from '../env.ts';

export interface DynamoTarget {
  region: string;
  /** DynamoDB Local's URL; undefined means real AWS. */
  endpoint?: string | undefined;
  /**
   * DynamoDB Local keeps each access key's data apart; `npm start` uses a per-install
   * key (functions/server/dynamo-local.ts). Default: `local`.
   */
  accessKeyId?: string | undefined;
}

export function createDocumentClient(target: DynamoTarget): DynamoDBDocumentClient {
  const client = new DynamoDBClient({
    region: target.region,
    ...(target.endpoint
      ? {
          endpoint: target.endpoint,
          // DynamoDB Local checks no secret but keeps data per access key; explicit
          // credentials also keep the AWS chain (a developer's ~/.aws) out of local runs.
          credentials: { accessKeyId: target.accessKeyId ?? 'local', secretAccessKey: 'local' },
        }
      : {}),
    maxAttempts: 3,
  });
  return DynamoDBDocumentClient.from(client, {
    marshallOptions: { removeUndefinedValues: true, convertEmptyValues: false },
  });
}

/** Where the configured store is; the embedded engine passes its own endpoint. */
export function dynamoTarget(
  config: Config,
  embedded?: { endpoint: string; accessKeyId: string },
): DynamoTarget {
  switch (config.store.kind) {
    case 'aws':
      return { region: config.store.region };
    case 'endpoint':
      return {
        region: config.store.region,
        endpoint: config.store.endpoint,
        accessKeyId: config.env.DYNAMODB_LOCAL_KEY,
      };
    case 'embedded':
      if (!embedded) throw new Error('The embedded DynamoDB Local is not running');
      return { region: 'local', endpoint: embedded.endpoint, accessKeyId: embedded.accessKeyId };
  }
}
