// The Hono API as one Lambda function, reachable only through CloudFront (IAM-auth function
// URL signed by origin access control).
import { fileURLToPath } from 'node:url';
import { CfnElement, Duration, Stack, Validations } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as nodejs from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct, type IConstruct } from 'constructs';
import { PENDING_PREFIX, PUBLIC_PREFIX, type Uploads } from './uploads.ts';

/** functions/lambda.ts, resolved from this file so synth works from any working directory. */
export const API_ENTRY = fileURLToPath(new URL('../../functions/lambda.ts', import.meta.url));

export interface ApiProps {
  readonly table: dynamodb.ITableV2;
  readonly uploads: Uploads;
  /** Public site origin, or '' when not configured. */
  readonly siteUrl: string;
  /** Handler module; defaults to API_ENTRY. */
  readonly entry?: string;
}

export class Api extends Construct {
  readonly function: nodejs.NodejsFunction;
  readonly functionUrl: lambda.FunctionUrl;

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);

    const logGroup = new logs.LogGroup(this, 'Logs', {
      retention: logs.RetentionDays.ONE_MONTH,
    });

    // An own role instead of AWSLambdaBasicExecutionRole: that managed policy may write to
    // every log group in the account, this one only to the function's own.
    const role = new iam.Role(this, 'Role', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: 'PharmaBridge web API function',
    });
    logGroup.grantWrite(role);

    this.function = new nodejs.NodejsFunction(this, 'Function', {
      entry: props.entry ?? API_ENTRY,
      handler: 'handler',
      runtime: lambda.Runtime.NODEJS_24_X,
      architecture: lambda.Architecture.ARM_64,
      memorySize: 1024,
      timeout: Duration.seconds(10),
      role,
      logGroup,
      loggingFormat: lambda.LoggingFormat.JSON,
      tracing: lambda.Tracing.ACTIVE,
      environment: {
        TABLE_NAME: props.table.tableName,
        UPLOADS_BUCKET: props.uploads.bucket.bucketName,
        SITE_URL: props.siteUrl,
        NODE_OPTIONS: '--enable-source-maps',
      },
      bundling: {
        forceDockerBundling: false,
        format: nodejs.OutputFormat.ESM,
        target: 'node24',
        mainFields: ['module', 'main'],
        // Some CommonJS dependencies call require() at run time; give them one inside ESM.
        banner:
          "import { createRequire } from 'module'; const require = createRequire(import.meta.url);",
        minify: true,
        sourceMap: true,
        sourcesContent: false,
        // Bundle the AWS SDK too (the default leaves @aws-sdk/* to the runtime's copy), so
        // production runs the exact versions locked in package-lock.json and tested locally.
        externalModules: [],
      },
    });

    props.table.grantReadWriteData(this.function);
    props.uploads.grantObjectAccess(this.function);

    // AWS_IAM: only requests signed by CloudFront's origin access control get through, so the
    // function cannot be called around the CDN (and its headers policy).
    this.functionUrl = this.function.addFunctionUrl({
      authType: lambda.FunctionUrlAuthType.AWS_IAM,
    });

    // cdk-nag reports each wildcard resource as its own finding; acknowledge exactly those.
    // ("Resource::*" covers any statement of this role: web-stack.test.ts asserts that no S3
    // or DynamoDB action is granted on "*", so only X-Ray can rely on it.)
    const arnOf = (resource: IConstruct) => {
      const cfn = resource.node.defaultChild;
      if (!CfnElement.isCfnElement(cfn)) {
        throw new Error(`${resource.node.path} has no CloudFormation resource`);
      }
      return `<${Stack.of(cfn).getLogicalId(cfn)}.Arn>`;
    };
    const tableArn = arnOf(props.table);
    const uploadsArn = arnOf(props.uploads.bucket);
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
          "The API queries the table's GSIs (gsi1, gsi2); grantReadWriteData limits that to " +
          "this table's own indexes.",
      },
      ...[PENDING_PREFIX, PUBLIC_PREFIX].map((prefix) => ({
        id: `AwsSolutions-IAM5[Resource::${uploadsArn}/${prefix}*]`,
        reason:
          'Upload keys are random ids created at run time; access is limited to the pending/ ' +
          'and uploads/ prefixes of the uploads bucket.',
      })),
    );
  }
}
