// What AWS keeps for recovery (docs/operations.md): the table has point-in-time recovery,
// the uploads bucket keeps earlier versions of every object for a while (a deleted or
// replaced image can be brought back) and expires them after that, and the pending/ rules
// match the ages the local disk store sweeps at (functions/storage/disk.ts).
import { readFileSync } from 'node:fs';
import { App } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { MULTIPART_ABORT_DAYS, PENDING_EXPIRY_DAYS } from '../functions/storage/disk.ts';
import { parseConfig } from './config.ts';
import { NONCURRENT_VERSION_DAYS, PENDING_NONCURRENT_DAYS } from './constructs/uploads.ts';
import { addWebApp } from './web-app.ts';

// The feature flags of cdk.json, so tests synthesize what `cdk synth` does.
const cdkJson = z
  .object({ context: z.record(z.string(), z.unknown()) })
  .parse(JSON.parse(readFileSync(new URL('../cdk.json', import.meta.url), 'utf8')));

let template: Template;
// Synthesis (without esbuild: `npm run synth` bundles for real) under the hook timeout.
beforeAll(() => {
  const app = new App({ context: { ...cdkJson.context, 'aws:cdk:bundling-stacks': [] } });
  template = Template.fromStack(addWebApp(app, parseConfig({})));
});

const lifecycleRuleSchema = z.looseObject({
  Id: z.string(),
  Status: z.string(),
  Prefix: z.string().optional(),
  ExpirationInDays: z.number().optional(),
  ExpiredObjectDeleteMarker: z.boolean().optional(),
  NoncurrentVersionExpiration: z.object({ NoncurrentDays: z.number() }).optional(),
  AbortIncompleteMultipartUpload: z.object({ DaysAfterInitiation: z.number() }).optional(),
});

/** The uploads bucket: the one with CORS (browsers upload to it). */
function uploadsBucket() {
  const buckets = Object.values(
    template.findResources('AWS::S3::Bucket', {
      Properties: { CorsConfiguration: Match.anyValue() },
    }),
  );
  expect(buckets).toHaveLength(1);
  return z
    .object({
      Properties: z.looseObject({
        VersioningConfiguration: z.object({ Status: z.string() }).optional(),
        LifecycleConfiguration: z.object({ Rules: z.array(lifecycleRuleSchema) }),
      }),
    })
    .parse(buckets[0]).Properties;
}

describe('recovery in AWS', () => {
  it('keeps point-in-time recovery on the table, which outlives the stack', () => {
    template.hasResource('AWS::DynamoDB::GlobalTable', {
      Properties: Match.objectLike({
        Replicas: [
          Match.objectLike({
            PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
            DeletionProtectionEnabled: true,
          }),
        ],
      }),
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
    });
  });

  it('versions the uploads bucket', () => {
    expect(uploadsBucket().VersioningConfiguration).toEqual({ Status: 'Enabled' });
  });

  it('expires earlier versions after a while, and clears the delete markers left alone', () => {
    const rules = uploadsBucket().LifecycleConfiguration.Rules;
    const noncurrent = rules.find((rule) => rule.Id === 'expire-noncurrent-versions');
    expect(noncurrent).toEqual({
      Id: 'expire-noncurrent-versions',
      Status: 'Enabled',
      NoncurrentVersionExpiration: { NoncurrentDays: NONCURRENT_VERSION_DAYS },
      ExpiredObjectDeleteMarker: true,
    });
    expect(NONCURRENT_VERSION_DAYS).toBe(30);
  });

  it('drops unfinished uploads at the ages the local store sweeps at, versions included', () => {
    const rules = uploadsBucket().LifecycleConfiguration.Rules;
    expect(rules.find((rule) => rule.Id === 'expire-pending')).toEqual({
      Id: 'expire-pending',
      Status: 'Enabled',
      Prefix: 'pending/',
      ExpirationInDays: PENDING_EXPIRY_DAYS,
      // With versioning, expiring a pending object only hides it: its bytes go a day later,
      // not after the 30 days kept for published images.
      NoncurrentVersionExpiration: { NoncurrentDays: PENDING_NONCURRENT_DAYS },
    });
    expect(PENDING_NONCURRENT_DAYS).toBe(1);
    expect(rules.find((rule) => rule.Id === 'abort-incomplete-multipart')).toEqual({
      Id: 'abort-incomplete-multipart',
      Status: 'Enabled',
      AbortIncompleteMultipartUpload: { DaysAfterInitiation: MULTIPART_ABORT_DAYS },
    });
  });
});
