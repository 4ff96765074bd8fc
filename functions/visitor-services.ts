// The services the public routes use (routes/public-routes.ts): landing pages and their
// images, leads, events, rate limits, the signed-in check for draft previews, mail. Built in
// two parts: what the public function's cold routes use (cold-services.ts) and what only its
// deferred routes use (deferred-services.ts), which that function builds on first use
// (functions/public-app.ts). Neither holds an admin-only repository or schema; services.ts
// adds those for the admin function and the local server.
import type { Config } from './env.ts';
import type { DynamoTarget } from './data/dynamo.ts';
import type { VisitorServices } from './lib/context.ts';
import type { Logger } from './core/logger.ts';
import type { Mailer } from './mail/mailer.ts';
import { coldVisitorServices, type ServiceOptions } from './cold-services.ts';
import { deferredVisitorServices } from './deferred-services.ts';

export type { VisitorServices } from './lib/context.ts';
export type { ServiceOptions } from './cold-services.ts';

export function assembleVisitorServices(
  config: Config,
  target: DynamoTarget,
  options: ServiceOptions,
  chooseMailer: (config: Config, log: Logger) => Mailer,
): VisitorServices {
  const cold = coldVisitorServices(config, target, options);
  return { ...cold, ...deferredVisitorServices(cold, options, chooseMailer) };
}
