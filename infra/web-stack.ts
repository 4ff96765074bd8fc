// The whole PharmaBridge web product in one stack: data, uploads, API, CDN, rebuild, alarms.
// (Only the 404 page's Lambda@Edge function lives apart, in a us-east-1 companion stack.)
import { ArnFormat, CfnOutput, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import type { Construct } from 'constructs';
import type { InfraConfig } from './config.ts';
import { AccessLogs } from './constructs/access-logs.ts';
import { Alarms } from './constructs/alarms.ts';
import { Api } from './constructs/api.ts';
import { AuditArchive } from './constructs/audit-archive.ts';
import { Data } from './constructs/data.ts';
import { LeadWebhook } from './constructs/lead-webhook.ts';
import { Rebuild } from './constructs/rebuild.ts';
import { Schedules } from './constructs/schedules.ts';
import { Site } from './constructs/site/site.ts';
import { Uploads } from './constructs/uploads.ts';

export interface WebStackProps extends StackProps {
  readonly config: InfraConfig;
  /** Admin API handler module; defaults to functions/lambda-admin.ts. */
  readonly apiEntry?: string;
}

export class WebStack extends Stack {
  readonly data: Data;
  readonly uploads: Uploads;
  readonly api: Api;
  readonly site: Site;
  readonly rebuild: Rebuild;
  /** Lead forwarding to the CRM (its drainer, the settings key, LEAD_WEBHOOK_URL's default). */
  readonly leadWebhook: LeadWebhook;
  /** Scheduled publishes and unpublishes, every minute. */
  readonly schedules: Schedules;
  /** The daily copy of the audit trail into a bucket with S3 Object Lock. */
  readonly auditArchive: AuditArchive;

  constructor(scope: Construct, id: string, props: WebStackProps) {
    super(scope, id, props);
    const { config } = props;

    const accessLogs = new AccessLogs(this, 'AccessLogs');
    this.data = new Data(this, 'Data');
    this.uploads = new Uploads(this, 'Uploads', {
      // Without a configured site URL the site only has its generated *.cloudfront.net name,
      // which cannot be referenced here (bucket -> distribution -> bucket would be a cycle).
      allowedOrigins: [config.site.url === '' ? 'https://*.cloudfront.net' : config.site.url],
      accessLogs: accessLogs.bucket,
    });
    this.api = new Api(this, 'Api', {
      table: this.data.table,
      uploads: this.uploads,
      siteUrl: config.site.url,
      ...(props.apiEntry === undefined ? {} : { entry: props.apiEntry }),
    });
    this.site = new Site(this, 'Site', {
      api: this.api,
      uploads: this.uploads,
      accessLogs: accessLogs.bucket,
      domain: config.site.domain,
      waf: config.waf,
    });
    const alarms = new Alarms(this, 'Alarms', {
      api: this.api.function,
      publicApi: this.api.publicFunction,
      email: config.alarmEmail,
    });
    // Always: an admin may switch the CRM webhook on in the lead routing settings at any
    // time; LEAD_WEBHOOK_URL, when configured, is only its default.
    this.leadWebhook = new LeadWebhook(this, 'LeadWebhook', {
      table: this.data.table,
      api: this.api.function,
      publicApi: this.api.publicFunction,
      setup: this.api.setupFunction,
      url: config.leadWebhookUrl,
      alarmTopic: alarms.topic,
    });

    const distribution = this.site.distribution;
    const siteUrl =
      config.site.url === '' ? `https://${distribution.distributionDomainName}` : config.site.url;

    this.rebuild = new Rebuild(this, 'Rebuild', {
      table: this.data.table,
      siteBucket: this.site.bucket,
      distribution,
      redirects: this.site.redirects,
      siteUrl,
      uploads: this.uploads.bucket,
    });
    // The API starts (and watches) rebuilds of this project only.
    this.api.function.addEnvironment('REBUILD_PROJECT', this.rebuild.project.projectName);
    this.api.function.addToRolePolicy(
      new iam.PolicyStatement({
        actions: [
          'codebuild:StartBuild',
          'codebuild:BatchGetBuilds',
          'codebuild:ListBuildsForProject',
        ],
        resources: [this.rebuild.project.projectArn],
      }),
    );
    this.schedules = new Schedules(this, 'Schedules', {
      table: this.data.table,
      rebuildProject: this.rebuild.project,
      siteUrl,
      alarmTopic: alarms.topic,
    });
    this.auditArchive = new AuditArchive(this, 'AuditArchive', {
      table: this.data.table,
      accessLogs: accessLogs.bucket,
      alarmTopic: alarms.topic,
      retentionDays: config.auditArchiveRetentionDays,
    });
    this.writeLiveSlugs();
    if (config.mail) this.sendLeadNotifications(config.mail);
    this.acknowledgeEdgeArnReader();

    // A public marketing site for all countries; geo blocking would only lose visitors.
    Validations.of(distribution).acknowledge({
      id: 'AwsSolutions-CFR1',
      reason: 'The product is offered worldwide; no country must be blocked.',
    });
    // AwsSolutions-CFR2 (WAF): acknowledged in constructs/site/site.ts only when WAF=false.
    if (config.site.domain === undefined) {
      // With a custom domain the distribution uses TLSv1.2_2021 and SNI, which passes CFR4;
      // only the default certificate needs this.
      Validations.of(distribution).acknowledge({
        id: 'AwsSolutions-CFR4',
        reason:
          'No custom domain configured: the default *.cloudfront.net certificate cannot pin a ' +
          'minimum TLS version. Set SITE_DOMAIN and CERTIFICATE_ARN to get TLSv1.2_2021.',
      });
    }

    const output = (id: string, value: string, description: string) =>
      new CfnOutput(this, id, { value, description });
    output('DistributionDomainName', distribution.distributionDomainName, 'CloudFront domain');
    output('DistributionId', distribution.distributionId, 'For cache invalidations');
    output('SiteUrl', siteUrl, 'Public site URL');
    output('TableName', this.data.table.tableName, 'DynamoDB table');
    output('SiteBucketName', this.site.bucket.bucketName, 'Bucket holding the built site');
    output('UploadsBucketName', this.uploads.bucket.bucketName, 'Bucket holding uploads');
    output('AccessLogsBucketName', accessLogs.bucket.bucketName, 'CloudFront and S3 access logs');
    output(
      'AuditArchiveBucketName',
      this.auditArchive.bucket.bucketName,
      'Daily audit trail copies, locked (S3 Object Lock, compliance mode)',
    );
    output('ApiFunctionName', this.api.function.functionName, 'API Lambda function (admin)');
    output(
      'PublicApiFunctionName',
      this.api.publicFunction.functionName,
      'API Lambda function for the public routes',
    );
    output(
      'ApiEndpoint',
      this.api.httpApi.apiEndpoint,
      'API Gateway endpoint (refuses direct calls)',
    );
    output(
      'RebuildProjectName',
      this.rebuild.project.projectName,
      'CodeBuild project that builds and publishes the site: start it once after the first deploy',
    );
  }

  /**
   * Outside us-east-1, EdgeFunction reads the function's version ARN from an SSM parameter
   * there through a CDK-provided custom resource; acknowledge what cdk-nag finds in it.
   */
  /**
   * Lead notifications through SES: the function may send only as the configured sender
   * and only to the configured recipients (in the SES sandbox, IAM checks the recipients'
   * identities too). The identities must be verified in SES; that is an account set-up
   * step, not part of this stack.
   */
  private sendLeadNotifications(mail: NonNullable<InfraConfig['mail']>): void {
    // The public function mails lead notifications; the admin function, invitations; the
    // schedules function, the weekly report (issue 25: to administrators, who must be
    // verified identities while the account is in the SES sandbox) and the SLA reminders
    // about leads still new (issue 35: to their owners, likewise).
    for (const fn of [this.api.publicFunction, this.api.function, this.schedules.function]) {
      fn.addEnvironment('MAIL_TRANSPORT', 'ses');
      fn.addEnvironment('MAIL_FROM', mail.from);
      fn.addEnvironment('NOTIFY_EMAIL', mail.notify.join(','));
    }
    const identities = new Set<string>();
    for (const address of [mail.fromAddress, ...mail.notify]) {
      identities.add(address.toLowerCase());
      identities.add(address.slice(address.lastIndexOf('@') + 1).toLowerCase());
    }
    const send = new iam.PolicyStatement({
      actions: ['ses:SendEmail'],
      resources: [...identities].map((identity) =>
        this.formatArn({
          service: 'ses',
          resource: 'identity',
          resourceName: identity,
          arnFormat: ArnFormat.SLASH_RESOURCE_NAME,
        }),
      ),
    });
    this.api.publicFunction.addToRolePolicy(send);
    this.api.function.addToRolePolicy(send);
    this.schedules.function.addToRolePolicy(send);
  }

  /**
   * `/legacy/<slug>` answers only live pages' slugs at the edge (issue 33): the admin function
   * and the schedules runner (scheduled publishes and unpublishes) write the `live:<slug>`
   * keys of the site's KeyValueStore as pages change (functions/publishing/live-slugs.ts):
   * its ETag, then UpdateKeys, on that one store.
   */
  private writeLiveSlugs(): void {
    const store = this.site.redirects.keyValueStoreArn;
    for (const fn of [this.api.function, this.schedules.function]) {
      fn.addEnvironment('REDIRECTS_KVS_ARN', store);
      fn.addToRolePolicy(
        new iam.PolicyStatement({
          actions: [
            'cloudfront-keyvaluestore:DescribeKeyValueStore',
            'cloudfront-keyvaluestore:UpdateKeys',
          ],
          resources: [store],
        }),
      );
    }
  }

  private acknowledgeEdgeArnReader(): void {
    const provider = this.node.tryFindChild(
      'Custom::CrossRegionStringParameterReaderCustomResourceProvider',
    );
    if (provider === undefined) return;
    Validations.of(provider).acknowledge({
      id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
      reason:
        "CDK's cross-region parameter reader (part of EdgeFunction) logs with the basic " +
        'execution role; it runs only during deployments.',
    });
  }
}
