// The site rebuild in AWS: a CodeBuild project that runs `npm run build` against the live
// table, publishes dist/ to the site bucket and invalidates CloudFront. The API starts it
// (debounced) when an admin changes a page; an operator starts it once after the first deploy.
import { fileURLToPath } from 'node:url';
import { Duration, IgnoreMode, Stack, Validations } from 'aws-cdk-lib';
import type * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as codebuild from 'aws-cdk-lib/aws-codebuild';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3assets from 'aws-cdk-lib/aws-s3-assets';
import { Construct } from 'constructs';
import { logicalIdOf } from './api.ts';
import { REDIRECT_MAP_FILE } from '../../functions/server/redirect-map.ts';
import { EXPERIMENT_MAP_FILE } from '../../functions/server/experiment-map.ts';

/** The repository root: the build's source is the working tree at deploy time. */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * What never goes into the source archive (gitignore syntax, relative to the root): installs,
 * builds, synth output, local data, VCS and test output, and developers' own .env files.
 */
export const SOURCE_EXCLUDES = [
  'node_modules',
  '/dist*',
  '/cdk.out',
  '/.data',
  '/.git',
  '/test-results',
  '/playwright-report',
  '/.bench',
  '/.astro',
  '*.log',
  '.env',
  '.env.*',
  '!.env.example',
];

export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
export const HTML_CACHE = 'public, max-age=0, must-revalidate';

/**
 * Publishing order matters: hashed assets first (a new page never points at a missing
 * file), then everything else with --delete, then the invalidation; assets of older builds
 * are deleted only once the invalidation has completed and no cached page refers to them.
 * Precompressed .br/.gz variants are the local server's; CloudFront compresses by itself.
 */
export const publishCommands = [
  `aws s3 sync dist "s3://$SITE_BUCKET" --exclude '*' --include '_astro/*' --exclude '*.br' --exclude '*.gz' --cache-control '${IMMUTABLE_CACHE}'`,
  // An experiment's variants (docs/decisions/0154-experiment-limits.md) are added before the store
  // points at them and removed only once it no longer does (the last command), so no
  // visitor is sent to a variant file that is not there.
  `mkdir -p dist/variants && aws s3 sync dist/variants "s3://$SITE_BUCKET/variants" --exclude '*.br' --exclude '*.gz' --cache-control '${HTML_CACHE}'`,
  // Event blocks' calendar files (site/pages/calendar/) before the pages that link them, with
  // their type named: S3 would guess text/calendar without the charset their text needs.
  `aws s3 sync dist "s3://$SITE_BUCKET" --delete --exclude '*' --include '*.ics' --exclude '*.br' --exclude '*.gz' --content-type 'text/calendar; charset=utf-8' --cache-control '${HTML_CACHE}'`,
  `aws s3 sync dist "s3://$SITE_BUCKET" --delete --exclude '_astro/*' --exclude 'variants/*' --exclude '*.ics' --exclude '*.br' --exclude '*.gz' --exclude '${REDIRECT_MAP_FILE}' --exclude '${EXPERIMENT_MAP_FILE}' --cache-control '${HTML_CACHE}'`,
  // The redirects once the pages they lead to are there
  // (docs/decisions/0141-redirects-served-twice.md): the KeyValueStore the viewer-request function
  // reads becomes the build's redirect map, and its experiments'
  // (functions/server/experiment-map.ts, a file kept out of the bucket above: it holds the
  // assignment secret).
  'node_modules/.bin/node scripts/sync-redirects.ts dist',
  `INVALIDATION_ID=$(aws cloudfront create-invalidation --distribution-id "$DISTRIBUTION_ID" --paths '/*' --query Invalidation.Id --output text)`,
  'aws cloudfront wait invalidation-completed --distribution-id "$DISTRIBUTION_ID" --id "$INVALIDATION_ID"',
  `aws s3 sync dist/_astro "s3://$SITE_BUCKET/_astro" --delete --exclude '*.br' --exclude '*.gz' --cache-control '${IMMUTABLE_CACHE}'`,
  `aws s3 sync dist/variants "s3://$SITE_BUCKET/variants" --delete --exclude '*.br' --exclude '*.gz' --cache-control '${HTML_CACHE}'`,
];

/**
 * Then the publications not printed yet, from their public addresses, for their inspection
 * packages (scripts/print-publications.ts, docs/decisions/0563-printed-at-publication.md). The
 * build image has no Chromium: Playwright's is fetched; neither step fails the build.
 */
export const printCommands = [
  'npx playwright install chromium || echo "Chromium could not be installed: publications are not printed"',
  'node_modules/.bin/node scripts/print-publications.ts',
];

export interface RebuildProps {
  readonly table: dynamodb.ITableV2;
  readonly siteBucket: s3.IBucket;
  readonly distribution: cloudfront.IDistribution;
  /** The redirects CloudFront answers (Site.redirects); the build writes them. */
  readonly redirects: cloudfront.IKeyValueStore;
  /** Public origin of the site (https://...). */
  readonly siteUrl: string;
  /** The uploads bucket: its private prefix keeps each publication's print. */
  readonly uploads: s3.IBucket;
}

export class Rebuild extends Construct {
  readonly project: codebuild.Project;

  constructor(scope: Construct, id: string, props: RebuildProps) {
    super(scope, id);
    const stack = Stack.of(this);

    const source = new s3assets.Asset(this, 'Source', {
      path: REPO_ROOT,
      ignoreMode: IgnoreMode.GIT,
      exclude: SOURCE_EXCLUDES,
    });

    const logGroup = new logs.LogGroup(this, 'Logs', {
      retention: logs.RetentionDays.ONE_MONTH,
    });

    this.project = new codebuild.Project(this, 'Project', {
      description: 'Builds the PharmaBridge site from the live table and publishes it',
      source: codebuild.Source.s3({ bucket: source.bucket, path: source.s3ObjectKey }),
      environment: {
        buildImage: codebuild.LinuxArmBuildImage.AMAZON_LINUX_2023_STANDARD_3_0,
        computeType: codebuild.ComputeType.SMALL,
      },
      environmentVariables: {
        AWS_REGION: { value: stack.region },
        TABLE_NAME: { value: props.table.tableName },
        SITE_URL: { value: props.siteUrl },
        DIST_DIR: { value: 'dist' },
        SITE_BUCKET: { value: props.siteBucket.bucketName },
        DISTRIBUTION_ID: { value: props.distribution.distributionId },
        REDIRECTS_KVS_ARN: { value: props.redirects.keyValueStoreArn },
        UPLOADS_BUCKET: { value: props.uploads.bucketName },
      },
      // No concurrentBuildLimit: with a limit StartBuild is refused, not queued, and the API
      // starts a second build when an edit arrives after the running one has read the pages
      // (functions/rebuild/codebuild.ts), so that edit is published too.
      timeout: Duration.minutes(30),
      logging: { cloudWatch: { logGroup } },
      buildSpec: codebuild.BuildSpec.fromObject({
        version: '0.2',
        env: { shell: 'bash' },
        phases: {
          install: {
            // Only runs npm: `npm ci` installs the project's pinned `node` package (Node 24),
            // and npm scripts then run on node_modules/.bin/node.
            'runtime-versions': { nodejs: 22 },
            commands: ['npm ci'],
          },
          // One phase: CodeBuild stops at the first failing command, and post_build would
          // run even after a failed build (publishing a broken or empty dist/).
          build: { commands: ['npm run build', ...publishCommands, ...printCommands] },
        },
      }),
    });

    // The prints: read (is there one?) and written under the private prefix only.
    this.project.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ['s3:ListBucket'],
        resources: [props.uploads.bucketArn],
      }),
    );
    this.project.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ['s3:GetObject', 's3:PutObject'],
        resources: [props.uploads.arnForObjects('assets/*')],
      }),
    );
    // Reads what the build renders; never writes.
    this.project.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ['dynamodb:Query', 'dynamodb:GetItem', 'dynamodb:DescribeTable'],
        resources: [props.table.tableArn, `${props.table.tableArn}/index/*`],
      }),
    );
    // `aws s3 sync` lists the bucket to compare, then puts and deletes objects.
    this.project.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ['s3:ListBucket'],
        resources: [props.siteBucket.bucketArn],
      }),
    );
    this.project.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ['s3:PutObject', 's3:DeleteObject'],
        resources: [props.siteBucket.arnForObjects('*')],
      }),
    );
    this.project.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ['cloudfront:CreateInvalidation', 'cloudfront:GetInvalidation'],
        resources: [props.distribution.distributionArn],
      }),
    );

    // scripts/sync-redirects.ts: read the store's keys and version, then update them.
    this.project.addToRolePolicy(
      new iam.PolicyStatement({
        actions: [
          'cloudfront-keyvaluestore:DescribeKeyValueStore',
          'cloudfront-keyvaluestore:ListKeys',
          'cloudfront-keyvaluestore:UpdateKeys',
        ],
        resources: [props.redirects.keyValueStoreArn],
      }),
    );

    const tableArn = `<${logicalIdOf(props.table)}.Arn>`;
    const siteArn = `<${logicalIdOf(props.siteBucket)}.Arn>`;
    const uploadsArn = `<${logicalIdOf(props.uploads)}.Arn>`;
    const role = this.project.role;
    if (role === undefined) throw new Error('The rebuild project has no role');
    Validations.of(role).acknowledge(
      {
        id: `AwsSolutions-IAM5[Resource::${tableArn}/index/*]`,
        reason: "The build lists pages through the table's GSIs; read-only, this table only.",
      },
      {
        id: `AwsSolutions-IAM5[Resource::${uploadsArn}/assets/*]`,
        reason:
          "Each publication's print is a private object named by a hash of it " +
          '(functions/inspection/prints.ts): get and put under the private prefix only.',
      },
      {
        id: `AwsSolutions-IAM5[Resource::${siteArn}/*]`,
        reason:
          'The build publishes the whole site: every key of the site bucket is its output ' +
          '(put and delete only; the bucket holds nothing else).',
      },
      {
        id: `AwsSolutions-IAM5[Resource::arn:${stack.partition}:logs:${stack.region}:<AWS::AccountId>:log-group:/aws/codebuild/<${logicalIdOf(this.project)}>:*]`,
        reason:
          "CodeBuild's default log permissions: log streams named per build in the project's " +
          'own /aws/codebuild/<project> log group.',
      },
      // Granted by Source.s3 on the CDK assets bucket: read of the staged source archive.
      ...['s3:GetBucket*', 's3:GetObject*', 's3:List*'].map((action) => ({
        id: `AwsSolutions-IAM5[Action::${action}]`,
        reason:
          'CDK grants the source read on the bootstrap assets bucket, which holds only ' +
          'deployment assets of this account; CodeBuild needs it to fetch the source archive.',
      })),
      {
        id: `AwsSolutions-IAM5[Resource::arn:${stack.partition}:codebuild:${stack.region}:<AWS::AccountId>:report-group/<${logicalIdOf(this.project)}>-*]`,
        reason:
          "CodeBuild's default test-report permissions, limited to this project's report groups.",
      },
    );
    // No build artifacts: the output is the public website, written to the site bucket
    // (SSE-S3) and served by CloudFront; the source archive sits in the CDK assets bucket.
    Validations.of(this.project).acknowledge({
      id: 'AwsSolutions-CB4',
      reason:
        'The project produces no artifacts: its output is the public website in the site ' +
        'bucket (SSE-S3). A customer-managed key would protect nothing that is not public.',
    });
  }
}
