// Alarms on the API function, sent to an SNS topic (and to ALARM_EMAIL when configured).
import { Duration, Validations } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';

export interface AlarmsProps {
  readonly api: lambda.IFunction;
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

    const period = Duration.minutes(5);
    const alarms = [
      new cloudwatch.Alarm(this, 'ApiErrors', {
        alarmDescription: 'The API function threw or timed out (not 4xx/5xx answers).',
        metric: props.api.metricErrors({ period, statistic: 'Sum' }),
        threshold: 5,
        evaluationPeriods: 1,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      }),
      new cloudwatch.Alarm(this, 'ApiThrottles', {
        alarmDescription: 'The API function hit the account concurrency limit.',
        metric: props.api.metricThrottles({ period, statistic: 'Sum' }),
        threshold: 1,
        evaluationPeriods: 1,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      }),
      new cloudwatch.Alarm(this, 'ApiSlow', {
        alarmDescription: 'p99 API duration is close to the 10 s timeout.',
        metric: props.api.metricDuration({ period, statistic: 'p99' }),
        threshold: 8000,
        evaluationPeriods: 3,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      }),
    ];
    const action = new actions.SnsAction(this.topic);
    for (const alarm of alarms) {
      alarm.addAlarmAction(action);
      alarm.addOkAction(action);
    }
  }
}
