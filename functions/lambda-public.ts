// The public AWS Lambda function: the routes visitors hit (routes/public-routes.ts) behind
// the API Gateway HTTP API (infra/constructs/api.ts routes them here by method and path).
// It imports neither the admin routes and repositories nor SMTP, S3, CodeBuild or sharp,
// and sends its lead notifications through SES's HTTPS API without the SES client
// (mail/ses.ts), so its bundle and cold start stay near the floor of DynamoDB + hono + zod
// (npm run bench -- --only lambda). Nothing reads the table before the first request:
// first-run seeding happens at deploy time (lambda-setup.ts).
import './lib/zod-jitless.ts'; // first, before any module builds a schema
import { handle } from 'hono/aws-lambda';
import { buildApp } from './app-builder.ts';
import { PUBLIC_ROUTES } from './routes/public-routes.ts';
import { loadConfig } from './env.ts';
import { cloudFrontIp } from './lib/client-ip.ts';
import { createAwsMailer } from './mail/mailer.ts';
import { assembleVisitorServices } from './visitor-services.ts';
import { dynamoTarget } from './data/dynamo.ts';

const config = loadConfig();
// Typed as the visitor services: a public route that reaches for an admin-only service
// does not compile (VisitorEnv, functions/lib/context.ts).
const services = assembleVisitorServices(
  config,
  dynamoTarget(config),
  { clientIp: cloudFrontIp },
  createAwsMailer,
);
export const app = buildApp(services, PUBLIC_ROUTES);
export const handler = handle(app);
