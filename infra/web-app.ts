// Builds the CDK app from validated config; shared by the CLI entry (app.ts) and the tests.
import { type App, Tags, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { InfraConfig } from './config.ts';
import { WebStack } from './web-stack.ts';

export interface WebAppOptions {
  /** Admin API handler module; defaults to functions/lambda-admin.ts. */
  readonly apiEntry?: string;
}

export function addWebApp(app: App, config: InfraConfig, options: WebAppOptions = {}): WebStack {
  const stack = new WebStack(app, config.stackName, {
    config,
    description: 'PharmaBridge web: static site, API, data and uploads',
    env: config.env,
    ...(options.apiEntry === undefined ? {} : { apiEntry: options.apiEntry }),
  });
  Tags.of(app).add('project', 'pharmabridge-web');
  // cdk-nag 3 is a CDK policy-validation plugin (v2 was an aspect): any unacknowledged
  // finding, warning or error, fails synthesis with a report. verbose adds each explanation.
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { verbose: true }));
  return stack;
}
