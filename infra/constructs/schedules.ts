// Scheduled publishes and unpublishes in AWS (issue 23), and the sweep of ended experiments'
// visitor keys: functions/publishing/lambda.ts run every minute by an EventBridge rule, with an alarm when runs fail. A schedule fires
// exactly once even if two runs overlap (functions/publishing/scheduler.ts).
import { fileURLToPath } from 'node:url';
import { Duration, Validations } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import type * as codebuild from 'aws-cdk-lib/aws-codebuild';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as nodejs from 'aws-cdk-lib/aws-lambda-nodejs';
import type * as sns from 'aws-cdk-lib/aws-sns';
import { Construct } from 'constructs';
import { logicalIdOf } from './api.ts';
import { nodeFunction } from './node-function.ts';

export const SCHEDULES_ENTRY = fileURLToPath(
  new URL('../../functions/publishing/lambda.ts', import.meta.url),
);

export interface SchedulesProps {
  readonly table: dynamodb.ITableV2;
  readonly rebuildProject: codebuild.IProject;
  readonly siteUrl: string;
  readonly alarmTopic: sns.ITopic;
}

export class Schedules extends Construct {
  readonly function: nodejs.NodejsFunction;
  readonly rule: events.Rule;
  readonly alarm: cloudwatch.Alarm;

  constructor(scope: Construct, id: string, props: SchedulesProps) {
    super(scope, id);
    const { fn, role } = nodeFunction(this, 'Function', '', {
      entry: SCHEDULES_ENTRY,
      description:
        'Publishes and unpublishes landing pages at their scheduled times; sends the weekly ' +
        "report; deletes ended experiments' visitor keys",
      roleDescription: 'PharmaBridge scheduled publishing',
      memorySize: 256,
      timeout: Duration.seconds(60),
      environment: {
        TABLE_NAME: props.table.tableName,
        SITE_URL: props.siteUrl,
        REBUILD_PROJECT: props.rebuildProject.projectName,
      },
    });
    this.function = fn;
    // It writes pages, their versions, audit entries and redirects, and deletes schedules.
    props.table.grantReadWriteData(fn);
    Validations.of(role).acknowledge({
      id: `AwsSolutions-IAM5[Resource::<${logicalIdOf(props.table)}.Arn>/index/*]`,
      reason:
        "Due schedules are read from the table's gsi1; the grant limits that to this table's " +
        'own indexes.',
    });
    fn.addToRolePolicy(
      new iam.PolicyStatement({
        actions: [
          'codebuild:StartBuild',
          'codebuild:BatchGetBuilds',
          'codebuild:ListBuildsForProject',
        ],
        resources: [props.rebuildProject.projectArn],
      }),
    );
    this.rule = new events.Rule(this, 'EveryMinute', {
      description: 'Runs due scheduled publishes and unpublishes',
      schedule: events.Schedule.rate(Duration.minutes(1)),
      // A missed run is made up by the next one a minute later.
      targets: [new targets.LambdaFunction(fn, { retryAttempts: 0 })],
    });
    this.alarm = new cloudwatch.Alarm(this, 'Errors', {
      alarmDescription:
        'Scheduled publishing failed in two runs within 5 minutes: a page may not have gone ' +
        'live (or down) at its time. See the function log; the next run tries again.',
      metric: fn.metricErrors({ period: Duration.minutes(5), statistic: 'Sum' }),
      threshold: 2,
      evaluationPeriods: 1,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });
    const action = new actions.SnsAction(props.alarmTopic);
    this.alarm.addAlarmAction(action);
    this.alarm.addOkAction(action);
  }
}
