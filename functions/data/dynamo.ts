// DynamoDB clients for the three store modes (embedded engine, explicit endpoint, AWS).
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Config } from '../env.ts';

export interface DynamoTarget {
  region: string;
  /** DynamoDB Local's URL; undefined means real AWS. */
  endpoint?: string | undefined;
}

export function createDocumentClient(target: DynamoTarget): DynamoDBDocumentClient {
  const client = new DynamoDBClient({
    region: target.region,
    ...(target.endpoint
      ? {
          endpoint: target.endpoint,
          // DynamoDB Local accepts any credentials; fixed ones keep the AWS chain (and
          // any ~/.aws profile of the developer) out of local runs.
          credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
        }
      : {}),
    maxAttempts: 3,
  });
  return DynamoDBDocumentClient.from(client, {
    marshallOptions: { removeUndefinedValues: true, convertEmptyValues: false },
  });
}

/** Where the configured store is; the embedded engine passes its own endpoint. */
export function dynamoTarget(config: Config, embeddedEndpoint?: string): DynamoTarget {
  switch (config.store.kind) {
    case 'aws':
      return { region: config.store.region };
    case 'endpoint':
      return { region: config.store.region, endpoint: config.store.endpoint };
    case 'embedded':
      if (!embeddedEndpoint) throw new Error('The embedded DynamoDB Local is not running');
      return { region: 'local', endpoint: embeddedEndpoint };
  }
}
