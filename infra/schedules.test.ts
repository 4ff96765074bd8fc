// Scheduled publishing in AWS (infra/constructs/schedules.ts): a function run every minute
// by EventBridge, allowed to start the site rebuild, with an alarm on failed runs.
import { readFileSync } from 'node:fs';
import { App } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { parseConfig } from './config.ts';
import { addWebApp } from './web-app.ts';

const cdkJson = z
  .object({ context: z.record(z.string(), z.unknown()) })
  .parse(JSON.parse(readFileSync(new URL('../cdk.json', import.meta.url), 'utf8')));

let template: Template;
beforeAll(() => {
  // Without esbuild (`npm run synth` bundles for real).
  const app = new App({ context: { ...cdkJson.context, 'aws:cdk:bundling-stacks': [] } });
  template = Template.fromStack(addWebApp(app, parseConfig({})));
});

const schedulerId = () => {
  const ids = Object.entries(template.findResources('AWS::Lambda::Function'))
    .filter(([, resource]) => /scheduled times/.test(JSON.stringify(resource)))
    .map(([id]) => id);
  return z.tuple([z.string()]).parse(ids)[0];
};

describe('scheduled publishing', () => {
  it('runs every minute, without retries (the next run makes up a missed one)', () => {
    template.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'rate(1 minute)',
      State: 'ENABLED',
      Targets: [
        Match.objectLike({
          Arn: { 'Fn::GetAtt': [schedulerId(), 'Arn'] },
          RetryPolicy: { MaximumRetryAttempts: 0 },
        }),
      ],
    });
  });

  it('knows the table, the site and the rebuild project, and may start that project only', () => {
    const fn = template.findResources('AWS::Lambda::Function')[schedulerId()] as {
      Properties: { Environment: { Variables: Record<string, unknown> }; Runtime: string };
    };
    expect(Object.keys(fn.Properties.Environment.Variables).sort()).toEqual(
      expect.arrayContaining(['REBUILD_PROJECT', 'SITE_URL', 'TABLE_NAME']),
    );
    expect(fn.Properties.Runtime).toBe('nodejs24.x');
    const policies = JSON.stringify(template.findResources('AWS::IAM::Policy'));
    expect(policies).toContain('codebuild:StartBuild');
  });

  it('alarms when two runs fail within five minutes', () => {
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      MetricName: 'Errors',
      Namespace: 'AWS/Lambda',
      Threshold: 2,
      Period: 300,
      Dimensions: [{ Name: 'FunctionName', Value: { Ref: schedulerId() } }],
      AlarmActions: [Match.anyValue()],
    });
  });
});
