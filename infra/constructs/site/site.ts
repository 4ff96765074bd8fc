// The CDN in front of everything: static site (S3), API (API Gateway HTTP API) and public
// uploads (S3), all on one origin so the browser never needs CORS for the API
// (docs/decisions/0007-aws-topology.md). This construct holds the site bucket, the origins
// and the distribution's behaviours; beside it: policies.ts (response headers and caching),
// edge-functions.ts (the viewer-request functions and the 404 page's Lambda@Edge) and
// waf.ts (the rate-based web ACL).
import { Stack, Validations } from 'aws-cdk-lib';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { ORIGIN_VERIFY_HEADER } from '../api.ts';
import type { Uploads } from '../uploads.ts';
import { notFoundPageFunction, viewerRequestFunctions } from './edge-functions.ts';
import { cachePolicies, responseHeadersPolicies } from './policies.ts';
import { webAclArn } from './waf.ts';

export interface SiteProps {
  readonly api: {
    /** Host name of the API Gateway endpoint. */
    readonly domainName: string;
    /** Value CloudFront sends in X-Origin-Verify (a deploy-time dynamic reference). */
    readonly originVerifyValue: string;
  };
  readonly uploads: Uploads;
  readonly accessLogs: s3.IBucket;
  readonly domain?: { readonly name: string; readonly certificateArn: string } | undefined;
  /** AWS WAF rate-based rules on the distribution (InfraConfig waf); default on. */
  readonly waf?: boolean;
}

export class Site extends Construct {
  readonly bucket: s3.Bucket;
  readonly distribution: cloudfront.Distribution;
  /**
   * The redirects CloudFront answers (docs/decisions/0141-redirects-served-twice.md): the build's
   * redirect map, `<from>` -> `"<status> <to>"`, written by the site rebuild (rebuild.ts) and read
   * by the default behaviour's viewer-request function (infra/edge/clean-urls.js).
   */
  readonly redirects: cloudfront.KeyValueStore;

  constructor(scope: Construct, id: string, props: SiteProps) {
    super(scope, id);

    this.bucket = new s3.Bucket(this, 'Bucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: s3.BucketEncryption.S3_MANAGED,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: props.accessLogs,
      serverAccessLogsPrefix: 's3/site/',
    });

    const uploadsBucket = props.uploads.bucket;
    const { pageHeaders, assetHeaders, apiHeaders, uploadHeaders } = responseHeadersPolicies(
      this,
      uploadsBucket,
    );
    const { pageCache, assetCache } = cachePolicies(this);

    this.redirects = new cloudfront.KeyValueStore(this, 'Redirects', {
      comment: 'Site redirects: path -> "<status> <target>", written by the site rebuild',
    });
    const { cleanUrls, uploadsPath } = viewerRequestFunctions(this, this.redirects);

    const siteOrigin = origins.S3BucketOrigin.withOriginAccessControl(this.bucket);
    // S3BucketOrigin.withOriginAccessControl would grant CloudFront every key of the bucket
    // (arnForObjects('*')), including pending/ uploads nobody has approved. So the uploads
    // origin gets its own OAC and a bucket policy limited to uploads/* (grantDistributionRead).
    const uploadsOac = new cloudfront.S3OriginAccessControl(this, 'UploadsOac', {
      description: 'CloudFront reads public uploads',
      signing: cloudfront.Signing.SIGV4_ALWAYS,
    });
    const uploadsOrigin = origins.S3BucketOrigin.withBucketDefaults(uploadsBucket, {
      originAccessControlId: uploadsOac.originAccessControlId,
    });
    // The execute-api endpoint is public: the secret header is what tells the app a request
    // came through CloudFront (and so that CloudFront-Viewer-Address is CloudFront's own).
    const apiOrigin = new origins.HttpOrigin(props.api.domainName, {
      protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
      originSslProtocols: [cloudfront.OriginSslPolicy.TLS_V1_2],
      customHeaders: { [ORIGIN_VERIFY_HEADER]: props.api.originVerifyValue },
    });

    // Site content only (pages and hashed assets): API errors and missing uploads keep the
    // status and body their origin gave.
    const notFoundPages: cloudfront.EdgeLambda[] = [
      {
        functionVersion: notFoundPageFunction(this, this.bucket).currentVersion,
        eventType: cloudfront.LambdaEdgeEventType.ORIGIN_RESPONSE,
      },
    ];

    const certificate = props.domain
      ? acm.Certificate.fromCertificateArn(this, 'Certificate', props.domain.certificateArn)
      : undefined;

    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: `PharmaBridge web (${Stack.of(this).stackName})`,
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      // The minimum TLS version can only be chosen with an own certificate; the default
      // *.cloudfront.net one is fixed by CloudFront.
      ...(props.domain && certificate
        ? {
            domainNames: [props.domain.name],
            certificate,
            minimumProtocolVersion: cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021,
          }
        : {}),
      enableLogging: true,
      logBucket: props.accessLogs,
      logFilePrefix: 'cloudfront/',
      defaultBehavior: {
        origin: siteOrigin,
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
        cachePolicy: pageCache,
        responseHeadersPolicy: pageHeaders,
        functionAssociations: [
          { function: cleanUrls, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST },
        ],
        edgeLambdas: notFoundPages,
      },
      additionalBehaviors: {
        '/_astro/*': {
          origin: siteOrigin,
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
          cachePolicy: assetCache,
          responseHeadersPolicy: assetHeaders,
          // A missing hashed asset is a 404 too, not S3's 403 AccessDenied.
          edgeLambdas: notFoundPages,
        },
        '/api/*': {
          origin: apiOrigin,
          // HTTPS only, not redirect: a 301 would turn a POST into a GET.
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
          cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
          // API Gateway rejects a Host header that is not its own. This managed policy also
          // forwards CloudFront's own viewer headers, CloudFront-Viewer-Address (the client IP
          // for rate limits) among them; a custom policy cannot: CloudFront headers can only be
          // added to "all viewer headers" including Host, or to an allow-list.
          originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: apiHeaders,
        },
        '/objects/uploads/*': {
          origin: uploadsOrigin,
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
          // CachingOptimized follows each object's own Cache-Control, set by the API when it
          // publishes: a year for versioned variants (<id>.v<n>.w<width>.webp), a minute for
          // the image's path itself, which a replace keeps.
          cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
          responseHeadersPolicy: uploadHeaders,
          functionAssociations: [
            { function: uploadsPath, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST },
          ],
        },
      },
      // No errorResponses: they are distribution-wide and would replace the API's JSON
      // 403/404 with the HTML page. The default behaviour's origin-response function
      // (not-found-page) serves 404.html for missing pages instead.
      ...((props.waf ?? true) ? { webAclId: webAclArn(this) } : {}),
    });
    if (!(props.waf ?? true)) {
      Validations.of(this.distribution).acknowledge({
        id: 'AwsSolutions-CFR2',
        reason:
          'WAF turned off for this deployment (WAF=false): the API still rate-limits per ' +
          'address and IPv6 /64 in DynamoDB.',
      });
    }

    props.uploads.grantDistributionRead(this.distribution.distributionArn);
  }
}
