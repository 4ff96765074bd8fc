// Alarms on the API functions (admin and public, each its own), sent to an SNS topic (and to
// ALARM_EMAIL when configured), and on the form auto-replies' site-wide limit (issue 33).
import { Duration, Validations } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';
import { AUTO_REPLY_GLOBAL_LIMIT_MESSAGE } from '../../functions/mail/auto-reply.ts';

/** The namespace of metrics counted from the API functions' log lines. */
export const API_METRIC_NAMESPACE = 'PharmaBridge/Api';

export interface AlarmsProps {
  /** The admin function (every route). */
  readonly api: lambda.Function;
  /** The public function (the routes visitors hit). */
  readonly publicApi?: lambda.Function | undefined;
  readonly email?: string | undefined;
}

export class Alarms extends Construct {
  readonly topic: sns.Topic;

  constructor(scope: Construct, id: string, props: AlarmsProps) {
    super(scope, id);

    this.topic = new sns.Topic(this, 'Topic', { enforceSSL: true });
    if (props.email !== undefined) {
      this.topic.addSubscription(new subscriptions.EmailSubscription(props.email));
    }
    // CloudWatch cannot publish to a topic under the AWS-managed SNS key (its key policy
    // cannot be changed), so SSE would need a customer-managed key just for alarm names.
    Validations.of(this.topic).acknowledge({
      id: 'AwsSolutions-SNS2',
      reason:
        'Alarm notifications carry only alarm names and states. CloudWatch cannot publish to a ' +
        'topic encrypted with the AWS-managed SNS key, and a customer-managed key is not worth ' +
        'its cost for this data.',
    });

    const alarms = [
      ...functionAlarms(this, 'Api', 'The admin API function', props.api),
      // The visitors' function: a silent failure here loses leads and page loads.
      ...(props.publicApi
        ? functionAlarms(this, 'PublicApi', 'The public API function', props.publicApi)
        : []),
    ];
    // POST /api/contact runs on the public function (the admin one without it): the error
    // line functions/mail/auto-reply.ts logs when the site-wide auto-reply limit refuses one.
    const contactFn = props.publicApi ?? props.api;
    const limited = new logs.MetricFilter(this, 'AutoReplyLimitFilter', {
      logGroup: contactFn.logGroup,
      filterPattern: logs.FilterPattern.literal(`"${AUTO_REPLY_GLOBAL_LIMIT_MESSAGE}"`),
      metricNamespace: API_METRIC_NAMESPACE,
      metricName: 'AutoRepliesLimited',
      metricValue: '1',
    });
    alarms.push(
      new cloudwatch.Alarm(this, 'AutoReplyLimit', {
        alarmDescription:
          'Form auto-replies reached AUTO_REPLY_GLOBAL_LIMIT for the hour: someone may be using ' +
          'a form to send mail to others. Leads are still stored; see the public API log for ' +
          `"${AUTO_REPLY_GLOBAL_LIMIT_MESSAGE}" and the leads received.`,
        metric: limited.metric({ period: Duration.minutes(5), statistic: 'Sum' }),
        threshold: 1,
        evaluationPeriods: 1,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      }),
    );
    const action = new actions.SnsAction(this.topic);
    for (const alarm of alarms) {
      alarm.addAlarmAction(action);
      alarm.addOkAction(action);
    }
  }
}

/** Share of a function's timeout that its p99 duration may reach before the alarm. */
export const SLOW_SHARE = 0.8;

/** Errors, throttles and a p99 close to the timeout, for one function. */
function functionAlarms(
  scope: Construct,
  prefix: string,
  name: string,
  fn: lambda.Function,
): cloudwatch.Alarm[] {
  const period = Duration.minutes(5);
  // Each function has its own timeout (the admin one 29 s, the public one 10 s).
  const timeout = fn.timeout ?? Duration.seconds(3);
  return [
    new cloudwatch.Alarm(scope, `${prefix}Errors`, {
      alarmDescription: `${name} threw or timed out (not 4xx/5xx answers).`,
      metric: fn.metricErrors({ period, statistic: 'Sum' }),
      threshold: 5,
      evaluationPeriods: 1,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    }),
    new cloudwatch.Alarm(scope, `${prefix}Throttles`, {
      alarmDescription: `${name} hit the account concurrency limit.`,
      metric: fn.metricThrottles({ period, statistic: 'Sum' }),
      threshold: 1,
      evaluationPeriods: 1,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    }),
    new cloudwatch.Alarm(scope, `${prefix}Slow`, {
      alarmDescription: `${name}'s p99 duration is close to its ${timeout.toSeconds()} s timeout.`,
      metric: fn.metricDuration({ period, statistic: 'p99' }),
      threshold: timeout.toMilliseconds() * SLOW_SHARE,
      evaluationPeriods: 3,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    }),
  ];
}
