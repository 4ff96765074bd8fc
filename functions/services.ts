// Builds the services for a config: the one place that picks the store implementations.
import type { Config } from './env.ts';
import { createDocumentClient, type DynamoTarget } from './data/dynamo.ts';
import { LandingPageRepository } from './data/landing-pages.ts';
import { DynamoRateLimiter } from './data/rate-limit.ts';
import { socketIp, type ClientIpResolver } from './lib/client-ip.ts';
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

export interface ServiceOptions {
  log?: Logger;
  clientIp?: ClientIpResolver;
  now?: () => Date;
}

export function createServices(
  config: Config,
  target: DynamoTarget,
  options: ServiceOptions = {},
): Services {
  const db = createDocumentClient(target);
  const tableName = config.env.TABLE_NAME;
  const now = options.now ?? (() => new Date());
  return {
    config,
    db,
    tableName,
    pages: new LandingPageRepository(db, tableName, now),
    rateLimiter: new DynamoRateLimiter(db, tableName, now),
    clientIp: options.clientIp ?? socketIp,
    now,
    log: options.log ?? jsonLogger(config.env.LOG_LEVEL),
  };
}
