// The daily copy of the audit trail (issue 37, docs/decisions/0554-audit-export-and-archive.md):
// functions/audit/lambda.ts, run by an EventBridge rule at 00:30 UTC, writes yesterday's
// entries with their hashes and the chain's head into a bucket with S3 Object Lock in
// compliance mode: for `retentionDays` no one, the account's root user included, can
// overwrite or delete an object version, so a table rewritten later disagrees with these
// copies. The function may read the table (GetItem, Query) and put objects under the
// archive's prefix, nothing else; an alarm tells when a run fails or finds the chain broken.
import { fileURLToPath } from 'node:url';
import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as nodejs from 'aws-cdk-lib/aws-lambda-nodejs';
import * as s3 from 'aws-cdk-lib/aws-s3';
import type * as sns from 'aws-cdk-lib/aws-sns';
import { Construct } from 'constructs';
import { logicalIdOf } from './api.ts';
import { nodeFunction } from './node-function.ts';

export const AUDIT_ARCHIVE_ENTRY = fileURLToPath(
  new URL('../../functions/audit/lambda.ts', import.meta.url),
);

/** Where functions/audit/archive.ts writes (archivePrefix): the only prefix it may write. */
export const AUDIT_ARCHIVE_PREFIX = 'assets/audit-archive/';

export interface AuditArchiveProps {
  readonly table: dynamodb.ITableV2;
  readonly accessLogs: s3.IBucket;
  readonly alarmTopic: sns.ITopic;
  /** Days each copy is locked in compliance mode (AUDIT_ARCHIVE_RETENTION_DAYS). */
  readonly retentionDays: number;
}

export class AuditArchive extends Construct {
  readonly bucket: s3.Bucket;
  readonly function: nodejs.NodejsFunction;
  readonly rule: events.Rule;
  readonly alarm: cloudwatch.Alarm;

  constructor(scope: Construct, id: string, props: AuditArchiveProps) {
    super(scope, id);
    this.bucket = new s3.Bucket(this, 'Bucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: s3.BucketEncryption.S3_MANAGED,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: props.accessLogs,
      serverAccessLogsPrefix: 's3/audit-archive/',
      // Object Lock needs versioning (CDK turns it on with it): a second write of a day
      // adds a version; the locked one stays.
      versioned: true,
      objectLockEnabled: true,
      objectLockDefaultRetention: s3.ObjectLockRetention.compliance(
        Duration.days(props.retentionDays),
      ),
      // Locked objects outlive the stack anyway; the bucket is kept with them.
      removalPolicy: RemovalPolicy.RETAIN,
    });

    const { fn, role } = nodeFunction(this, 'Function', '', {
      entry: AUDIT_ARCHIVE_ENTRY,
      description: "Copies yesterday's audit entries and the chain head to the locked archive",
      roleDescription: 'PharmaBridge audit archive',
      memorySize: 256,
      timeout: Duration.minutes(5),
      environment: {
        TABLE_NAME: props.table.tableName,
        AUDIT_ARCHIVE_BUCKET: this.bucket.bucketName,
      },
    });
    this.function = fn;
    // Reads the head (GetItem) and a day's month partition (Query): no index, no write.
    fn.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ['dynamodb:GetItem', 'dynamodb:Query'],
        resources: [props.table.tableArn],
      }),
    );
    fn.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ['s3:PutObject'],
        resources: [this.bucket.arnForObjects(`${AUDIT_ARCHIVE_PREFIX}*`)],
      }),
    );
    Validations.of(role).acknowledge({
      id: `AwsSolutions-IAM5[Resource::<${logicalIdOf(this.bucket)}.Arn>/${AUDIT_ARCHIVE_PREFIX}*]`,
      reason:
        "Each day's copy has its own keys under the archive's prefix; the grant is PutObject " +
        'there only, and Object Lock keeps every version it writes.',
    });

    this.rule = new events.Rule(this, 'Daily', {
      description: "Copies yesterday's audit trail to the locked archive",
      schedule: events.Schedule.cron({ minute: '30', hour: '0' }),
      targets: [new targets.LambdaFunction(fn, { retryAttempts: 2 })],
    });
    this.alarm = new cloudwatch.Alarm(this, 'Errors', {
      alarmDescription:
        "The audit archive failed, or found the audit chain broken: see the function's log " +
        'and run `npm run audit:verify` against the table (docs/audit-trail.md).',
      metric: fn.metricErrors({ period: Duration.days(1), statistic: 'Sum' }),
      threshold: 1,
      evaluationPeriods: 1,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });
    const action = new actions.SnsAction(props.alarmTopic);
    this.alarm.addAlarmAction(action);
    this.alarm.addOkAction(action);
  }
}
