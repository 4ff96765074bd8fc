// The Hono API as one Lambda function, reachable only through CloudFront (IAM-auth function
// URL signed by origin access control).
import { fileURLToPath } from 'node:url';
import { Duration } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as nodejs from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import { NagSuppressions } from 'cdk-nag';
import { Construct } from 'constructs';
import type { Uploads } from './uploads.ts';

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
        banner: "import { createRequire } from 'module'; const require = createRequire(import.meta.url);",
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

    NagSuppressions.addResourceSuppressions(
      role,
      [
        {
          id: 'AwsSolutions-IAM5',
          reason:
            'X-Ray PutTraceSegments/PutTelemetryRecords support no resource-level permissions, ' +
            'so active tracing requires Resource "*".',
          appliesTo: ['Resource::*'],
        },
        {
          id: 'AwsSolutions-IAM5',
          reason:
            'The API queries the table\'s GSIs (gsi1, gsi2); grantReadWriteData scopes that to ' +
            'this table\'s indexes ("<table>/index/*"), not to other tables.',
          appliesTo: [{ regex: '/^Resource::<DataTable[A-Za-z0-9]+\\.Arn>\\/index\\/\\*$/' }],
        },
        {
          id: 'AwsSolutions-IAM5',
          reason:
            'Upload object keys are random ids created at run time; access is limited to the ' +
            'pending/ and uploads/ prefixes of the uploads bucket.',
          appliesTo: [
            {
              regex: '/^Resource::<UploadsBucket[A-Za-z0-9]+\\.Arn>\\/(pending|uploads)\\/\\*$/',
            },
          ],
        },
      ],
      true,
    );
  }
}
