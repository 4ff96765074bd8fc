// The stack's CloudFormation template for CDK tests, synthesized as `cdk synth` does (the
// feature flags of cdk.json) but without esbuild: `npm run synth` bundles for real.
import { readFileSync } from 'node:fs';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import * as z from 'zod';
import { parseConfig, type RawConfig } from './config.ts';
import { addWebApp } from './web-app.ts';

const cdkJson = z
  .object({ context: z.record(z.string(), z.unknown()) })
  .parse(JSON.parse(readFileSync(new URL('../cdk.json', import.meta.url), 'utf8')));

export function unbundledTemplate(raw: RawConfig = {}): Template {
  const app = new App({ context: { ...cdkJson.context, 'aws:cdk:bundling-stacks': [] } });
  return Template.fromStack(addWebApp(app, parseConfig(raw)));
}
