// Builds the services for a config: the one place that picks the store implementations.
import type { Config } from './env.ts';
import { createDocumentClient, type DynamoTarget } from './data/dynamo.ts';
import { LandingPageRepository } from './data/landing-pages.ts';
import { jsonLogger, type Logger, type Services } from './lib/context.ts';

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

export function createServices(
  config: Config,
  target: DynamoTarget,
  log: Logger = jsonLogger(config.env.LOG_LEVEL),
): Services {
  const db = createDocumentClient(target);
  const tableName = config.env.TABLE_NAME;
  return { config, db, tableName, pages: new LandingPageRepository(db, tableName), log };
}
