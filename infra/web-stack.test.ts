import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { App, AssetStaging, Stack } from 'aws-cdk-lib';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { AwsSolutionsChecks } from 'cdk-nag';
import { beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { parseConfig, type RawConfig } from './config.ts';
import { addWebApp } from './web-app.ts';
import type { WebStack } from './web-stack.ts';
import {
  API_CONTENT_SECURITY_POLICY,
  PERMISSIONS_POLICY,
  siteContentSecurityPolicy,
} from '../functions/shared/security-headers.ts';
import { SLOW_SHARE } from './constructs/alarms.ts';
import { AUTO_REPLY_GLOBAL_LIMIT_MESSAGE } from '../functions/mail/auto-reply.ts';
import { printCommands, publishCommands } from './constructs/rebuild.ts';
import {
  logicalIdOf,
  PUBLIC_ROUTES,
  PUBLIC_TABLE_READS,
  PUBLIC_TABLE_WRITES,
  SHARP_VERSION,
} from './constructs/api.ts';

// The feature flags of cdk.json, so tests synthesize what `cdk synth` does.
const cdkJson = z
  .object({ context: z.record(z.string(), z.unknown()) })
  .parse(JSON.parse(readFileSync(new URL('../cdk.json', import.meta.url), 'utf8')));

interface Built {
  readonly app: App;
  readonly stack: WebStack;
  readonly template: Template;
}

const build = (raw: RawConfig, options: { bundle: boolean }): Built => {
  const app = new App({
    // An empty bundling-stacks list skips esbuild; only the main build bundles the real API.
    context: { ...cdkJson.context, ...(options.bundle ? {} : { 'aws:cdk:bundling-stacks': [] }) },
  });
  const stack = addWebApp(app, parseConfig(raw));
  return { app, stack, template: Template.fromStack(stack) };
};

// Synthesizing (with esbuild) is the slow part: do it once per configuration, lazily. The
// results are only read, so no test can change what another one sees.
function once<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}
const defaultApp = once(() => build({}, { bundle: true }));
// The bundled build is shared by most tests: make it under the hook timeout (120 s), not
// inside whichever test happens to run first (30 s), which a loaded machine can exceed.
beforeAll(() => {
  defaultApp();
});

// Lambda@Edge lives in us-east-1: in that region it joins the main stack.
const usEast1App = once(() => build({ DEPLOY_REGION: 'us-east-1' }, { bundle: false }));
const domainApp = once(() =>
  build(
    {
      SITE_DOMAIN: 'www.pharmabridge.example',
      CERTIFICATE_ARN: 'arn:aws:acm:us-east-1:123456789012:certificate/0d1e2f3a-4b5c',
      ALARM_EMAIL: 'ops@pharmabridge.example',
    },
    { bundle: false },
  ),
);

/** Renders Fn::Join / Ref / Fn::GetAtt as one string, e.g. "<UploadsBucketC4B2.Arn>/uploads/*". */
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

const logicalId = (template: Template, type: string, path: RegExp): string => {
  const ids = Object.entries(template.findResources(type))
    .filter(([, resource]) => path.test(JSON.stringify(resource)))
    .map(([id]) => id);
  return z.tuple([z.string()]).parse(ids)[0];
};

/** The uploads bucket's logical id (UploadsBucket<hash>). */
const uploadsBucketId = (template: Template): string =>
  z
    .tuple([z.string()])
    .parse(
      Object.keys(template.findResources('AWS::S3::Bucket')).filter((id) =>
        id.startsWith('UploadsBucket'),
      ),
    )[0];

/** The {{resolve:secretsmanager:...}} reference to the X-Origin-Verify secret. */
const originVerifyRef = (template: Template) => ({
  'Fn::Join': [
    '',
    [
      '{{resolve:secretsmanager:',
      { Ref: logicalId(template, 'AWS::SecretsManager::Secret', /./) },
      ':SecretString:::}}',
    ],
  ],
});

/** The us-east-1 companion stack CDK creates for the Lambda@Edge function. */
const edgeStackOf = (built: Built): Stack => {
  const stacks = built.app.node.children.filter(
    (child): child is Stack => Stack.isStack(child) && child !== built.stack,
  );
  return z.tuple([z.instanceof(Stack)]).parse(stacks)[0];
};

const statementSchema = z.object({
  Effect: z.enum(['Allow', 'Deny']),
  Action: z.union([z.string(), z.array(z.string())]),
  Resource: z.unknown(),
  Principal: z.unknown().optional(),
  Condition: z.unknown().optional(),
});
function asList<T>(value: T | T[]): T[] {
  return Array.isArray(value) ? value : [value];
}
const statementsOf = (resource: unknown) =>
  z
    .object({
      Properties: z.object({
        PolicyDocument: z.object({ Statement: z.array(statementSchema) }),
      }),
    })
    .parse(resource)
    .Properties.PolicyDocument.Statement.map((statement) => ({
      effect: statement.Effect,
      actions: asList(statement.Action),
      resources: asList(statement.Resource).map(flat),
      // Principals flattened too: { AWS: "arn:aws:iam::<AWS::AccountId>:role/..." }.
      principal:
        statement.Principal === undefined
          ? undefined
          : Object.fromEntries(
              Object.entries(z.record(z.string(), z.unknown()).parse(statement.Principal)).map(
                ([kind, value]) => [kind, flat(value)],
              ),
            ),
    }));

describe('DynamoDB table', () => {
  it('has the single-table keys, both GSIs, TTL, PITR, on-demand billing and protection', () => {
    const { template } = defaultApp();
    const string = (name: string) => ({ AttributeName: name, AttributeType: 'S' });
    const index = (name: string) => ({
      IndexName: name,
      KeySchema: [
        { AttributeName: `${name}pk`, KeyType: 'HASH' },
        { AttributeName: `${name}sk`, KeyType: 'RANGE' },
      ],
      Projection: { ProjectionType: 'ALL' },
    });
    template.resourceCountIs('AWS::DynamoDB::GlobalTable', 1);
    template.hasResource('AWS::DynamoDB::GlobalTable', {
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
      Properties: {
        KeySchema: [
          { AttributeName: 'pk', KeyType: 'HASH' },
          { AttributeName: 'sk', KeyType: 'RANGE' },
        ],
        AttributeDefinitions: Match.arrayEquals(
          ['pk', 'sk', 'gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk'].map(string),
        ),
        GlobalSecondaryIndexes: [index('gsi1'), index('gsi2')],
        BillingMode: 'PAY_PER_REQUEST',
        TimeToLiveSpecification: { AttributeName: 'expiresAt', Enabled: true },
        SSESpecification: { SSEEnabled: true, SSEType: 'KMS' },
        Replicas: [
          Match.objectLike({
            PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
            DeletionProtectionEnabled: true,
          }),
        ],
      },
    });
  });
});

describe('API function', () => {
  it('runs Node 24 on arm64 with the table, bucket, site, origin secret and rebuild settings', () => {
    const { template } = defaultApp();
    // The admin and public API functions, the first-run setup, scheduled publishing, the
    // daily audit archive and the lead webhook's drainer, always there since an admin may
    // switch the webhook on in the lead routing settings (the others of this stack are CDK's
    // deploy-time reader of the edge function ARN and its trigger provider).
    expect(
      Object.keys(
        template.findResources('AWS::Lambda::Function', {
          Properties: { Handler: 'index.handler' },
        }),
      ),
    ).toHaveLength(6);
    template.hasResourceProperties('AWS::Lambda::Function', {
      Runtime: 'nodejs24.x',
      Architectures: ['arm64'],
      Handler: 'index.handler',
      MemorySize: 1024,
      Timeout: 29,
      TracingConfig: { Mode: 'Active' },
      Environment: {
        Variables: {
          TABLE_NAME: { Ref: logicalId(template, 'AWS::DynamoDB::GlobalTable', /./) },
          UPLOADS_BUCKET: { Ref: Match.stringLikeRegexp('^UploadsBucket') },
          SITE_URL: '',
          ORIGIN_VERIFY_SECRET: originVerifyRef(template),
          REBUILD_PROJECT: { Ref: logicalId(template, 'AWS::CodeBuild::Project', /./) },
          // The KMS key of the lead routing settings' webhook secret (infra/lead-webhook.test.ts).
          LEAD_SETTINGS_KMS_KEY: Match.anyValue(),
        },
      },
      LoggingConfig: { LogGroup: { Ref: Match.stringLikeRegexp('^ApiLogs') } },
    });
    template.hasResourceProperties('AWS::Logs::LogGroup', { RetentionInDays: 30 });
  });

  it('carries sharp for linux-arm64 beside the bundle, not inside it', () => {
    const code = defaultApp().stack.api.function.node.findChild('Code').node.findChild('Stage');
    if (!(code instanceof AssetStaging)) throw new Error('no staged API code');
    const root = code.absoluteStagedPath;
    const sharp = z
      .object({ version: z.string() })
      .parse(JSON.parse(readFileSync(join(root, 'node_modules/sharp/package.json'), 'utf8')));
    expect(sharp.version).toBe(SHARP_VERSION);
    const img = readdirSync(join(root, 'node_modules/@img'));
    expect(img).toEqual(expect.arrayContaining(['sharp-linux-arm64', 'sharp-libvips-linux-arm64']));
    expect(img.filter((name) => /x64|darwin|win32|musl/.test(name))).toEqual([]);
    expect(
      readdirSync(join(root, 'node_modules/@img/sharp-linux-arm64/lib')).filter((name) =>
        name.endsWith('.node'),
      ),
    ).toEqual([`sharp-linux-arm64-${SHARP_VERSION}.node`]);
    // esbuild left the import to the runtime, and the install left no package files behind.
    expect(readFileSync(join(root, 'index.mjs'), 'utf8')).toMatch(/import\(\s*["']sharp["']\s*\)/);
    expect(readdirSync(root).filter((name) => name.startsWith('package'))).toEqual([]);
    // Nor did it touch the repository's own node_modules.
    expect(existsSync(new URL('../node_modules/@img/sharp-linux-arm64', import.meta.url))).toBe(
      false,
    );
  });

  it('starts its functions without --enable-source-maps, and ships each bundle its map', () => {
    // Node would read and parse the map at every cold start; functions/lib/stack-trace.ts
    // decodes it only when an error is logged, so the map must sit beside the bundle.
    const { template, stack } = defaultApp();
    const functions = Object.values(template.findResources('AWS::Lambda::Function'));
    expect(functions.length).toBeGreaterThanOrEqual(3);
    expect(JSON.stringify(functions)).not.toContain('enable-source-maps');
    for (const fn of [stack.api.function, stack.api.publicFunction]) {
      const code = fn.node.findChild('Code').node.findChild('Stage');
      if (!(code instanceof AssetStaging)) throw new Error(`no staged code for ${fn.node.id}`);
      const bundle = readFileSync(join(code.absoluteStagedPath, 'index.mjs'), 'utf8');
      expect(bundle).toMatch(/\/\/# sourceMappingURL=index\.mjs\.map\s*$/);
      expect(existsSync(join(code.absoluteStagedPath, 'index.mjs.map'))).toBe(true);
    }
  });

  it('passes the configured site URL to the function', () => {
    domainApp().template.hasResourceProperties('AWS::Lambda::Function', {
      Environment: { Variables: { SITE_URL: 'https://www.pharmabridge.example' } },
    });
  });

  it('is served by an HTTP API (payload v2): public routes to the public function, the rest to the admin one', () => {
    const { template, stack } = defaultApp();
    const admin = logicalIdOf(stack.api.function);
    const publicFn = logicalIdOf(stack.api.publicFunction);
    const api = logicalId(template, 'AWS::ApiGatewayV2::Api', /./);
    template.resourceCountIs('AWS::Lambda::Url', 0);
    template.hasResourceProperties('AWS::ApiGatewayV2::Api', { ProtocolType: 'HTTP' });
    const integrations = template.findResources('AWS::ApiGatewayV2::Integration');
    const target = Object.fromEntries(
      Object.entries(integrations).map(([id, resource]) => {
        const parsed = z
          .object({
            Properties: z.object({
              IntegrationType: z.literal('AWS_PROXY'),
              PayloadFormatVersion: z.literal('2.0'),
              IntegrationUri: z.unknown(),
            }),
          })
          .parse(resource);
        return [id, flat(parsed.Properties.IntegrationUri)];
      }),
    );
    expect(Object.values(target).sort()).toEqual([`<${admin}.Arn>`, `<${publicFn}.Arn>`].sort());
    // Route key -> function: exactly the public routes go to the public function.
    const routes = Object.fromEntries(
      Object.values(template.findResources('AWS::ApiGatewayV2::Route')).map((resource) => {
        const { RouteKey, Target } = z
          .object({ Properties: z.object({ RouteKey: z.string(), Target: z.unknown() }) })
          .parse(resource).Properties;
        const integration = flat(Target).match(/<(\w+)>/)?.[1] ?? '';
        return [RouteKey, target[integration]];
      }),
    );
    // The public function's routes are the route table's (functions/routes/public-routes.ts):
    // no list of them is kept here.
    expect(routes).toEqual(
      Object.fromEntries([
        ['$default', `<${admin}.Arn>`],
        ...PUBLIC_ROUTES.map((route) => [`${route.method} ${route.path}`, `<${publicFn}.Arn>`]),
      ]),
    );
    // API Gateway may invoke each function, from this API only.
    const permissions = Object.values(template.findResources('AWS::Lambda::Permission'))
      .map((permission) =>
        z
          .object({
            Properties: z.object({
              Principal: z.string(),
              FunctionName: z.unknown(),
              SourceArn: z.unknown(),
            }),
          })
          .parse(permission),
      )
      .filter(({ Properties }) => Properties.Principal === 'apigateway.amazonaws.com');
    expect(permissions.length).toBeGreaterThanOrEqual(2);
    for (const { Properties } of permissions) {
      expect([`<${admin}.Arn>`, `<${publicFn}.Arn>`]).toContain(flat(Properties.FunctionName));
      expect(flat(Properties.SourceArn)).toContain(`<${api}>`);
    }
  });

  it('gives the public function table reads and the writes of leads, events and outbox only', () => {
    const { template, stack } = defaultApp();
    const role = logicalIdOf(stack.api.publicFunction.role!);
    const statements = Object.values(
      template.findResources('AWS::IAM::Policy', {
        Properties: { Roles: Match.arrayWith([{ Ref: role }]) },
      }),
    ).flatMap(statementsOf);
    const actions = statements.flatMap((statement) => statement.actions);
    expect(actions.filter((action) => /^(s3|codebuild|ses):/.test(action))).toEqual([]);
    const dynamo = actions.filter((action) => action.startsWith('dynamodb:'));
    expect([...dynamo].sort()).toEqual([...PUBLIC_TABLE_READS, ...PUBLIC_TABLE_WRITES].sort());
    expect(dynamo).toEqual(expect.arrayContaining([...PUBLIC_TABLE_WRITES]));
    for (const forbidden of ['dynamodb:DeleteItem', 'dynamodb:BatchWriteItem', 'dynamodb:Scan']) {
      expect(dynamo).not.toContain(forbidden);
    }
    const table = `<${logicalId(template, 'AWS::DynamoDB::GlobalTable', /./)}.Arn>`;
    const dynamoResources = statements
      .filter(({ actions: list }) => list.some((a) => a.startsWith('dynamodb:')))
      .flatMap(({ resources }) => resources);
    expect([...new Set(dynamoResources)].sort()).toEqual([table, `${table}/index/*`]);
    // Its environment names no uploads bucket or build project.
    const variables = z
      .object({
        Properties: z.object({
          Environment: z.object({ Variables: z.record(z.string(), z.unknown()) }),
        }),
      })
      .parse(template.findResources('AWS::Lambda::Function')[logicalIdOf(stack.api.publicFunction)])
      .Properties.Environment.Variables;
    expect(Object.keys(variables).sort()).toEqual(
      ['ORIGIN_VERIFY_SECRET', 'SITE_URL', 'TABLE_NAME'].sort(),
    );
  });

  it('seeds the default page and the first admin once at deploy time, through a trigger', () => {
    const { template, stack } = defaultApp();
    const setup = logicalIdOf(stack.api.setupFunction);
    const triggers = Object.values(template.findResources('Custom::Trigger'));
    expect(triggers).toHaveLength(1);
    expect(
      flat(
        z.object({ Properties: z.object({ HandlerArn: z.unknown() }) }).parse(triggers[0])
          .Properties.HandlerArn,
      ),
    ).toContain(setup.replace(/[0-9A-F]{8}$/, ''));
  });

  it('throttles the stage and logs every request to a log group', () => {
    const { template } = defaultApp();
    template.resourceCountIs('AWS::ApiGatewayV2::Stage', 1);
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingRateLimit: 200, ThrottlingBurstLimit: 400 },
      AccessLogSettings: {
        DestinationArn: { 'Fn::GetAtt': [Match.stringLikeRegexp('^ApiAccessLogs'), 'Arn'] },
        Format: Match.stringLikeRegexp('\\$context\\.requestId'),
      },
    });
  });

  it('shares one generated secret between CloudFront (X-Origin-Verify) and the function', () => {
    const { template } = defaultApp();
    template.resourceCountIs('AWS::SecretsManager::Secret', 1);
    template.hasResourceProperties('AWS::SecretsManager::Secret', {
      GenerateSecretString: { ExcludePunctuation: true, PasswordLength: 48 },
    });
    const origins = z
      .array(z.object({ DomainName: z.unknown(), OriginCustomHeaders: z.unknown().optional() }))
      .parse(
        z
          .object({
            Properties: z.object({ DistributionConfig: z.object({ Origins: z.unknown() }) }),
          })
          .parse(Object.values(template.findResources('AWS::CloudFront::Distribution'))[0])
          .Properties.DistributionConfig.Origins,
      );
    const withHeaders = origins.filter((origin) => origin.OriginCustomHeaders !== undefined);
    expect(withHeaders).toHaveLength(1);
    expect(flat(withHeaders[0]?.DomainName)).toMatch(/\.execute-api\.eu-west-1\.<AWS::URLSuffix>$/);
    expect(withHeaders[0]?.OriginCustomHeaders).toEqual([
      { HeaderName: 'X-Origin-Verify', HeaderValue: originVerifyRef(template) },
    ]);
  });

  it('may start and watch builds of the rebuild project only', () => {
    const { template } = defaultApp();
    const role = logicalId(template, 'AWS::IAM::Role', /PharmaBridge web API function/);
    const project = logicalId(template, 'AWS::CodeBuild::Project', /./);
    const statements = Object.values(
      template.findResources('AWS::IAM::Policy', {
        Properties: { Roles: Match.arrayWith([{ Ref: role }]) },
      }),
    ).flatMap(statementsOf);
    const codebuild = statements.filter(({ actions }) =>
      actions.some((action) => action.startsWith('codebuild:')),
    );
    expect(codebuild).toEqual([
      {
        effect: 'Allow',
        actions: [
          'codebuild:BatchGetBuilds',
          'codebuild:ListBuildsForProject',
          'codebuild:StartBuild',
        ],
        resources: [`<${project}.Arn>`],
        principal: undefined,
      },
    ]);
  });

  it('is granted only named actions on the table and the two upload prefixes', () => {
    const { template } = defaultApp();
    const role = logicalId(template, 'AWS::IAM::Role', /PharmaBridge web API function/);
    const policies = Object.values(
      template.findResources('AWS::IAM::Policy', {
        Properties: { Roles: Match.arrayWith([{ Ref: role }]) },
      }),
    );
    expect(template.findResources('AWS::IAM::Role')[role]).not.toHaveProperty(
      'Properties.ManagedPolicyArns',
    );
    const statements = policies.flatMap(statementsOf);
    const table = `<${logicalId(template, 'AWS::DynamoDB::GlobalTable', /./)}.Arn>`;
    const uploads = `<${logicalId(template, 'AWS::S3::Bucket', /PUT/)}.Arn>`;

    for (const { actions, resources } of statements) {
      const dataActions = actions.filter((action) => /^(s3|dynamodb):/.test(action));
      if (dataActions.length === 0) continue;
      expect(dataActions.every((action) => !action.includes('*'))).toBe(true);
      expect(resources).not.toContain('*');
    }
    const s3Statements = statements.filter(({ actions }) =>
      actions.some((a) => a.startsWith('s3:')),
    );
    expect(s3Statements.flatMap(({ actions }) => actions).sort()).toEqual([
      's3:AbortMultipartUpload',
      's3:DeleteObject',
      's3:GetObject',
      's3:ListMultipartUploadParts',
      's3:PutObject',
    ]);
    expect(s3Statements.flatMap(({ resources }) => resources).sort()).toEqual([
      `${uploads}/assets/*`,
      `${uploads}/pending/*`,
      `${uploads}/uploads/*`,
    ]);
    const dynamoResources = statements
      .filter(({ actions }) => actions.some((a) => a.startsWith('dynamodb:')))
      .flatMap(({ resources }) => resources);
    expect(dynamoResources.sort()).toEqual([table, `${table}/index/*`]);
  });
});

describe('uploads bucket', () => {
  it('is private, TLS-only, accepts presigned PUTs from the site and expires pending objects', () => {
    const { template } = defaultApp();
    template.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      CorsConfiguration: {
        CorsRules: [
          Match.objectLike({
            AllowedMethods: ['PUT', 'POST'],
            AllowedOrigins: ['https://*.cloudfront.net'],
            ExposedHeaders: ['ETag'],
          }),
        ],
      },
      LifecycleConfiguration: {
        Rules: Match.arrayWith([
          Match.objectLike({ AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 } }),
          Match.objectLike({ Prefix: 'pending/', ExpirationInDays: 2 }),
        ]),
      },
      LoggingConfiguration: Match.objectLike({ LogFilePrefix: 's3/uploads/' }),
    });
  });

  it('allows PUTs only from the configured site origin when one is set', () => {
    domainApp().template.hasResourceProperties('AWS::S3::Bucket', {
      CorsConfiguration: {
        CorsRules: [Match.objectLike({ AllowedOrigins: ['https://www.pharmabridge.example'] })],
      },
    });
  });

  it('lets CloudFront read uploads/* only, never pending/*', () => {
    const { template } = defaultApp();
    const uploads = logicalId(template, 'AWS::S3::Bucket', /PUT/);
    const [policy] = Object.values(
      template.findResources('AWS::S3::BucketPolicy', {
        Properties: { Bucket: { Ref: uploads } },
      }),
    );
    const allows = statementsOf(policy).filter(({ effect }) => effect === 'Allow');
    expect(allows).toEqual([
      {
        effect: 'Allow',
        actions: ['s3:GetObject'],
        resources: [`<${uploads}.Arn>/uploads/*`],
        principal: { Service: 'cloudfront.amazonaws.com' },
      },
    ]);
  });
});

describe('site bucket', () => {
  it('is private and TLS-only, readable by CloudFront through OAC', () => {
    const { template } = defaultApp();
    const site = logicalId(template, 'AWS::S3::Bucket', /s3\/site\//);
    template.hasResourceProperties('AWS::S3::Bucket', {
      BucketEncryption: {
        ServerSideEncryptionConfiguration: [
          { ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } },
        ],
      },
      PublicAccessBlockConfiguration: Match.objectLike({ BlockPublicPolicy: true }),
      LoggingConfiguration: Match.objectLike({ LogFilePrefix: 's3/site/' }),
    });
    const [policy] = Object.values(
      template.findResources('AWS::S3::BucketPolicy', { Properties: { Bucket: { Ref: site } } }),
    );
    const statements = statementsOf(policy);
    expect(statements).toContainEqual(
      expect.objectContaining({
        effect: 'Deny',
        resources: [`<${site}.Arn>`, `<${site}.Arn>/*`],
      }),
    );
    expect(statements.filter(({ effect }) => effect === 'Allow')).toEqual([
      {
        effect: 'Allow',
        actions: ['s3:GetObject'],
        // The 404 page, and the /legacy shell a /legacy/<slug> of no live page gets (issue 33).
        resources: [`<${site}.Arn>/404.html`, `<${site}.Arn>/legacy/index.html`],
        principal: { AWS: 'arn:aws:iam::<AWS::AccountId>:role/PharmaBridgeWeb-eu-west-1-404-page' },
      },
      {
        effect: 'Allow',
        actions: ['s3:GetObject'],
        resources: [`<${site}.Arn>/*`],
        principal: { Service: 'cloudfront.amazonaws.com' },
      },
    ]);
  });
});

describe('CloudFront distribution', () => {
  const distribution = (template: Template) =>
    z
      .object({ Properties: z.object({ DistributionConfig: z.record(z.string(), z.unknown()) }) })
      .parse(Object.values(template.findResources('AWS::CloudFront::Distribution'))[0]).Properties
      .DistributionConfig;

  it('routes /_astro/*, /api/* and /objects/uploads/* to the right origins', () => {
    const { template } = defaultApp();
    const config = distribution(template);
    const origins = z
      .array(
        z.object({
          Id: z.string(),
          DomainName: z.unknown(),
          OriginAccessControlId: z.unknown().optional(),
          CustomOriginConfig: z.unknown().optional(),
        }),
      )
      .parse(config['Origins']);
    const originOf = (id: unknown) => flat(origins.find((origin) => origin.Id === id)?.DomainName);
    const behaviors = z.array(z.record(z.string(), z.unknown())).parse(config['CacheBehaviors']);
    const byPath = (path: string) => {
      const behavior = behaviors.find((b) => b['PathPattern'] === path);
      expect(behavior, path).toBeDefined();
      return behavior ?? {};
    };
    const site = logicalId(template, 'AWS::S3::Bucket', /s3\/site\//);
    const uploads = logicalId(template, 'AWS::S3::Bucket', /PUT/);

    expect(behaviors.map((b) => b['PathPattern'])).toEqual([
      '/_astro/*',
      '/api/*',
      '/objects/uploads/*',
    ]);
    expect(originOf(byPath('/_astro/*')['TargetOriginId'])).toBe(`<${site}.RegionalDomainName>`);
    expect(originOf(byPath('/objects/uploads/*')['TargetOriginId'])).toBe(
      `<${uploads}.RegionalDomainName>`,
    );
    const api = logicalId(template, 'AWS::ApiGatewayV2::Api', /./);
    expect(originOf(byPath('/api/*')['TargetOriginId'])).toBe(
      `<${api}>.execute-api.eu-west-1.<AWS::URLSuffix>`,
    );
    const apiOrigin = origins.find((origin) => origin.Id === byPath('/api/*')['TargetOriginId']);
    expect(apiOrigin).toMatchObject({
      CustomOriginConfig: { OriginProtocolPolicy: 'https-only', OriginSSLProtocols: ['TLSv1.2'] },
    });
    expect(apiOrigin?.OriginAccessControlId).toBeUndefined();

    expect(byPath('/api/*')).toMatchObject({
      AllowedMethods: ['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE'],
      CachePolicyId: '4135ea2d-6df8-44a3-9df3-4b5a84be39ad', // Managed-CachingDisabled
      OriginRequestPolicyId: 'b689b0a8-53d0-40ab-baf2-68738e2966ac', // AllViewerExceptHostHeader
      ViewerProtocolPolicy: 'https-only',
    });
    expect(byPath('/objects/uploads/*')).toMatchObject({
      AllowedMethods: ['GET', 'HEAD'],
      FunctionAssociations: [
        {
          EventType: 'viewer-request',
          FunctionARN: { 'Fn::GetAtt': [expect.stringMatching(/^SiteUploadsPath/), 'FunctionARN'] },
        },
      ],
    });
    expect(config['DefaultCacheBehavior']).toMatchObject({
      ViewerProtocolPolicy: 'redirect-to-https',
      FunctionAssociations: [
        {
          EventType: 'viewer-request',
          FunctionARN: { 'Fn::GetAtt': [expect.stringMatching(/^SiteCleanUrls/), 'FunctionARN'] },
        },
      ],
    });
    expect(config).toMatchObject({ HttpVersion: 'http2and3', Logging: { Prefix: 'cloudfront/' } });

    // Both S3 origins are signed by an origin access control (the API has its secret header).
    expect(
      origins.filter((origin) => origin.OriginAccessControlId !== undefined).map((o) => o.Id),
    ).toHaveLength(2);
    const oacTypes = Object.values(template.findResources('AWS::CloudFront::OriginAccessControl'))
      .map(
        (oac) =>
          z
            .object({
              Properties: z.object({
                OriginAccessControlConfig: z.object({
                  OriginAccessControlOriginType: z.string(),
                  SigningBehavior: z.string(),
                }),
              }),
            })
            .parse(oac).Properties.OriginAccessControlConfig,
      )
      .map((oac) => `${oac.OriginAccessControlOriginType}:${oac.SigningBehavior}`)
      .sort();
    expect(oacTypes).toEqual(['s3:always', 's3:always']);
  });

  it('serves the 404 page for missing pages only, leaving API errors alone', () => {
    const { template } = defaultApp();
    const config = distribution(template);
    // Distribution-wide error pages would turn the API's JSON 403/404 into HTML.
    expect(config).not.toHaveProperty('CustomErrorResponses');
    expect(config['DefaultCacheBehavior']).toMatchObject({
      LambdaFunctionAssociations: [
        {
          EventType: 'origin-response',
          LambdaFunctionARN: {
            'Fn::GetAtt': [expect.stringMatching(/^SiteNotFoundPageArnReader/), 'FunctionArn'],
          },
        },
      ],
    });
    const behaviors = z.array(z.record(z.string(), z.unknown())).parse(config['CacheBehaviors']);
    const byPath = (path: string) => behaviors.find((b) => b['PathPattern'] === path);
    // Hashed assets are site content too; API answers and uploads keep their own statuses.
    expect(byPath('/_astro/*')?.['LambdaFunctionAssociations']).toEqual(
      z.object({ LambdaFunctionAssociations: z.unknown() }).parse(config['DefaultCacheBehavior'])
        .LambdaFunctionAssociations,
    );
    for (const path of ['/api/*', '/objects/uploads/*']) {
      expect(byPath(path), path).toBeDefined();
      expect(byPath(path), path).not.toHaveProperty('LambdaFunctionAssociations');
    }
  });

  it('runs the 404 page function in us-east-1 on a Lambda@Edge runtime', () => {
    const built = defaultApp();
    const edgeStack = edgeStackOf(built);
    expect(edgeStack.region).toBe('us-east-1');
    expect(edgeStack.stackName).toBe('PharmaBridgeWeb-Edge');
    expect(built.stack.region).toBe('eu-west-1');
    const edge = Template.fromStack(edgeStack);
    edge.resourceCountIs('AWS::Lambda::Function', 1);
    edge.hasResourceProperties('AWS::Lambda::Function', {
      Runtime: 'nodejs22.x',
      Architectures: ['x86_64'],
      Handler: 'index.handler',
      MemorySize: 128,
      Timeout: 5,
      Environment: Match.absent(),
    });
    edge.hasResourceProperties('AWS::IAM::Role', {
      RoleName: 'PharmaBridgeWeb-eu-west-1-404-page',
      AssumeRolePolicyDocument: {
        Statement: [
          Match.objectLike({
            Principal: { Service: ['edgelambda.amazonaws.com', 'lambda.amazonaws.com'] },
          }),
        ],
      },
    });
    // The role's own policy grants no S3 access: the site bucket's policy grants 404.html.
    expect(JSON.stringify(edge.findResources('AWS::IAM::Policy'))).not.toContain('s3:');
  });

  it('keeps the 404 page function in the stack when that is in us-east-1', () => {
    const built = usEast1App();
    expect(built.app.node.children.filter((child) => Stack.isStack(child))).toHaveLength(1);
    const { template } = built;
    const role = logicalId(template, 'AWS::IAM::Role', /edgelambda/);
    template.hasResourceProperties('AWS::Lambda::Function', { Runtime: 'nodejs22.x' });
    template.hasResourceProperties('AWS::IAM::Role', {
      RoleName: 'PharmaBridgeWeb-us-east-1-404-page',
    });
    // A bucket policy may only name a role that exists already.
    const site = logicalId(template, 'AWS::S3::Bucket', /s3\/site\//);
    template.hasResource('AWS::S3::BucketPolicy', {
      Properties: { Bucket: { Ref: site } },
      DependsOn: Match.arrayWith([role]),
    });
  });

  it('caches hashed assets for a year and pages briefly', () => {
    const { template } = defaultApp();
    template.hasResourceProperties('AWS::CloudFront::CachePolicy', {
      CachePolicyConfig: Match.objectLike({
        DefaultTTL: 31536000,
        MinTTL: 31536000,
        MaxTTL: 31536000,
      }),
    });
    template.hasResourceProperties('AWS::CloudFront::CachePolicy', {
      CachePolicyConfig: Match.objectLike({ MinTTL: 0, DefaultTTL: 300, MaxTTL: 3600 }),
    });
  });

  it('sends the security headers and the site CSP with pages', () => {
    const { template } = defaultApp();
    const uploads = logicalId(template, 'AWS::S3::Bucket', /PUT/);
    const [policy] = Object.values(
      template.findResources('AWS::CloudFront::ResponseHeadersPolicy', {
        Properties: {
          ResponseHeadersPolicyConfig: { Comment: 'Security headers for site pages' },
        },
      }),
    );
    const headers = z
      .object({
        Properties: z.object({
          ResponseHeadersPolicyConfig: z.object({
            SecurityHeadersConfig: z.record(z.string(), z.record(z.string(), z.unknown())),
          }),
        }),
      })
      .parse(policy).Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig;

    expect(headers['StrictTransportSecurity']).toEqual({
      AccessControlMaxAgeSec: 63072000,
      IncludeSubdomains: true,
      Preload: true,
      Override: true,
    });
    expect(headers['ContentTypeOptions']).toEqual({ Override: true });
    expect(headers['FrameOptions']).toEqual({ FrameOption: 'DENY', Override: true });
    expect(headers['ReferrerPolicy']).toEqual({
      ReferrerPolicy: 'strict-origin-when-cross-origin',
      Override: true,
    });
    // The one definition the local server uses too, with the uploads bucket for presigned PUTs.
    expect(flat(headers['ContentSecurityPolicy']?.['ContentSecurityPolicy'])).toBe(
      siteContentSecurityPolicy({
        connectOrigins: [
          `https://<${uploads}.RegionalDomainName>`,
          `https://<${uploads}>.s3.<AWS::Region>.<AWS::URLSuffix>`,
        ],
      }),
    );
    const csp = flat(headers['ContentSecurityPolicy']?.['ContentSecurityPolicy']);
    expect(csp).not.toContain("script-src 'self' 'unsafe-inline'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
  });

  it('gives API responses a CSP that loads and frames nothing, and the shared Permissions-Policy', () => {
    const { template } = defaultApp();
    const policies = Object.values(
      template.findResources('AWS::CloudFront::ResponseHeadersPolicy'),
    ) as { Properties: { ResponseHeadersPolicyConfig: Record<string, unknown> } }[];
    const api = policies.find((policy) =>
      JSON.stringify(policy).includes('Security headers for API responses'),
    );
    expect(JSON.stringify(api)).toContain(JSON.stringify(API_CONTENT_SECURITY_POLICY));
    for (const policy of policies) {
      const custom = JSON.stringify(policy.Properties.ResponseHeadersPolicyConfig);
      expect(custom).toContain(PERMISSIONS_POLICY);
    }
  });

  it('sends COOP and CORP same-origin from every behaviour, as the local server does (issue 33)', () => {
    const policies = Object.values(
      defaultApp().template.findResources('AWS::CloudFront::ResponseHeadersPolicy'),
    ).map((policy) =>
      z
        .object({
          Properties: z.object({
            ResponseHeadersPolicyConfig: z.object({
              Comment: z.string(),
              CustomHeadersConfig: z.object({
                Items: z.array(
                  z.object({ Header: z.string(), Value: z.string(), Override: z.boolean() }),
                ),
              }),
            }),
          }),
        })
        .parse(policy),
    );
    expect(policies.map((policy) => policy.Properties.ResponseHeadersPolicyConfig.Comment)).toEqual(
      expect.arrayContaining([
        'Security headers for site pages',
        'Security headers and immutable caching for hashed assets',
        'Security headers for API responses',
        'Security headers for user uploads (sandboxed)',
      ]),
    );
    for (const policy of policies) {
      const { Comment, CustomHeadersConfig } = policy.Properties.ResponseHeadersPolicyConfig;
      expect(CustomHeadersConfig.Items, Comment).toEqual(
        expect.arrayContaining([
          { Header: 'Cross-Origin-Opener-Policy', Value: 'same-origin', Override: true },
          { Header: 'Cross-Origin-Resource-Policy', Value: 'same-origin', Override: true },
        ]),
      );
    }
  });

  it('sandboxes uploaded files', () => {
    defaultApp().template.hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
      ResponseHeadersPolicyConfig: Match.objectLike({
        SecurityHeadersConfig: Match.objectLike({
          ContentSecurityPolicy: {
            // The same header the local server sends (functions/storage/serve.ts).
            ContentSecurityPolicy: "default-src 'none'; sandbox",
            Override: true,
          },
          ContentTypeOptions: { Override: true },
        }),
      }),
    });
  });

  it('ships the edge functions from infra/edge on the JS 2.0 runtime', () => {
    const { template } = defaultApp();
    for (const file of ['clean-urls.js', 'uploads-path.js']) {
      template.hasResourceProperties('AWS::CloudFront::Function', {
        FunctionCode: readFileSync(new URL(`./edge/${file}`, import.meta.url), 'utf8'),
        FunctionConfig: Match.objectLike({ Runtime: 'cloudfront-js-2.0' }),
      });
    }
  });

  it('serves a configured domain with its certificate and TLS 1.2', () => {
    const config = distribution(domainApp().template);
    expect(config).toMatchObject({
      Aliases: ['www.pharmabridge.example'],
      ViewerCertificate: {
        AcmCertificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/0d1e2f3a-4b5c',
        MinimumProtocolVersion: 'TLSv1.2_2021',
        SslSupportMethod: 'sni-only',
      },
    });
  });
});

describe('lead notifications (SES)', () => {
  const mailApp = once(() =>
    build(
      {
        MAIL_FROM: 'PharmaBridge Website <no-reply@pharmabridge.example>',
        NOTIFY_EMAIL: 'sales@pharmabridge.example,ops@leads.pharmabridge.example',
      },
      { bundle: false },
    ),
  );

  it('are off unless configured', () => {
    const { template } = defaultApp();
    const variables = Object.values(
      template.findResources('AWS::Lambda::Function', { Properties: { Handler: 'index.handler' } }),
    ).map((fn) => JSON.stringify(fn));
    expect(variables.join()).not.toContain('MAIL_TRANSPORT');
    expect(JSON.stringify(template.findResources('AWS::IAM::Policy'))).not.toContain('ses:');
  });

  it('tell the function to send through SES as MAIL_FROM to NOTIFY_EMAIL', () => {
    mailApp().template.hasResourceProperties('AWS::Lambda::Function', {
      Environment: {
        Variables: Match.objectLike({
          MAIL_TRANSPORT: 'ses',
          MAIL_FROM: 'PharmaBridge Website <no-reply@pharmabridge.example>',
          NOTIFY_EMAIL: 'sales@pharmabridge.example,ops@leads.pharmabridge.example',
        }),
      },
    });
  });

  it('may send only from and to the configured identities', () => {
    const { template } = mailApp();
    for (const description of [
      /PharmaBridge web API function/,
      /PharmaBridge web public API function/,
    ]) {
      const role = logicalId(template, 'AWS::IAM::Role', description);
      const ses = Object.values(
        template.findResources('AWS::IAM::Policy', {
          Properties: { Roles: Match.arrayWith([{ Ref: role }]) },
        }),
      )
        .flatMap(statementsOf)
        .filter(({ actions }) => actions.some((action) => action.startsWith('ses:')));
      const arn = (identity: string) =>
        `arn:aws:ses:eu-west-1:<AWS::AccountId>:identity/${identity}`;
      expect(ses).toEqual([
        {
          effect: 'Allow',
          actions: ['ses:SendEmail'],
          // The sender and recipients, and their domains (CDK sorts the list).
          resources: [
            arn('leads.pharmabridge.example'),
            arn('no-reply@pharmabridge.example'),
            arn('ops@leads.pharmabridge.example'),
            arn('pharmabridge.example'),
            arn('sales@pharmabridge.example'),
          ],
          principal: undefined,
        },
      ]);
    }
  });
});

describe('alarms', () => {
  it('watches both API functions: errors, throttles and a p99 near the timeout each', () => {
    const { template } = defaultApp();
    const functionIds = Object.keys(template.findResources('AWS::Lambda::Function'));
    const idOf = (pattern: RegExp) =>
      z.tuple([z.string()]).parse(functionIds.filter((id) => pattern.test(id)))[0];
    const api = `<${idOf(/^ApiFunction[0-9A-F]{8}$/)}>`;
    const publicApi = `<${idOf(/^ApiPublicFunction[0-9A-F]{8}$/)}>`;
    // Alarms on a function's metrics (the lead webhook's delivery alarm counts log lines).
    const alarms = Object.values(template.findResources('AWS::CloudWatch::Alarm'))
      .filter((alarm) => JSON.stringify(alarm['Properties']).includes('"FunctionName"'))
      .map((alarm) =>
        z
          .object({
            MetricName: z.string(),
            Threshold: z.number(),
            Dimensions: z.tuple([
              z.object({ Name: z.literal('FunctionName'), Value: z.unknown() }),
            ]),
          })
          .parse(alarm['Properties']),
      );
    // (Scheduled publishing, the lead webhook's drainer and the audit archive have errors
    // alarms of their own: infra/schedules.test.ts, infra/lead-webhook.test.ts,
    // infra/audit-archive.test.ts.)
    const scheduler = `<${idOf(/^SchedulesFunction[0-9A-F]{8}$/)}>`;
    const drainer = `<${idOf(/^LeadWebhookFunction[0-9A-F]{8}$/)}>`;
    const archive = `<${idOf(/^AuditArchiveFunction[0-9A-F]{8}$/)}>`;
    for (const metric of ['Errors', 'Throttles', 'Duration']) {
      const watched = alarms
        .filter((alarm) => alarm.MetricName === metric)
        .map((alarm) => flat(alarm.Dimensions[0].Value))
        .filter((id) => id !== scheduler && id !== drainer && id !== archive);
      expect(watched.sort()).toEqual([api, publicApi].sort());
    }
    // "Near the timeout" is each function's own: the admin one waits 29 s, the public one 10 s.
    const timeoutMs = (id: string) =>
      z
        .object({ Timeout: z.number() })
        .parse(template.findResources('AWS::Lambda::Function')[id]!['Properties']).Timeout * 1000;
    const slow = new Map(
      alarms
        .filter((alarm) => alarm.MetricName === 'Duration')
        .map((alarm) => [flat(alarm.Dimensions[0].Value), alarm.Threshold]),
    );
    expect(slow.get(api)).toBe(timeoutMs(idOf(/^ApiFunction[0-9A-F]{8}$/)) * SLOW_SHARE);
    expect(slow.get(publicApi)).toBe(
      timeoutMs(idOf(/^ApiPublicFunction[0-9A-F]{8}$/)) * SLOW_SHARE,
    );
    expect(slow.get(api)).not.toBe(slow.get(publicApi));
  });

  it('alarms when the public function logs that auto-replies hit their site-wide limit', () => {
    const { template } = defaultApp();
    const logGroupOf = (fn: RegExp) => {
      const [id] = Object.entries(template.findResources('AWS::Lambda::Function')).filter(([key]) =>
        fn.test(key),
      );
      return z
        .object({ LoggingConfig: z.object({ LogGroup: z.object({ Ref: z.string() }) }) })
        .parse(id![1]['Properties']).LoggingConfig.LogGroup.Ref;
    };
    const filters = Object.values(template.findResources('AWS::Logs::MetricFilter')).filter(
      (filter) => JSON.stringify(filter).includes('AutoRepliesLimited'),
    );
    expect(filters.map((filter) => filter['Properties'])).toEqual([
      {
        LogGroupName: { Ref: logGroupOf(/^ApiPublicFunction[0-9A-F]{8}$/) },
        FilterPattern: `"${AUTO_REPLY_GLOBAL_LIMIT_MESSAGE}"`,
        MetricTransformations: [
          {
            MetricNamespace: 'PharmaBridge/Api',
            MetricName: 'AutoRepliesLimited',
            MetricValue: '1',
          },
        ],
      },
    ]);
    const topic = Object.keys(template.findResources('AWS::SNS::Topic')).find((id) =>
      id.startsWith('Alarms'),
    );
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'PharmaBridge/Api',
      MetricName: 'AutoRepliesLimited',
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      AlarmActions: [{ Ref: topic }],
    });
  });

  it('mails ALARM_EMAIL when it is set', () => {
    defaultApp().template.resourceCountIs('AWS::SNS::Subscription', 0);
    domainApp().template.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: 'ops@pharmabridge.example',
    });
  });
});

describe('outputs', () => {
  it('names the distribution, table and buckets', () => {
    const outputs = Object.keys(defaultApp().template.findOutputs('*'));
    expect(outputs).toEqual(
      expect.arrayContaining([
        'DistributionDomainName',
        'DistributionId',
        'TableName',
        'SiteBucketName',
        'UploadsBucketName',
        'ApiEndpoint',
        'RebuildProjectName',
      ]),
    );
  });
});

describe('site rebuild (CodeBuild)', () => {
  const projectOf = (template: Template) =>
    z
      .object({
        Properties: z.object({
          Environment: z.object({
            EnvironmentVariables: z.array(z.object({ Name: z.string(), Value: z.unknown() })),
          }),
          Source: z.object({ BuildSpec: z.string() }),
        }),
      })
      .parse(Object.values(template.findResources('AWS::CodeBuild::Project'))[0]).Properties;

  it('builds on the arm AL2023 image from the repository archive, with the site settings', () => {
    const { template } = defaultApp();
    template.resourceCountIs('AWS::CodeBuild::Project', 1);
    template.hasResourceProperties('AWS::CodeBuild::Project', {
      Environment: Match.objectLike({
        Type: 'ARM_CONTAINER',
        Image: 'aws/codebuild/amazonlinux-aarch64-standard:3.0',
        PrivilegedMode: false,
      }),
      Source: Match.objectLike({ Type: 'S3' }),
      Artifacts: { Type: 'NO_ARTIFACTS' },
      LogsConfig: {
        CloudWatchLogs: Match.objectLike({
          Status: 'ENABLED',
          GroupName: { Ref: Match.stringLikeRegexp('^RebuildLogs') },
        }),
      },
    });
    const variables = Object.fromEntries(
      projectOf(template).Environment.EnvironmentVariables.map((v) => [v.Name, flat(v.Value)]),
    );
    expect(variables).toEqual({
      AWS_REGION: 'eu-west-1',
      TABLE_NAME: `<${logicalId(template, 'AWS::DynamoDB::GlobalTable', /./)}>`,
      SITE_URL: `https://<${logicalId(template, 'AWS::CloudFront::Distribution', /./)}.DomainName>`,
      DIST_DIR: 'dist',
      SITE_BUCKET: `<${logicalId(template, 'AWS::S3::Bucket', /s3\/site\//)}>`,
      DISTRIBUTION_ID: `<${logicalId(template, 'AWS::CloudFront::Distribution', /./)}>`,
      REDIRECTS_KVS_ARN: `<${logicalId(template, 'AWS::CloudFront::KeyValueStore', /./)}.Arn>`,
      UPLOADS_BUCKET: `<${uploadsBucketId(template)}>`,
    });
    const domain = projectOf(domainApp().template).Environment.EnvironmentVariables;
    expect(domain.find((v) => v.Name === 'SITE_URL')?.Value).toBe(
      'https://www.pharmabridge.example',
    );
  });

  it('installs, builds, syncs with the right cache headers and invalidates, in that order', () => {
    const spec = z
      .object({
        version: z.literal('0.2'),
        phases: z.strictObject({
          install: z.object({ commands: z.array(z.string()) }),
          build: z.object({ commands: z.array(z.string()) }),
        }),
      })
      .parse(JSON.parse(projectOf(defaultApp().template).Source.BuildSpec));
    expect(spec.phases.install.commands).toEqual(['npm ci']);
    const build = spec.phases.build.commands;
    expect(build).toEqual(['npm run build', ...publishCommands, ...printCommands]);
    // The prints last, from the pages visitors now get; neither step can fail the build.
    expect(printCommands).toEqual([
      expect.stringMatching(/^npx playwright install chromium \|\| echo /),
      'node_modules/.bin/node scripts/print-publications.ts',
    ]);
    const at = (pattern: RegExp) => build.findIndex((command) => pattern.test(command));
    const assets = at(/include '_astro\/\*'.*immutable/);
    const pages = at(/--delete --exclude '_astro\/\*'.*max-age=0, must-revalidate/);
    const invalidate = at(/create-invalidation .*--paths '\/\*'/);
    const cleanup = at(/sync dist\/_astro .*--delete/);
    expect([assets, pages, invalidate, cleanup].every((index) => index > 0)).toBe(true);
    expect(assets).toBeLessThan(pages);
    // Event blocks' .ics files as text/calendar in UTF-8, before the pages linking them; the
    // pages' own sync neither rewrites nor deletes them.
    const calendars = at(/--include '\*\.ics'.*--content-type 'text\/calendar; charset=utf-8'/);
    expect(calendars).toBeGreaterThan(assets);
    expect(calendars).toBeLessThan(pages);
    expect(build[calendars]).toContain('--delete');
    expect(build[pages]).toContain("--exclude '*.ics'");
    expect(pages).toBeLessThan(invalidate);
    expect(invalidate).toBeLessThan(cleanup);
    for (const command of build.filter((c) => c.startsWith('aws s3 sync'))) {
      expect(command).toContain("--exclude '*.br' --exclude '*.gz'");
    }
  });

  it('reads the table, writes the site bucket and the prints, invalidates this distribution, nothing more', () => {
    const { template } = defaultApp();
    const role = logicalId(template, 'AWS::IAM::Role', /codebuild\.amazonaws\.com/);
    const statements = Object.values(
      template.findResources('AWS::IAM::Policy', {
        Properties: { Roles: Match.arrayWith([{ Ref: role }]) },
      }),
    ).flatMap(statementsOf);
    const table = `<${logicalId(template, 'AWS::DynamoDB::GlobalTable', /./)}.Arn>`;
    const site = `<${logicalId(template, 'AWS::S3::Bucket', /s3\/site\//)}.Arn>`;
    const distributionId = logicalId(template, 'AWS::CloudFront::Distribution', /./);
    const grantsOn = (prefix: string) =>
      statements
        .filter(({ actions }) => actions.some((action) => action.startsWith(prefix)))
        .map(({ actions, resources }) => ({ actions: [...actions].sort(), resources }));

    expect(grantsOn('dynamodb:')).toEqual([
      {
        actions: ['dynamodb:DescribeTable', 'dynamodb:GetItem', 'dynamodb:Query'],
        resources: [table, `${table}/index/*`],
      },
    ]);
    expect(grantsOn('cloudfront:')).toEqual([
      {
        actions: ['cloudfront:CreateInvalidation', 'cloudfront:GetInvalidation'],
        resources: [`arn:aws:cloudfront::<AWS::AccountId>:distribution/<${distributionId}>`],
      },
    ]);
    const s3Grants = grantsOn('s3:');
    // The site bucket, written whole; the uploads bucket's private prefix, for the prints of
    // publications, read and written only (CDK merges the two ListBucket grants).
    const uploads = `<${uploadsBucketId(template)}.Arn>`;
    const ownGrants = s3Grants.filter(({ resources }) =>
      resources.some((resource) => resource.startsWith(site) || resource.startsWith(uploads)),
    );
    expect(ownGrants).toHaveLength(3);
    expect(ownGrants).toEqual(
      expect.arrayContaining([
        { actions: ['s3:ListBucket'], resources: [site, uploads] },
        { actions: ['s3:DeleteObject', 's3:PutObject'], resources: [`${site}/*`] },
        { actions: ['s3:GetObject', 's3:PutObject'], resources: [`${uploads}/assets/*`] },
      ]),
    );
    // Everything else on S3 is the read of its own source archive in the CDK assets bucket.
    for (const { actions, resources } of s3Grants.filter((g) => !ownGrants.includes(g))) {
      expect(
        actions.every((action) => /^s3:(Get|List)/.test(action)),
        String(actions),
      ).toBe(true);
      expect(
        resources.every((r) => r.includes('cdk-hnb659fds-assets-')),
        String(resources),
      ).toBe(true);
    }
  });

  it('archives the repository without installs, builds, local data or .env files', () => {
    const built = defaultApp();
    const staging = built.stack.rebuild.node.findChild('Source').node.findChild('Stage');
    if (!(staging instanceof AssetStaging)) throw new Error('no staged source');
    const root = staging.absoluteStagedPath;
    const files = readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => relative(root, join(entry.parentPath, entry.name)));
    expect(files).toEqual(
      expect.arrayContaining([
        'package.json',
        'package-lock.json',
        '.npmrc',
        '.env.example',
        'functions/app.ts',
        'scripts/build-site.ts',
      ]),
    );
    const top = new Set(files.map((file) => file.split('/')[0]));
    for (const excluded of [
      'node_modules',
      'dist',
      'cdk.out',
      '.data',
      '.git',
      'test-results',
      '.env',
    ]) {
      expect(top.has(excluded), excluded).toBe(false);
    }
    expect(files.some((file) => file.includes('node_modules/'))).toBe(false);
  });
});

describe('cdk-nag AwsSolutions', () => {
  const findings = (built: Built) =>
    new AwsSolutionsChecks(undefined, { verbose: true })
      .validateScope(built.app)
      .violations.map((violation) => ({
        rule: violation.ruleName,
        resources: violation.violatingResources.map((resource) => resource.constructPath),
      }));

  it('finds nothing unacknowledged, and synthesis raises no errors or warnings', () => {
    const built = defaultApp();
    expect(findings(built)).toEqual([]);
    // Runs the registered validation plugins (cdk-nag among them) like `cdk synth` does.
    expect(() => built.app.synth()).not.toThrow();
    const annotations = Annotations.fromStack(built.stack);
    expect(annotations.findError('*', Match.anyValue())).toEqual([]);
    expect(annotations.findWarning('*', Match.stringLikeRegexp('AwsSolutions-.*'))).toEqual([]);
    expect(annotations.findWarning('*', Match.anyValue())).toEqual([]);
  });

  it('finds nothing with a custom domain either (CFR4 is met, not acknowledged)', () => {
    expect(findings(domainApp())).toEqual([]);
  });

  it('is wired into the app: a non-compliant resource fails synthesis', () => {
    const app = new App({ context: { ...cdkJson.context, 'aws:cdk:bundling-stacks': [] } });
    const stack = addWebApp(app, parseConfig({}));
    new s3.Bucket(stack, 'Careless'); // no access logs, no TLS-only policy
    let message = '';
    try {
      app.synth();
    } catch (error) {
      message = String(error);
    }
    expect(message).toContain('PharmaBridgeWeb/Careless/Resource');
    expect(message).toContain("'AwsSolutions::AwsSolutions-S1'");
    expect(message).toContain("'AwsSolutions::AwsSolutions-S10'");
  });
});
