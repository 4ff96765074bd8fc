// Private bucket for user uploads. Browsers upload to presigned URLs under pending/<id> (a
// PUT, a POST-policy form, or multipart parts); the API checks and re-encodes accepted
// images into uploads/<id>..., the only prefix CloudFront may read.
//
// Recovery (docs/operations.md): the bucket is versioned, so a deleted or replaced image
// can be brought back for NONCURRENT_VERSION_DAYS; the table beside it has point-in-time
// recovery (infra/constructs/data.ts).
import { Duration } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { MULTIPART_ABORT_DAYS, PENDING_EXPIRY_DAYS } from '../../functions/storage/disk.ts';

export const PENDING_PREFIX = 'pending/';
export const PUBLIC_PREFIX = 'uploads/';
/** Gated downloads' files (functions/storage/object-store.ts): the API's only, never CloudFront's. */
export const PRIVATE_PREFIX = 'assets/';
/** Days an overwritten or deleted object's earlier version is kept, to be restored. */
export const NONCURRENT_VERSION_DAYS = 30;
/**
 * Days an expired or deleted pending/ object's bytes are kept: never served and never
 * confirmed, so not worth the 30 days (and not worth keeping someone's stray file).
 */
export const PENDING_NONCURRENT_DAYS = 1;

export interface UploadsProps {
  /** Origins allowed to PUT to presigned URLs (browser CORS). */
  readonly allowedOrigins: string[];
  readonly accessLogs: s3.IBucket;
}

export class Uploads extends Construct {
  readonly bucket: s3.Bucket;

  constructor(scope: Construct, id: string, props: UploadsProps) {
    super(scope, id);

    this.bucket = new s3.Bucket(this, 'Bucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: s3.BucketEncryption.S3_MANAGED,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: props.accessLogs,
      serverAccessLogsPrefix: 's3/uploads/',
      cors: [
        {
          // PUT: SPEC's upload URL and multipart parts; POST: @uppy/aws-s3 6 sends files
          // under the multipart threshold as a POST-policy form.
          allowedMethods: [s3.HttpMethods.PUT, s3.HttpMethods.POST],
          allowedOrigins: props.allowedOrigins,
          // The presigned signature already pins which headers may be sent; listing them
          // here too would only break uploads when the API signs one more header.
          allowedHeaders: ['*'],
          // Multipart uploads (Uppy) need each part's ETag to complete the upload.
          exposedHeaders: ['ETag'],
          maxAge: 3600,
        },
      ],
      // Every overwrite and delete keeps the earlier version (docs/operations.md says how
      // to bring one back); the rules below bound how long.
      versioned: true,
      // The local disk store sweeps at the same ages (functions/storage/disk.ts).
      lifecycleRules: [
        {
          id: 'abort-incomplete-multipart',
          abortIncompleteMultipartUploadAfter: Duration.days(MULTIPART_ABORT_DAYS),
        },
        // Uploads never confirmed by the API are dropped. In a versioned bucket expiring
        // only adds a delete marker; the bytes go PENDING_NONCURRENT_DAYS later.
        {
          id: 'expire-pending',
          prefix: PENDING_PREFIX,
          expiration: Duration.days(PENDING_EXPIRY_DAYS),
          noncurrentVersionExpiration: Duration.days(PENDING_NONCURRENT_DAYS),
        },
        // Replaced and deleted images can be restored for 30 days, then their bytes go;
        // a delete marker with no version left behind it is removed too.
        {
          id: 'expire-noncurrent-versions',
          noncurrentVersionExpiration: Duration.days(NONCURRENT_VERSION_DAYS),
          expiredObjectDeleteMarker: true,
        },
      ],
    });
  }

  /**
   * Object access for the API: read, write and delete under pending/ and uploads/ (a publish
   * is a copy from one to the other) and assets/ (gated downloads' private files, copied from
   * pending/ and read through presigned GETs), and cleaning up multipart uploads. Nothing
   * bucket-wide.
   */
  grantObjectAccess(grantee: iam.IGrantable): iam.Grant {
    return iam.Grant.addToPrincipal({
      grantee,
      actions: [
        's3:GetObject',
        's3:PutObject',
        's3:DeleteObject',
        's3:AbortMultipartUpload',
        's3:ListMultipartUploadParts',
      ],
      resourceArns: [
        this.bucket.arnForObjects(`${PENDING_PREFIX}*`),
        this.bucket.arnForObjects(`${PUBLIC_PREFIX}*`),
        this.bucket.arnForObjects(`${PRIVATE_PREFIX}*`),
      ],
    });
  }

  /** Lets one CloudFront distribution (through OAC) read public uploads, and nothing else. */
  grantDistributionRead(distributionArn: string): void {
    this.bucket.addToResourcePolicy(
      new iam.PolicyStatement({
        sid: 'CloudFrontReadsPublicUploads',
        principals: [new iam.ServicePrincipal('cloudfront.amazonaws.com')],
        actions: ['s3:GetObject'],
        resources: [this.bucket.arnForObjects(`${PUBLIC_PREFIX}*`)],
        conditions: { StringEquals: { 'AWS:SourceArn': distributionArn } },
      }),
    );
  }
}
