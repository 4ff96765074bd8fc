// AWS Lambda entry: the same Hono app, behind CloudFront's /api/* behaviour.
// hono/aws-lambda is marked deprecated in favour of @hono/aws-lambda, which the npm
// registry reachable here does not serve; the adapter is the same code.
import { handle } from 'hono/aws-lambda';
import { createApp } from './app.ts';
import { loadConfig } from './env.ts';
import { createServices, dynamoTarget } from './services.ts';
import { cloudFrontIp } from './lib/client-ip.ts';

const config = loadConfig();
export const app = createApp(
  createServices(config, dynamoTarget(config), { clientIp: cloudFrontIp }),
);
export const handler = handle(app);
