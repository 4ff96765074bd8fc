// Bucket that receives CloudFront standard logs and S3 server access logs.
import { Duration, Validations } from 'aws-cdk-lib';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';

export class AccessLogs extends Construct {
  readonly bucket: s3.Bucket;

  constructor(scope: Construct, id: string) {
    super(scope, id);

    this.bucket = new s3.Bucket(this, 'Bucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      // SSE-KMS is not supported as default encryption for either log delivery.
      encryption: s3.BucketEncryption.S3_MANAGED,
      // CloudFront standard logging delivers through a bucket ACL grant, so ACLs must stay
      // enabled; BUCKET_OWNER_PREFERRED still makes this account own the delivered objects.
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ id: 'expire-access-logs', expiration: Duration.days(90) }],
    });

    // Logging the log bucket into itself would log every delivery; into another bucket would
    // need yet another log bucket. Reads of it are rare and visible in CloudTrail.
    Validations.of(this.bucket).acknowledge({
      id: 'AwsSolutions-S1',
      reason:
        'This is the access-log destination bucket; logging it into itself would recurse and ' +
        'a further log bucket would only move the problem. Access to it is audited by CloudTrail.',
    });
  }
}
