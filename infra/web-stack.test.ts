import { readFileSync } from 'node:fs';
import { App, type Stack } from 'aws-cdk-lib';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { AwsSolutionsChecks } from 'cdk-nag';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseConfig, type RawConfig } from './config.ts';
import { addWebApp } from './web-app.ts';

// The feature flags of cdk.json, so tests synthesize what `cdk synth` does.
const cdkJson = z
  .object({ context: z.record(z.string(), z.unknown()) })
  .parse(JSON.parse(readFileSync(new URL('../cdk.json', import.meta.url), 'utf8')));

interface Built {
  readonly app: App;
  readonly stack: Stack;
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
      principal: statement.Principal,
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
  it('runs Node 24 on arm64 with the table, bucket and site settings', () => {
    const { template } = defaultApp();
    template.resourceCountIs('AWS::Lambda::Function', 1);
    template.hasResourceProperties('AWS::Lambda::Function', {
      Runtime: 'nodejs24.x',
      Architectures: ['arm64'],
      Handler: 'index.handler',
      MemorySize: 1024,
      Timeout: 10,
      TracingConfig: { Mode: 'Active' },
      Environment: {
        Variables: {
          TABLE_NAME: { Ref: logicalId(template, 'AWS::DynamoDB::GlobalTable', /./) },
          UPLOADS_BUCKET: { Ref: Match.stringLikeRegexp('^UploadsBucket') },
          SITE_URL: '',
          NODE_OPTIONS: '--enable-source-maps',
        },
      },
      LoggingConfig: { LogGroup: { Ref: Match.stringLikeRegexp('^ApiLogs') } },
    });
    template.hasResourceProperties('AWS::Logs::LogGroup', { RetentionInDays: 30 });
  });

  it('passes the configured site URL to the function', () => {
    domainApp().template.hasResourceProperties('AWS::Lambda::Function', {
      Environment: { Variables: { SITE_URL: 'https://www.pharmabridge.example' } },
    });
  });

  it('is reachable only through an IAM-authenticated function URL invoked by CloudFront', () => {
    const { template } = defaultApp();
    template.resourceCountIs('AWS::Lambda::Url', 1);
    template.hasResourceProperties('AWS::Lambda::Url', { AuthType: 'AWS_IAM' });
    const permissions = Object.values(template.findResources('AWS::Lambda::Permission'));
    expect(permissions.length).toBeGreaterThan(0);
    for (const permission of permissions) {
      expect(permission).toMatchObject({
        Properties: {
          Principal: 'cloudfront.amazonaws.com',
          SourceArn: expect.anything(),
        },
      });
    }
  });

  it('is granted only named actions on the table and the two upload prefixes', () => {
    const { template } = defaultApp();
    const role = logicalId(template, 'AWS::IAM::Role', /lambda\.amazonaws\.com/);
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
            AllowedMethods: ['PUT'],
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
        z.object({ Id: z.string(), DomainName: z.unknown(), OriginAccessControlId: z.unknown() }),
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
    // The function URL's host: Fn::Select 2 of Fn::Split '/' of the URL.
    expect(originOf(byPath('/api/*')['TargetOriginId'])).toMatch(
      /"Fn::GetAtt":\["ApiFunctionFunctionUrl\w+","FunctionUrl"\]/,
    );

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
    expect(config).toMatchObject({
      HttpVersion: 'http2and3',
      Logging: { Prefix: 'cloudfront/' },
      CustomErrorResponses: [403, 404].map((ErrorCode) => ({
        ErrorCode,
        ResponseCode: 404,
        ResponsePagePath: '/404.html',
      })),
    });

    // Every origin is signed by an origin access control: two S3 ones and one for Lambda.
    expect(origins.every((origin) => origin.OriginAccessControlId !== undefined)).toBe(true);
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
    expect(oacTypes).toEqual(['lambda:always', 's3:always', 's3:always']);
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
    expect(flat(headers['ContentSecurityPolicy']?.['ContentSecurityPolicy'])).toBe(
      [
        "default-src 'self'",
        "img-src 'self' data: blob:",
        "style-src 'self' 'unsafe-inline'",
        "script-src 'self' 'unsafe-inline'",
        `connect-src 'self' https://<${uploads}.RegionalDomainName> https://<${uploads}>.s3.<AWS::Region>.<AWS::URLSuffix>`,
        "frame-ancestors 'none'",
        "base-uri 'self'",
        "form-action 'self'",
      ].join('; '),
    );
  });

  it('sandboxes uploaded files', () => {
    defaultApp().template.hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
      ResponseHeadersPolicyConfig: Match.objectLike({
        SecurityHeadersConfig: Match.objectLike({
          ContentSecurityPolicy: {
            ContentSecurityPolicy: Match.stringLikeRegexp("^default-src 'none';.*; sandbox$"),
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

describe('alarms', () => {
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
      ]),
    );
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
