// The lead webhook in AWS (infra/constructs/lead-webhook.ts): a drainer function on a
// one-minute schedule with least-privilege table access, always (an admin may switch the
// webhook on in the lead routing settings at any time); the KMS key that encrypts a secret
// saved there, usable only with its purpose; with LEAD_WEBHOOK_URL, a generated default
// signing secret shared by the API and the drainer; alarms on failed deliveries and
// drainer errors, and nothing cdk-nag objects to.
import { readFileSync } from 'node:fs';
import { App } from 'aws-cdk-lib';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { parseConfig, type RawConfig } from './config.ts';
import { DELIVERY_FAILED_MESSAGE } from './constructs/lead-webhook.ts';
import { addWebApp } from './web-app.ts';

// The feature flags of cdk.json, so tests synthesize what `cdk synth` does.
const cdkJson = z
  .object({ context: z.record(z.string(), z.unknown()) })
  .parse(JSON.parse(readFileSync(new URL('../cdk.json', import.meta.url), 'utf8')));

const URL_SETTING = 'https://crm.pharmabridge.example/hooks/leads';

// Synthesized once per configuration, without esbuild (`npm run synth` bundles for real).
const build = (raw: RawConfig) => {
  const app = new App({ context: { ...cdkJson.context, 'aws:cdk:bundling-stacks': [] } });
  const stack = addWebApp(app, parseConfig(raw));
  return { app, stack, template: Template.fromStack(stack) };
};
function once<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}
const plainApp = once(() => build({}));
const webhookApp = once(() => build({ LEAD_WEBHOOK_URL: URL_SETTING }));
// Synthesis is the slow part: do it under the hook timeout (120 s), not inside whichever
// test runs first (30 s), which a loaded machine can exceed.
beforeAll(() => {
  plainApp();
  webhookApp();
});

/** Renders Fn::Join / Ref / Fn::GetAtt as one string, e.g. "<Table.Arn>/index/gsi1". */
const flat = (value: unknown): string => {
  if (typeof value === 'string') return value;
  const node = z.record(z.string(), z.unknown()).parse(value);
  if ('Fn::Join' in node) {
    const [separator, parts] = z.tuple([z.string(), z.array(z.unknown())]).parse(node['Fn::Join']);
    return parts.map(flat).join(separator);
  }
  if ('Ref' in node) return `<${z.string().parse(node['Ref'])}>`;
  if ('Fn::GetAtt' in node) return `<${z.array(z.string()).parse(node['Fn::GetAtt']).join('.')}>`;
  return JSON.stringify(node);
};

const functionSchema = z.object({
  Properties: z.object({
    Description: z.string().optional(),
    Runtime: z.string(),
    Architectures: z.array(z.string()),
    Timeout: z.number(),
    Role: z.unknown(),
    Environment: z.object({ Variables: z.record(z.string(), z.unknown()) }),
  }),
});

function functionNamed(template: Template, description: RegExp) {
  const matches = Object.entries(template.findResources('AWS::Lambda::Function')).filter(
    ([, resource]) => description.test(JSON.stringify(resource)),
  );
  const [[id, resource]] = z.tuple([z.tuple([z.string(), z.unknown()])]).parse(matches);
  return { id, ...functionSchema.parse(resource).Properties };
}
const drainer = (template: Template) => functionNamed(template, /outbox drainer/);
// The two API functions: the public one stores leads with their deliveries, the admin one
// retries them by hand.
const adminApi = (template: Template) => functionNamed(template, /admin routes/);
const publicApi = (template: Template) => functionNamed(template, /public routes/);
// The deploy-time setup function, which encrypts two-factor secrets found in clear.
const setupFunction = (template: Template) => functionNamed(template, /first administrator/);

const secretId = (template: Template) => {
  const ids = Object.entries(template.findResources('AWS::SecretsManager::Secret'))
    .filter(([, resource]) => /lead webhook/.test(JSON.stringify(resource)))
    .map(([id]) => id);
  return z.tuple([z.string()]).parse(ids)[0];
};

describe('lead webhook infrastructure', () => {
  it('runs without LEAD_WEBHOOK_URL too, with no default URL or secret', () => {
    const { template } = plainApp();
    expect(JSON.stringify(template.toJSON())).not.toContain('LEAD_WEBHOOK');
    expect(JSON.stringify(template.findResources('AWS::SecretsManager::Secret'))).not.toMatch(
      /lead webhook/,
    );
    expect(drainer(template).Environment.Variables['LEAD_SETTINGS_KMS_KEY']).toBeDefined();
    expect(JSON.stringify(template.findResources('AWS::Events::Rule'))).toMatch(/outbox/i);
  });

  it('makes a rotating KMS key for saved secrets: the admin function encrypts and decrypts (webhook and two-factor secrets), the drainer decrypts the webhook secret, the setup function encrypts two-factor secrets, the public function nothing', () => {
    const { template } = plainApp();
    template.hasResourceProperties('AWS::KMS::Key', {
      EnableKeyRotation: true,
      Description: Match.stringLikeRegexp('lead webhook signing secret'),
    });
    // Kept when the stack goes: restored tables' secrets decrypt only with it (docs/operations.md).
    template.hasResource('AWS::KMS::Key', {
      Properties: Match.objectLike({ Description: Match.stringLikeRegexp('two-factor secrets') }),
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
    });
    const keyId = Object.keys(template.findResources('AWS::KMS::Key')).find((id) =>
      id.startsWith('LeadWebhookSettingsKey'),
    )!;
    const kmsActions = (fn: { Role: unknown }) => {
      const role = flat(fn.Role)
        .replace(/\.Arn>$/, '>')
        .slice(1, -1);
      return Object.values(
        template.findResources('AWS::IAM::Policy', {
          Properties: { Roles: Match.arrayWith([{ Ref: role }]) },
        }),
      ).flatMap((policy) =>
        z
          .object({
            Properties: z.object({
              PolicyDocument: z.object({
                Statement: z.array(
                  z.object({
                    Action: z.union([z.string(), z.array(z.string())]),
                    Resource: z.unknown(),
                    Condition: z.unknown().optional(),
                  }),
                ),
              }),
            }),
          })
          .parse(policy)
          .Properties.PolicyDocument.Statement.filter((statement) =>
            [statement.Action].flat().some((action) => action.startsWith('kms:')),
          )
          .map((statement) => ({
            actions: [statement.Action].flat().sort(),
            resource: flat(statement.Resource),
            condition: statement.Condition,
          })),
      );
    };
    const onKey = (actions: string[], purpose: string | string[]) => ({
      actions,
      resource: `<${keyId}.Arn>`,
      condition: { StringEquals: { 'kms:EncryptionContext:purpose': purpose } },
    });
    expect(kmsActions(adminApi(template))).toEqual([
      onKey(
        ['kms:Decrypt', 'kms:Encrypt'],
        ['pharmabridge/lead-webhook-secret', 'pharmabridge/totp-secret'],
      ),
    ]);
    expect(kmsActions(drainer(template))).toEqual([
      onKey(['kms:Decrypt'], 'pharmabridge/lead-webhook-secret'),
    ]);
    expect(kmsActions(setupFunction(template))).toEqual([
      onKey(['kms:Encrypt'], 'pharmabridge/totp-secret'),
    ]);
    expect(kmsActions(publicApi(template))).toEqual([]);
    expect(flat(setupFunction(template).Environment.Variables['LEAD_SETTINGS_KMS_KEY'])).toBe(
      `<${keyId}.Arn>`,
    );
    expect(flat(adminApi(template).Environment.Variables['LEAD_SETTINGS_KMS_KEY'])).toBe(
      `<${keyId}.Arn>`,
    );
    expect(publicApi(template).Environment.Variables['LEAD_SETTINGS_KMS_KEY']).toBeUndefined();
  });

  it('refuses a webhook URL that is not https', () => {
    expect(() => parseConfig({ LEAD_WEBHOOK_URL: 'http://crm.example/hooks' })).toThrow(
      /must be an https:\/\/ URL[\s\S]*at LEAD_WEBHOOK_URL/,
    );
    expect(parseConfig({ LEAD_WEBHOOK_URL: URL_SETTING }).leadWebhookUrl).toBe(URL_SETTING);
  });

  it('gives the API and the drainer the URL and the generated secret, by reference only', () => {
    const { template } = webhookApp();
    const secretRef = `{{resolve:secretsmanager:<${secretId(template)}>:SecretString:::}}`;
    template.hasResourceProperties('AWS::SecretsManager::Secret', {
      GenerateSecretString: { PasswordLength: 48, ExcludePunctuation: true },
    });
    for (const fn of [drainer(template), adminApi(template), publicApi(template)]) {
      expect(fn.Environment.Variables['LEAD_WEBHOOK_URL']).toBe(URL_SETTING);
      expect(flat(fn.Environment.Variables['LEAD_WEBHOOK_SECRET'])).toBe(secretRef);
    }
    const function_ = drainer(template);
    expect(function_).toMatchObject({
      Runtime: 'nodejs24.x',
      Architectures: ['arm64'],
      Timeout: 60,
    });
    expect(flat(function_.Environment.Variables['TABLE_NAME'])).toMatch(/^<DataTable[0-9A-F]+>$/);
  });

  it('runs the drainer every minute', () => {
    const { template } = webhookApp();
    const { id } = drainer(template);
    template.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'rate(1 minute)',
      State: 'ENABLED',
      Targets: [
        Match.objectLike({
          Arn: { 'Fn::GetAtt': [id, 'Arn'] },
          RetryPolicy: { MaximumRetryAttempts: 0 },
        }),
      ],
    });
    template.hasResourceProperties('AWS::Lambda::Permission', {
      Action: 'lambda:InvokeFunction',
      FunctionName: { 'Fn::GetAtt': [id, 'Arn'] },
      Principal: 'events.amazonaws.com',
    });
  });

  it('grants the drainer only Query, GetItem and UpdateItem on the table and gsi1, PutItem in the delivery log, the key and its own logs', () => {
    const { template } = webhookApp();
    const role = flat(drainer(template).Role)
      .replace(/\.Arn>$/, '>')
      .slice(1, -1);
    const statements = Object.values(
      template.findResources('AWS::IAM::Policy', {
        Properties: { Roles: Match.arrayWith([{ Ref: role }]) },
      }),
    ).flatMap((policy) =>
      z
        .object({
          Properties: z.object({
            PolicyDocument: z.object({
              Statement: z.array(
                z.object({
                  Action: z.union([z.string(), z.array(z.string())]),
                  Resource: z.unknown(),
                  Condition: z.unknown().optional(),
                }),
              ),
            }),
          }),
        })
        .parse(policy)
        .Properties.PolicyDocument.Statement.map((statement) => ({
          actions: [statement.Action].flat().sort(),
          resources: [statement.Resource].flat().map(flat),
          ...(statement.Condition ? { condition: statement.Condition } : {}),
        })),
    );
    const table = statements.filter((s) => s.actions.some((a) => a.startsWith('dynamodb:')));
    expect(table).toEqual([
      {
        actions: ['dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:UpdateItem'],
        resources: [
          expect.stringMatching(/^<DataTable[0-9A-F]+\.Arn>$/),
          expect.stringMatching(/^<DataTable[0-9A-F]+\.Arn>\/index\/gsi1$/),
        ],
      },
      {
        actions: ['dynamodb:PutItem'],
        resources: [expect.stringMatching(/^<DataTable[0-9A-F]+\.Arn>$/)],
        condition: { 'ForAllValues:StringEquals': { 'dynamodb:LeadingKeys': ['DELIVERIES'] } },
      },
    ]);
    const others = statements.filter(
      (s) => !s.actions.some((a) => a.startsWith('dynamodb:') || a.startsWith('kms:')),
    );
    expect(others.flatMap((s) => s.actions).every((a) => a.startsWith('logs:'))).toBe(true);
    expect(others.flatMap((s) => s.resources).every((r) => /LeadWebhookLogs/.test(r))).toBe(true);
  });

  it('alarms on deliveries that failed for good and on drainer errors, to the alarm topic', () => {
    const { template } = webhookApp();
    template.hasResourceProperties('AWS::Logs::MetricFilter', {
      FilterPattern: `"${DELIVERY_FAILED_MESSAGE}"`,
      MetricTransformations: [
        Match.objectLike({ MetricName: 'WebhookDeliveriesFailed', MetricValue: '1' }),
      ],
    });
    const topic = Object.keys(template.findResources('AWS::SNS::Topic'))[0];
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      MetricName: 'WebhookDeliveriesFailed',
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      AlarmActions: [{ Ref: topic }],
    });
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      MetricName: 'Errors',
      Dimensions: [{ Name: 'FunctionName', Value: { Ref: drainer(template).id } }],
      Threshold: 3,
      AlarmActions: [{ Ref: topic }],
    });
  });

  it('finds nothing for cdk-nag, and synthesizes without warnings', () => {
    const built = webhookApp();
    const findings = new AwsSolutionsChecks(undefined, { verbose: true })
      .validateScope(built.app)
      .violations.map((violation) => ({
        rule: violation.ruleName,
        resources: violation.violatingResources.map((resource) => resource.constructPath),
      }));
    expect(findings).toEqual([]);
    expect(() => built.app.synth()).not.toThrow();
    const annotations = Annotations.fromStack(built.stack);
    expect(annotations.findError('*', Match.anyValue())).toEqual([]);
    expect(annotations.findWarning('*', Match.anyValue())).toEqual([]);
  });
});
