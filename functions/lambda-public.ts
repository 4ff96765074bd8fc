// The public AWS Lambda function: the routes visitors hit (routes/public-routes.ts) behind
// the API Gateway HTTP API (infra/constructs/api.ts routes them here by method and path).
// It imports neither the admin routes nor SMTP, S3, CodeBuild or sharp, so its bundle and
// cold start stay near the floor of DynamoDB + hono + zod (npm run bench -- --only lambda);
// the lead notification's SES client loads on the first lead. Nothing reads the table
// before the first request: first-run seeding happens at deploy time (lambda-setup.ts).
import { handle } from 'hono/aws-lambda';
import { buildApp } from './app-builder.ts';
import { PUBLIC_ROUTES } from './routes/public-routes.ts';
import { loadConfig } from './env.ts';
import { cloudFrontIp } from './lib/client-ip.ts';
import { createAwsMailer } from './mail/mailer.ts';
import { DisabledRebuilder } from './rebuild/rebuilder.ts';
import { assembleServices } from './services.ts';
import { dynamoTarget } from './data/dynamo.ts';
import type { ObjectStore } from './storage/object-store.ts';

/** The public routes store no uploads; a call would be a wiring mistake, so it says so. */
const noObjectStore = new Proxy({} as ObjectStore, {
  get: (_target, name) => {
    throw new Error(`objects.${String(name)}: the public function has no upload store`);
  },
});

const config = loadConfig();
const services = assembleServices(
  config,
  dynamoTarget(config),
  { clientIp: cloudFrontIp },
  {
    mailer: createAwsMailer,
    objects: () => noObjectStore,
    // The public routes change no page, so they never ask for a rebuild.
    rebuilder: () => new DisabledRebuilder(),
  },
);
export const app = buildApp(services, PUBLIC_ROUTES);
export const handler = handle(app);
