// The daily audit archive in AWS (infra/constructs/audit-archive.ts, issue 37): a bucket with
// S3 Object Lock in compliance mode for the configured days, a rule that runs the function
// once a day, and a function that may only read the table and put objects under the archive.
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { DEFAULT_AUDIT_ARCHIVE_RETENTION_DAYS, parseConfig } from './config.ts';
import { unbundledTemplate } from './test-template.ts';

let template: Template;
beforeAll(() => {
  template = unbundledTemplate();
});

const resourceId = (type: string, pattern: RegExp) => {
  const ids = Object.entries(template.findResources(type))
    .filter(([, resource]) => pattern.test(JSON.stringify(resource)))
    .map(([id]) => id);
  return z.tuple([z.string()]).parse(ids)[0];
};
const archiveFunction = () => resourceId('AWS::Lambda::Function', /locked archive/);
const archiveBucket = () => resourceId('AWS::S3::Bucket', /ObjectLockEnabled/);

const statementsOf = (roleRef: string) =>
  Object.values(template.findResources('AWS::IAM::Policy'))
    .filter((policy) => JSON.stringify(policy).includes(roleRef))
    .flatMap(
      (policy) =>
        (policy as { Properties: { PolicyDocument: { Statement: Record<string, unknown>[] } } })
          .Properties.PolicyDocument.Statement,
    );

describe('the audit archive', () => {
  it('locks every object in compliance mode for seven years by default', () => {
    template.hasResourceProperties('AWS::S3::Bucket', {
      ObjectLockEnabled: true,
      ObjectLockConfiguration: {
        ObjectLockEnabled: 'Enabled',
        Rule: {
          DefaultRetention: { Mode: 'COMPLIANCE', Days: DEFAULT_AUDIT_ARCHIVE_RETENTION_DAYS },
        },
      },
      VersioningConfiguration: { Status: 'Enabled' },
      PublicAccessBlockConfiguration: Match.objectLike({ BlockPublicAcls: true }),
    });
    expect(template.findResources('AWS::S3::Bucket')[archiveBucket()]).toMatchObject({
      DeletionPolicy: 'Retain',
    });
  });

  it('takes the retention from AUDIT_ARCHIVE_RETENTION_DAYS and refuses a bad one', () => {
    unbundledTemplate({ AUDIT_ARCHIVE_RETENTION_DAYS: '400' }).hasResourceProperties(
      'AWS::S3::Bucket',
      {
        ObjectLockConfiguration: Match.objectLike({
          Rule: { DefaultRetention: { Mode: 'COMPLIANCE', Days: 400 } },
        }),
      },
    );
    expect(() => parseConfig({ AUDIT_ARCHIVE_RETENTION_DAYS: '0' })).toThrow(/at least 1 day/);
    expect(() => parseConfig({ AUDIT_ARCHIVE_RETENTION_DAYS: '0' })).toThrow(
      /AUDIT_ARCHIVE_RETENTION_DAYS/,
    );
  });

  it('runs the function once a day, after midnight UTC', () => {
    template.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'cron(30 0 * * ? *)',
      State: 'ENABLED',
      Targets: [Match.objectLike({ Arn: { 'Fn::GetAtt': [archiveFunction(), 'Arn'] } })],
    });
  });

  it('lets the function read the table and put archive objects, nothing more', () => {
    const fn = template.findResources('AWS::Lambda::Function')[archiveFunction()] as {
      Properties: { Role: { 'Fn::GetAtt': [string, string] }; Environment: unknown };
    };
    expect(fn.Properties.Environment).toMatchObject({
      Variables: {
        TABLE_NAME: expect.anything(),
        AUDIT_ARCHIVE_BUCKET: { Ref: archiveBucket() },
      },
    });
    const statements = statementsOf(fn.Properties.Role['Fn::GetAtt'][0]);
    const actions = statements.flatMap((statement) => [statement['Action']].flat()).sort();
    expect(actions).toEqual([
      'dynamodb:GetItem',
      'dynamodb:Query',
      'logs:CreateLogStream',
      'logs:PutLogEvents',
      's3:PutObject',
    ]);
    const put = statements.find((statement) => statement['Action'] === 's3:PutObject')!;
    expect(JSON.stringify(put['Resource'])).toContain('/assets/audit-archive/*');
    expect(JSON.stringify(put['Resource'])).toContain(archiveBucket());
    const query = statements.find((statement) =>
      [statement['Action']].flat().includes('dynamodb:Query'),
    )!;
    // The table itself: no index, no other table.
    expect(JSON.stringify(query['Resource'])).not.toContain('index');
  });

  it('alarms on a failed run (or a broken chain it found)', () => {
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      MetricName: 'Errors',
      Threshold: 1,
      Dimensions: [{ Name: 'FunctionName', Value: { Ref: archiveFunction() } }],
      AlarmActions: [Match.anyValue()],
    });
  });
});
