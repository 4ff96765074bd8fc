// The CDN in front of everything: static site (S3), API (Lambda function URL) and public
// uploads (S3), all on one origin so the browser never needs CORS for the API.
import { fileURLToPath } from 'node:url';
import { Aws, Duration, Stack } from 'aws-cdk-lib';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import type { Uploads } from './uploads.ts';

const edgeFunctionFile = (name: string) =>
  fileURLToPath(new URL(`../edge/${name}`, import.meta.url));

/** CSP for the Astro pages with React islands (Astro inlines its hydration scripts). */
export const siteContentSecurityPolicy = (uploadOrigins: string[]): string =>
  [
    "default-src 'self'",
    "img-src 'self' data: blob:",
    "style-src 'self' 'unsafe-inline'",
    "script-src 'self' 'unsafe-inline'",
    // Presigned uploads go straight from the browser to the uploads bucket's S3 endpoint.
    ["connect-src 'self'", ...uploadOrigins].join(' '),
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');

/**
 * Uploaded files are served from the site's own origin, so a stored HTML or SVG file must
 * not be able to run script there: `sandbox` gives it an opaque origin.
 */
export const UPLOADS_CONTENT_SECURITY_POLICY =
  "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox";

export interface SiteProps {
  readonly api: lambda.IFunctionUrl;
  readonly uploads: Uploads;
  readonly accessLogs: s3.IBucket;
  readonly domain?: { readonly name: string; readonly certificateArn: string } | undefined;
}

export class Site extends Construct {
  readonly bucket: s3.Bucket;
  readonly distribution: cloudfront.Distribution;

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
    const uploadOrigins = [
      `https://${uploadsBucket.bucketRegionalDomainName}`,
      `https://${uploadsBucket.bucketName}.s3.${Aws.REGION}.${Aws.URL_SUFFIX}`,
    ];

    const securityHeaders = (
      contentSecurityPolicy: string,
    ): cloudfront.ResponseSecurityHeadersBehavior => ({
      strictTransportSecurity: {
        accessControlMaxAge: Duration.days(730),
        includeSubdomains: true,
        preload: true,
        override: true,
      },
      contentTypeOptions: { override: true },
      frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true },
      referrerPolicy: {
        referrerPolicy: cloudfront.HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN,
        override: true,
      },
      contentSecurityPolicy: { contentSecurityPolicy, override: true },
    });
    const permissionsPolicy: cloudfront.ResponseCustomHeader = {
      header: 'Permissions-Policy',
      value: 'camera=(), microphone=(), geolocation=(), payment=()',
      override: true,
    };
    const siteCsp = siteContentSecurityPolicy(uploadOrigins);

    const pageHeaders = new cloudfront.ResponseHeadersPolicy(this, 'PageHeaders', {
      comment: 'Security headers for site pages',
      securityHeadersBehavior: securityHeaders(siteCsp),
      customHeadersBehavior: {
        customHeaders: [
          permissionsPolicy,
          // Only when the deploy did not set one: browsers revalidate HTML on every visit.
          { header: 'Cache-Control', value: 'public, max-age=0, must-revalidate', override: false },
        ],
      },
    });
    const assetHeaders = new cloudfront.ResponseHeadersPolicy(this, 'AssetHeaders', {
      comment: 'Security headers and immutable caching for hashed assets',
      securityHeadersBehavior: securityHeaders(siteCsp),
      customHeadersBehavior: {
        customHeaders: [
          permissionsPolicy,
          // File names carry a content hash, so browsers may keep them for a year untouched.
          { header: 'Cache-Control', value: 'public, max-age=31536000, immutable', override: true },
        ],
      },
    });
    const apiHeaders = new cloudfront.ResponseHeadersPolicy(this, 'ApiHeaders', {
      comment: 'Security headers for API responses',
      securityHeadersBehavior: securityHeaders(siteCsp),
      customHeadersBehavior: {
        customHeaders: [
          permissionsPolicy,
          // Responses may be per user; the API opts into caching explicitly when it wants it.
          { header: 'Cache-Control', value: 'no-store', override: false },
        ],
      },
    });
    const uploadHeaders = new cloudfront.ResponseHeadersPolicy(this, 'UploadHeaders', {
      comment: 'Security headers for user uploads (sandboxed)',
      securityHeadersBehavior: securityHeaders(UPLOADS_CONTENT_SECURITY_POLICY),
      customHeadersBehavior: { customHeaders: [permissionsPolicy] },
    });

    const compressed = {
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
      queryStringBehavior: cloudfront.CacheQueryStringBehavior.none(),
      headerBehavior: cloudfront.CacheHeaderBehavior.none(),
      cookieBehavior: cloudfront.CacheCookieBehavior.none(),
    };
    // Deploys invalidate the distribution, so the TTL only bounds staleness if one fails.
    const pageCache = new cloudfront.CachePolicy(this, 'PageCache', {
      comment: 'Site pages: short TTL',
      minTtl: Duration.seconds(0),
      defaultTtl: Duration.minutes(5),
      maxTtl: Duration.hours(1),
      ...compressed,
    });
    const assetCache = new cloudfront.CachePolicy(this, 'AssetCache', {
      comment: 'Hashed assets: one year, whatever the object metadata says',
      minTtl: Duration.days(365),
      defaultTtl: Duration.days(365),
      maxTtl: Duration.days(365),
      ...compressed,
    });

    const cleanUrls = new cloudfront.Function(this, 'CleanUrls', {
      comment: 'Clean URLs to index.html objects; trailing slash redirects',
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      code: cloudfront.FunctionCode.fromFile({ filePath: edgeFunctionFile('clean-urls.js') }),
    });
    const uploadsPath = new cloudfront.Function(this, 'UploadsPath', {
      comment: 'Maps /objects/uploads/<id> to the S3 key uploads/<id>',
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      code: cloudfront.FunctionCode.fromFile({ filePath: edgeFunctionFile('uploads-path.js') }),
    });

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
    // OAC signs requests to the function URL, but Lambda does not accept unsigned payloads:
    // POST/PUT/PATCH from the browser must carry x-amz-content-sha256 (hex SHA-256 of the
    // body) or the function URL answers 403.
    const apiOrigin = origins.FunctionUrlOrigin.withOriginAccessControl(props.api);

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
      },
      additionalBehaviors: {
        '/_astro/*': {
          origin: siteOrigin,
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
          cachePolicy: assetCache,
          responseHeadersPolicy: assetHeaders,
        },
        '/api/*': {
          origin: apiOrigin,
          // HTTPS only, not redirect: a 301 would turn a POST into a GET.
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
          cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
          // The function URL rejects a Host header that is not its own.
          originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: apiHeaders,
        },
        '/objects/uploads/*': {
          origin: uploadsOrigin,
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
          // Upload ids are never reused, so an object's bytes never change under its URL.
          cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
          responseHeadersPolicy: uploadHeaders,
          functionAssociations: [
            { function: uploadsPath, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST },
          ],
        },
      },
      // S3 answers 403 for a missing key (CloudFront may not ListBucket). Custom error
      // responses are distribution-wide: a 403/404 from /api/* is replaced by this page too,
      // so API clients see status 404 with an HTML body there.
      errorResponses: [403, 404].map((httpStatus) => ({
        httpStatus,
        responseHttpStatus: 404,
        responsePagePath: '/404.html',
        ttl: Duration.minutes(1),
      })),
    });

    props.uploads.grantDistributionRead(this.distribution.distributionArn);
  }
}
