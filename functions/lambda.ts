// AWS Lambda entry: the same Hono app, behind CloudFront's /api/* behaviour.
import { handle } from 'hono/aws-lambda';
import { createApp } from './app.ts';
import { loadConfig } from './env.ts';
import { createServices, dynamoTarget } from './services.ts';

const config = loadConfig();
export const app = createApp(createServices(config, dynamoTarget(config)));
export const handler = handle(app);
