// Lead forwarding to the team's CRM in AWS (functions/webhooks/): the outbox drainer
// function run every minute by an EventBridge schedule, the KMS key that encrypts a
// signing secret an admin saves in the lead routing settings (docs/decisions/0181-webhook-secret-storage.md) and the administrators' two-factor secrets (docs/decisions/0340-two-
// factor-secrets-encrypted-at-rest.md), each use bound to its purpose, the default URL and generated secret when LEAD_WEBHOOK_URL is
// configured at deploy time, and alarms on deliveries that failed for good and on the
// drainer itself failing. The drainer always runs: an admin may switch the webhook on in
// the Account area at any time, with no deploy.
import { fileURLToPath } from 'node:url';
import { Duration, Validations } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type * as nodejs from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type * as sns from 'aws-cdk-lib/aws-sns';
import { Construct } from 'constructs';
import { GSI1 } from '../../functions/data/table.ts';
import { SECRET_PURPOSES } from '../../functions/webhooks/secret-box.ts';
import { nodeFunction } from './node-function.ts';

/** functions/webhooks/lambda.ts, resolved from this file so synth works from anywhere. */
export const DRAINER_ENTRY = fileURLToPath(
  new URL('../../functions/webhooks/lambda.ts', import.meta.url),
);

/** What functions/webhooks/lead-webhook.ts logs when a delivery has run out of retries. */
export const DELIVERY_FAILED_MESSAGE = 'lead webhook delivery failed';
export const METRIC_NAMESPACE = 'PharmaBridge/Leads';

/** The encryption context of the webhook secret's uses of the key (functions/webhooks/secret-box.ts). */
export const SECRET_PURPOSE = SECRET_PURPOSES.leadWebhook;
/** The encryption context of the two-factor secrets' uses of the same key. */
export const TOTP_PURPOSE = SECRET_PURPOSES.totp;

export interface LeadWebhookProps {
  readonly table: dynamodb.ITableV2;
  /** The admin function: saves the settings (encrypts), sends test deliveries and retries. */
  readonly api: lambda.Function;
  /** The public function: writes each lead's delivery; it never reads the secret. */
  readonly publicApi: lambda.Function;
  /**
   * The deploy-time setup function: encrypts two-factor secrets an earlier version stored in
   * clear (functions/lambda-setup.ts).
   */
  readonly setup?: lambda.Function;
  /** LEAD_WEBHOOK_URL, https: the default until an admin saves settings; optional. */
  readonly url?: string | undefined;
  readonly alarmTopic: sns.ITopic;
  /** Drainer handler module; defaults to DRAINER_ENTRY. */
  readonly entry?: string;
}

export class LeadWebhook extends Construct {
  /** The deploy-time default's signing secret, when LEAD_WEBHOOK_URL is configured. */
  readonly secret?: secretsmanager.Secret;
  /** Encrypts the signing secret an admin saves and two-factor secrets (never the table's own key). */
  readonly settingsKey: kms.Key;
  readonly function: nodejs.NodejsFunction;
  readonly schedule: events.Rule;

  constructor(scope: Construct, id: string, props: LeadWebhookProps) {
    super(scope, id);

    this.settingsKey = new kms.Key(this, 'SettingsKey', {
      description:
        'Encrypts the lead webhook signing secret saved in the admin (lead routing) and the administrators two-factor secrets',
      enableKeyRotation: true,
    });
    const settings: Record<string, string> = {
      LEAD_SETTINGS_KMS_KEY: this.settingsKey.keyArn,
    };
    if (props.url) {
      this.secret = this.defaultSecret();
      // A dynamic reference ({{resolve:secretsmanager:...}}): the template never holds the value.
      const defaults = {
        LEAD_WEBHOOK_URL: props.url,
        LEAD_WEBHOOK_SECRET: this.secret.secretValue.unsafeUnwrap(),
      };
      Object.assign(settings, defaults);
      // The public function needs the defaults (whether to store a delivery), not the key.
      for (const [name, value] of Object.entries(defaults)) {
        props.publicApi.addEnvironment(name, value);
      }
    }
    for (const [name, value] of Object.entries(settings)) props.api.addEnvironment(name, value);
    // The admin function encrypts a new webhook secret, and decrypts it for a test or a
    // retry; it encrypts a new two-factor secret and decrypts it at each code check. The
    // drainer decrypts the webhook secret. Each only with its purposes' encryption context.
    const context = { StringEquals: { 'kms:EncryptionContext:purpose': SECRET_PURPOSE } };
    props.api.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ['kms:Encrypt', 'kms:Decrypt'],
        resources: [this.settingsKey.keyArn],
        conditions: {
          StringEquals: { 'kms:EncryptionContext:purpose': [SECRET_PURPOSE, TOTP_PURPOSE] },
        },
      }),
    );
    // The setup function encrypts two-factor secrets found in clear, nothing else.
    if (props.setup) {
      props.setup.addEnvironment('LEAD_SETTINGS_KMS_KEY', this.settingsKey.keyArn);
      props.setup.addToRolePolicy(
        new iam.PolicyStatement({
          actions: ['kms:Encrypt'],
          resources: [this.settingsKey.keyArn],
          conditions: { StringEquals: { 'kms:EncryptionContext:purpose': TOTP_PURPOSE } },
        }),
      );
    }

    // Its own role (infra/constructs/node-function.ts): its log group and the few table
    // calls a drain makes.
    const { fn, role, logGroup } = nodeFunction(this, 'Function', '', {
      entry: props.entry ?? DRAINER_ENTRY,
      description: 'Forwards stored leads to the CRM webhook (outbox drainer)',
      roleDescription: 'PharmaBridge lead webhook drainer',
      memorySize: 256,
      // A run stops starting attempts 10 s before this (functions/webhooks/lambda.ts).
      timeout: Duration.seconds(60),
      environment: { TABLE_NAME: props.table.tableName, ...settings },
    });
    this.function = fn;
    role.addToPolicy(
      new iam.PolicyStatement({
        // Query: deliveries due (gsi1); GetItem: the lead and the settings; UpdateItem:
        // claim and record.
        actions: ['dynamodb:Query', 'dynamodb:GetItem', 'dynamodb:UpdateItem'],
        resources: [props.table.tableArn, `${props.table.tableArn}/index/${GSI1}`],
      }),
    );
    role.addToPolicy(
      new iam.PolicyStatement({
        // The delivery log (functions/data/lead-settings.ts): its own partition only.
        actions: ['dynamodb:PutItem'],
        resources: [props.table.tableArn],
        conditions: { 'ForAllValues:StringEquals': { 'dynamodb:LeadingKeys': ['DELIVERIES'] } },
      }),
    );
    role.addToPolicy(
      new iam.PolicyStatement({
        actions: ['kms:Decrypt'],
        resources: [this.settingsKey.keyArn],
        conditions: context,
      }),
    );
    this.schedule = this.alarmsAndSchedule(props, logGroup);
  }

  /** The deploy-time default's signing secret, generated in Secrets Manager. */
  private defaultSecret(): secretsmanager.Secret {
    // 48 letters and digits are valid base64 for 36 random bytes, within the Standard
    // Webhooks bounds (24 to 64); the CRM takes it as "whsec_" followed by this value. A
    // CRM that issues its own secret: enter it in the admin's lead routing settings.
    const secret = new secretsmanager.Secret(this, 'Secret', {
      description: 'Signing secret of the lead webhook (Standard Webhooks, whsec_<value>)',
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
    });
    Validations.of(secret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'The signing secret is shared with the CRM, which must be given a new value at the same ' +
        'time; an automatic rotation would break deliveries. Rotate by entering a new secret in ' +
        "the admin's lead routing settings and the CRM at the same time.",
    });
    return secret;
  }

  private alarmsAndSchedule(props: LeadWebhookProps, logGroup: logs.ILogGroup): events.Rule {
    // Every minute: the first attempt within a minute of the lead, retries on time.
    const schedule = new events.Rule(this, 'Schedule', {
      description: 'Drains the lead webhook outbox',
      schedule: events.Schedule.rate(Duration.minutes(1)),
      // A missed run is made up by the next one a minute later.
      targets: [new targets.LambdaFunction(this.function, { retryAttempts: 0 })],
    });

    const failures = new logs.MetricFilter(this, 'FailedDeliveries', {
      logGroup,
      filterPattern: logs.FilterPattern.literal(`"${DELIVERY_FAILED_MESSAGE}"`),
      metricNamespace: METRIC_NAMESPACE,
      metricName: 'WebhookDeliveriesFailed',
      metricValue: '1',
    });
    const period = Duration.minutes(5);
    const alarms = [
      new cloudwatch.Alarm(this, 'DeliveryFailed', {
        alarmDescription:
          'A lead could not be delivered to the CRM webhook after every retry; retry it from ' +
          "the lead's detail in the admin once the CRM answers again.",
        metric: failures.metric({ period, statistic: 'Sum' }),
        threshold: 1,
        evaluationPeriods: 1,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      }),
      new cloudwatch.Alarm(this, 'DrainerErrors', {
        alarmDescription:
          'The lead webhook drainer failed in three runs within 15 minutes (store or code); ' +
          'deliveries wait until it runs again.',
        metric: this.function.metricErrors({ period: Duration.minutes(15), statistic: 'Sum' }),
        threshold: 3,
        evaluationPeriods: 1,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      }),
    ];
    const action = new actions.SnsAction(props.alarmTopic);
    for (const alarm of alarms) {
      alarm.addAlarmAction(action);
      alarm.addOkAction(action);
    }
    return schedule;
  }
}
