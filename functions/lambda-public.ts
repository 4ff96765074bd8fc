// The public AWS Lambda function: the routes visitors hit (routes/public-routes.ts) behind
// the API Gateway HTTP API (infra/constructs/api.ts routes them here by method and path).
// It imports neither the admin routes and repositories nor SMTP, S3, CodeBuild or sharp,
// and sends its lead notifications through SES's HTTPS API without the SES client
// (mail/ses.ts). Its cold start loads only the page read, the beacons and the health check
// with their services; the other routes, their services and the mailer are imported on
// first use (public-app.ts, docs/decisions/0545-public-function-cold-start.md), so the cold
// start stays near the floor of DynamoDB + hono + zod (npm run bench -- --only lambda).
// Nothing reads the table before the first request: first-run seeding happens at deploy
// time (lambda-setup.ts).
import './lib/zod-jitless.ts'; // first, before any module builds a schema
import { handle } from 'hono/aws-lambda';
import { loadConfig } from './env.ts';
import { cloudFrontIp } from './lib/client-ip.ts';
import { coldVisitorServices } from './cold-services.ts';
import { dynamoTarget } from './data/dynamo.ts';
import { publicApp } from './public-app.ts';

const config = loadConfig();
// Typed as the visitor services: a public route that reaches for an admin-only service
// does not compile (VisitorEnv, functions/lib/context.ts).
const cold = coldVisitorServices(config, dynamoTarget(config), { clientIp: cloudFrontIp });
export const app = publicApp(cold, async () =>
  (await import('./deferred-services.ts')).publicFunctionServices(cold),
);
export const handler = handle(app);
