// Private bucket for user uploads. Browsers upload to presigned URLs under pending/<id> (a
// PUT, a POST-policy form, or multipart parts); the API checks and re-encodes accepted
// images into uploads/<id>..., the only prefix CloudFront may read.
import { Duration } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';

export const PENDING_PREFIX = 'pending/';
export const PUBLIC_PREFIX = 'uploads/';

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
      lifecycleRules: [
        { id: 'abort-incomplete-multipart', abortIncompleteMultipartUploadAfter: Duration.days(1) },
        // Uploads never confirmed by the API are dropped.
        { id: 'expire-pending', prefix: PENDING_PREFIX, expiration: Duration.days(2) },
      ],
    });
  }

  /**
   * Object access for the API: read, write and delete under pending/ and uploads/ (a publish
   * is a copy from one to the other), and cleaning up multipart uploads. Nothing bucket-wide.
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
