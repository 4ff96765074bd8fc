// The admin AWS Lambda function: every route (app.ts), i.e. pages CRUD,
// media with sharp, analytics, leads, sign-in and accounts, uploads and rebuilds, plus the
// public routes should a request for one reach it. Client IPs come from
// CloudFront-Viewer-Address, trustworthy because ORIGIN_VERIFY_SECRET refuses direct calls.
// hono/aws-lambda is marked deprecated in favour of @hono/aws-lambda, which the npm
// registry reachable here does not serve; the adapter is the same code.
import './lib/zod-jitless.ts'; // first, before any module builds a schema
import { handle } from 'hono/aws-lambda';
import { createApp } from './app.ts';
import { loadConfig } from './env.ts';
import { cloudFrontIp } from './lib/client-ip.ts';
import { createServices } from './services.ts';
import { dynamoTarget } from './data/dynamo.ts';

const config = loadConfig();
const services = createServices(config, dynamoTarget(config), { clientIp: cloudFrontIp });
export const app = createApp(services);
export const handler = handle(app);
