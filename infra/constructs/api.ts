// The Hono API as two Lambda functions behind one API Gateway HTTP API (payload v2), which
// CloudFront serves under /api/*: a small public function for the routes visitors hit and
// an admin function for everything else, each with only the grants its routes use; plus a
// one-off setup function that a trigger runs at deploy time (default page, first admin). The execute-api endpoint stays publicly reachable, so
// CloudFront adds a secret X-Origin-Verify header and the app refuses requests without it.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CfnElement, Duration, Stack, Validations } from 'aws-cdk-lib';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as nodejs from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import * as triggers from 'aws-cdk-lib/triggers';
import { Construct, type IConstruct } from 'constructs';
import * as z from 'zod';
import { PUBLIC_ROUTES as PUBLIC_APP_ROUTES } from '../../functions/routes/public-routes.ts';
import { apiGatewayPath, routeTable } from '../../functions/routes/route-table.ts';
import { nodeFunction } from './node-function.ts';
import { PENDING_PREFIX, PRIVATE_PREFIX, PUBLIC_PREFIX, type Uploads } from './uploads.ts';

/** The handler modules, resolved from this file so synth works from any working directory. */
export const API_ENTRY = fileURLToPath(new URL('../../functions/lambda-admin.ts', import.meta.url));
export const PUBLIC_API_ENTRY = fileURLToPath(
  new URL('../../functions/lambda-public.ts', import.meta.url),
);
export const SETUP_ENTRY = fileURLToPath(
  new URL('../../functions/lambda-setup.ts', import.meta.url),
);

/**
 * The routes the public function answers, read from the routers it mounts
 * (functions/routes/public-routes.ts), as API Gateway routes: the HTTP API picks the
 * function by method and path, which CloudFront's path patterns cannot (GET
 * /api/landing-pages/{slug} is public, PUT /api/landing-pages/{id} is not). Every other
 * request goes to the admin function, which serves these too.
 */
export const PUBLIC_ROUTES = routeTable(PUBLIC_APP_ROUTES).map((route) => ({
  method: z.enum(apigwv2.HttpMethod).parse(route.method),
  path: apiGatewayPath(route.path),
}));

/** What the public routes read: items and queries (never scans), and the health check's
 * DescribeTable. */
export const PUBLIC_TABLE_READS = [
  'dynamodb:GetItem',
  'dynamodb:BatchGetItem',
  'dynamodb:Query',
  'dynamodb:DescribeTable',
] as const;

/**
 * What the public routes write: leads, their outbox entries, events and counters, rate
 * limits, session touches. Puts, updates and the condition checks of transactions; no
 * deletes, no batch writes.
 */
export const PUBLIC_TABLE_WRITES = [
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:ConditionCheckItem',
] as const;

/** The sharp version of package.json, so the function runs exactly what the tests ran. */
export const SHARP_VERSION = ((): string => {
  const manifest = z
    .object({
      dependencies: z.record(z.string(), z.string()).optional(),
      devDependencies: z.record(z.string(), z.string()).optional(),
    })
    .parse(JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')));
  const version = manifest.dependencies?.['sharp'] ?? manifest.devDependencies?.['sharp'];
  return z
    .string()
    .regex(/^\d+\.\d+\.\d+$/, 'sharp must be pinned')
    .parse(version);
})();

/**
 * sharp is a native module, so esbuild leaves it out of the bundle and this installs it
 * beside the bundle as the build for the function's platform (linux-arm64, glibc), whatever
 * machine synthesizes: its own package.json and --prefix keep npm from walking up into the
 * repository. The registry is read once; npm's cache serves later syntheses.
 */
export const sharpInstallCommands = (outputDir: string): string[] => {
  const dir = JSON.stringify(outputDir);
  return [
    `echo '{"private":true}' > ${dir}/package.json`,
    `npm install --prefix ${dir} --no-save --no-package-lock --no-audit --no-fund --prefer-offline --loglevel=error --os=linux --cpu=arm64 --libc=glibc sharp@${SHARP_VERSION}`,
    `rm -f ${dir}/package.json`,
  ];
};

/** Header CloudFront adds to every API origin request (see functions/lib/origin-verify.ts). */
export const ORIGIN_VERIFY_HEADER = 'X-Origin-Verify';

/**
 * Stage throttling. A marketing site's API sees a few requests a second at peak (page-view
 * beacons, form posts, the admin editor); 200 rps steady with bursts of 400 leaves ~50x
 * headroom for a launch spike, while a flood is cut off before it turns into Lambda and
 * DynamoDB on-demand spend. The per-client limits in DynamoDB still apply below this.
 */
export const API_THROTTLE = { rateLimit: 200, burstLimit: 400 } as const;

/** Logical id of a construct's CloudFormation resource, as cdk-nag names it in finding ids. */
export const logicalIdOf = (resource: IConstruct): string => {
  const cfn = resource.node.defaultChild;
  if (!CfnElement.isCfnElement(cfn)) {
    throw new Error(`${resource.node.path} has no CloudFormation resource`);
  }
  return Stack.of(cfn).getLogicalId(cfn);
};

export interface ApiProps {
  readonly table: dynamodb.ITableV2;
  readonly uploads: Uploads;
  /** Public site origin, or '' when not configured. */
  readonly siteUrl: string;
  /** Admin handler module; defaults to API_ENTRY. */
  readonly entry?: string;
  /** Public handler module; defaults to PUBLIC_API_ENTRY. */
  readonly publicEntry?: string;
  /** Setup handler module; defaults to SETUP_ENTRY. */
  readonly setupEntry?: string;
}

export class Api extends Construct {
  /** The admin function: every route. */
  readonly function: nodejs.NodejsFunction;
  /** The public function: the routes of PUBLIC_ROUTES. */
  readonly publicFunction: nodejs.NodejsFunction;
  /** Seeds the default page and the first administrator, run by a trigger at deploy. */
  readonly setupFunction: nodejs.NodejsFunction;
  readonly httpApi: apigwv2.HttpApi;
  /** Host name of the execute-api endpoint, for CloudFront's origin. */
  readonly domainName: string;
  /**
   * The X-Origin-Verify value, as a CloudFormation dynamic reference to the secret
   * ({{resolve:secretsmanager:...}}), resolved by CloudFormation at deploy time.
   */
  readonly originVerifyValue: string;

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);

    const originVerify = new secretsmanager.Secret(this, 'OriginVerify', {
      description: `Value of the ${ORIGIN_VERIFY_HEADER} header CloudFront sends to the API`,
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
    });
    // unsafeUnwrap() yields a dynamic reference, not the value: the template and cdk.out
    // never hold the secret. CloudFormation writes it into the functions' environment and
    // CloudFront's origin config, both readable by whoever may read those configurations.
    // That is acceptable here: the value proves only "came through CloudFront", it grants
    // nothing, and anyone able to read it could already invoke the function directly.
    this.originVerifyValue = originVerify.secretValue.unsafeUnwrap();
    // Rotating would need the functions and the distribution updated in step (a redeploy
    // resolves the reference anew); a Secrets Manager rotation alone would lock out the site.
    Validations.of(originVerify).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'The X-Origin-Verify value is resolved into the Lambda environment and the CloudFront ' +
        'origin at deploy time; an automatic rotation would not reach either and would break ' +
        'the site. Rotate by updating the secret and redeploying the stack.',
    });

    const tableArn = `<${logicalIdOf(props.table)}.Arn>`;
    const makeFunction = (
      id: string,
      options: {
        entry: string;
        description: string;
        roleDescription: string;
        timeout: Duration;
        environment: Record<string, string>;
        sharp: boolean;
        split?: boolean;
      },
    ) => {
      // The admin function keeps the ids the single API function had (no replaced resources).
      const prefix = id === 'Function' ? '' : id;
      const { fn, role } = nodeFunction(this, id, prefix, {
        entry: options.entry,
        description: options.description,
        roleDescription: options.roleDescription,
        // 1 GB: Lambda's CPU share grows with memory, and module loading at a cold start is
        // CPU-bound.
        memorySize: 1024,
        timeout: options.timeout,
        tracing: true,
        environment: options.environment,
        ...(options.sharp ? { afterBundling: sharpInstallCommands } : {}),
        ...(options.split ? { split: true } : {}),
      });
      // cdk-nag reports each wildcard resource as its own finding; acknowledge exactly those.
      // ("Resource::*" covers any statement of this role: web-stack.test.ts asserts that no
      // S3 or DynamoDB action is granted on "*", so only X-Ray can rely on it.)
      Validations.of(role).acknowledge(
        {
          id: 'AwsSolutions-IAM5[Resource::*]',
          reason:
            'X-Ray PutTraceSegments/PutTelemetryRecords support no resource-level permissions, ' +
            'so active tracing requires Resource "*".',
        },
        {
          id: `AwsSolutions-IAM5[Resource::${tableArn}/index/*]`,
          reason:
            "The API queries the table's GSIs (gsi1, gsi2); the grant limits that to this " +
            "table's own indexes.",
        },
      );
      return fn;
    };

    const common = {
      TABLE_NAME: props.table.tableName,
      SITE_URL: props.siteUrl,
      ORIGIN_VERIFY_SECRET: this.originVerifyValue,
    };
    this.function = makeFunction('Function', {
      entry: props.entry ?? API_ENTRY,
      description: 'PharmaBridge web API: admin routes (and every other)',
      roleDescription: 'PharmaBridge web API function',
      // Publishing an image (decode, re-encode, three variants) takes a few seconds at
      // most; 29 s is the most an HTTP API integration waits.
      timeout: Duration.seconds(29),
      environment: { ...common, UPLOADS_BUCKET: props.uploads.bucket.bucketName },
      sharp: true,
    });
    props.table.grantReadWriteData(this.function);
    props.uploads.grantObjectAccess(this.function);

    this.publicFunction = makeFunction('PublicFunction', {
      entry: props.publicEntry ?? PUBLIC_API_ENTRY,
      description: 'PharmaBridge web API: public routes (landing pages, forms, beacons)',
      roleDescription: 'PharmaBridge web public API function',
      timeout: Duration.seconds(10),
      environment: common,
      sharp: false,
      // The rarely used routes are chunks imported on first use (functions/public-app.ts).
      split: true,
    });
    props.table.grant(this.publicFunction, ...PUBLIC_TABLE_READS, ...PUBLIC_TABLE_WRITES);

    // First run in AWS, as `npm start` does locally, once per deployment that changes it:
    // no cold start of the API reads the table before answering its first request.
    this.setupFunction = makeFunction('SetupFunction', {
      entry: props.setupEntry ?? SETUP_ENTRY,
      description: 'PharmaBridge web: default page and first administrator (deploy time)',
      roleDescription: 'PharmaBridge web first-run setup function',
      timeout: Duration.seconds(60),
      environment: { TABLE_NAME: props.table.tableName, SITE_URL: props.siteUrl },
      sharp: false,
    });
    props.table.grantReadWriteData(this.setupFunction);
    const trigger = new triggers.Trigger(this, 'FirstRun', {
      handler: this.setupFunction,
      executeAfter: [props.table],
      executeOnHandlerChange: true,
    });
    acknowledgeTriggerProvider(this, trigger);

    // An HTTP API rather than the function URL: CloudFront's OAC signs function-URL requests
    // but Lambda then demands x-amz-content-sha256 on every POST/PUT body, which
    // navigator.sendBeacon and plain HTML forms cannot send.
    this.httpApi = new apigwv2.HttpApi(this, 'HttpApi', {
      description: 'PharmaBridge web API (served by CloudFront under /api/*)',
      // The catch-all route: the admin function routes everything else, and answers unknown
      // paths with the JSON 404.
      defaultIntegration: new HttpLambdaIntegration('Handler', this.function, {
        payloadFormatVersion: apigwv2.PayloadFormatVersion.VERSION_2_0,
      }),
      createDefaultStage: false,
    });
    const publicIntegration = new HttpLambdaIntegration('PublicHandler', this.publicFunction, {
      payloadFormatVersion: apigwv2.PayloadFormatVersion.VERSION_2_0,
    });
    for (const route of PUBLIC_ROUTES) {
      this.httpApi.addRoutes({
        path: route.path,
        methods: [route.method],
        integration: publicIntegration,
      });
    }
    const accessLogs = new logs.LogGroup(this, 'AccessLogs', {
      retention: logs.RetentionDays.ONE_MONTH,
    });
    new apigwv2.HttpStage(this, 'Stage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: API_THROTTLE,
      // CDK's default format: request id, source IP, method, route, status, latency.
      accessLogSettings: { destination: new apigwv2.LogGroupLogDestination(accessLogs) },
    });
    this.domainName = `${this.httpApi.apiId}.execute-api.${Stack.of(this).region}.${Stack.of(this).urlSuffix}`;

    // API Gateway authorizers cannot know who may call what: the API is the site's public
    // backend (forms, beacons, landing pages) and signs admins in itself; direct calls
    // around CloudFront are refused by the X-Origin-Verify check.
    Validations.of(this.httpApi).acknowledge({
      id: 'AwsSolutions-APIG4',
      reason:
        'Public website backend: forms, conversion beacons and landing pages must work ' +
        'without credentials; admin routes authenticate in the app, and requests that bypass ' +
        'CloudFront are refused by the X-Origin-Verify check.',
    });

    const uploadsArn = `<${logicalIdOf(props.uploads.bucket)}.Arn>`;
    Validations.of(this.function.role!).acknowledge(
      ...[PENDING_PREFIX, PUBLIC_PREFIX, PRIVATE_PREFIX].map((prefix) => ({
        id: `AwsSolutions-IAM5[Resource::${uploadsArn}/${prefix}*]`,
        reason:
          'Upload keys are random ids created at run time; access is limited to the pending/, ' +
          'uploads/ and assets/ (gated downloads) prefixes of the uploads bucket.',
      })),
    );
  }
}

/**
 * The trigger runs through CDK's own custom-resource provider (a singleton function in the
 * stack, run only during deployments); acknowledge what cdk-nag finds in it.
 */
function acknowledgeTriggerProvider(scope: Construct, trigger: triggers.Trigger): void {
  const stack = Stack.of(scope);
  const provider = stack.node.tryFindChild(
    'AWSCDK.TriggerCustomResourceProviderCustomResourceProvider',
  );
  for (const target of [provider, trigger]) {
    if (target === undefined) continue;
    Validations.of(target).acknowledge({
      id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
      reason:
        "CDK's trigger provider logs with the basic execution role; it runs only during " +
        'deployments, to invoke the setup function.',
    });
  }
}
