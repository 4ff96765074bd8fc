// The distribution's response-headers and cache policies: the security headers (one
// definition with the local server: functions/shared/security-headers.ts), the CSPs of
// pages, the API and uploads, and how long pages and hashed assets are cached
// (docs/decisions/0352-http-answers-of-the-local-server-and-the-edge.md).
import { Aws, Duration } from 'aws-cdk-lib';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import {
  API_CONTENT_SECURITY_POLICY,
  CROSS_ORIGIN_HEADERS,
  PERMISSIONS_POLICY,
  siteContentSecurityPolicy,
} from '../../../functions/shared/security-headers.ts';
import { UPLOADS_CONTENT_SECURITY_POLICY } from '../../../functions/shared/media.ts';

/**
 * The response-headers policy of each kind of answer. Uploaded files are served from the
 * site's own origin, so a stored HTML or SVG file must not be able to run script there:
 * their CSP's `sandbox` gives it an opaque origin (one definition for CloudFront and the
 * local server, functions/storage/serve.ts). Pages may connect to the uploads bucket.
 */
export function responseHeadersPolicies(
  site: Construct,
  uploadsBucket: s3.IBucket,
): {
  pageHeaders: cloudfront.ResponseHeadersPolicy;
  assetHeaders: cloudfront.ResponseHeadersPolicy;
  apiHeaders: cloudfront.ResponseHeadersPolicy;
  uploadHeaders: cloudfront.ResponseHeadersPolicy;
} {
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
    value: PERMISSIONS_POLICY,
    override: true,
  };
  // COOP and CORP on every behaviour, as the local server sends them (one definition).
  const crossOrigin: cloudfront.ResponseCustomHeader[] = Object.entries(CROSS_ORIGIN_HEADERS).map(
    ([header, value]) => ({ header, value, override: true }),
  );
  const siteCsp = siteContentSecurityPolicy({ connectOrigins: uploadOrigins });

  const pageHeaders = new cloudfront.ResponseHeadersPolicy(site, 'PageHeaders', {
    comment: 'Security headers for site pages',
    securityHeadersBehavior: securityHeaders(siteCsp),
    customHeadersBehavior: {
      customHeaders: [
        permissionsPolicy,
        ...crossOrigin,
        // Only when the deploy did not set one: browsers revalidate HTML on every visit.
        { header: 'Cache-Control', value: 'public, max-age=0, must-revalidate', override: false },
      ],
    },
  });
  const assetHeaders = new cloudfront.ResponseHeadersPolicy(site, 'AssetHeaders', {
    comment: 'Security headers and immutable caching for hashed assets',
    securityHeadersBehavior: securityHeaders(siteCsp),
    customHeadersBehavior: {
      customHeaders: [
        permissionsPolicy,
        ...crossOrigin,
        // File names carry a content hash, so browsers may keep them for a year untouched.
        { header: 'Cache-Control', value: 'public, max-age=31536000, immutable', override: true },
      ],
    },
  });
  const apiHeaders = new cloudfront.ResponseHeadersPolicy(site, 'ApiHeaders', {
    comment: 'Security headers for API responses',
    securityHeadersBehavior: securityHeaders(API_CONTENT_SECURITY_POLICY),
    customHeadersBehavior: {
      customHeaders: [
        permissionsPolicy,
        ...crossOrigin,
        // Responses may be per user; the API opts into caching explicitly when it wants it.
        { header: 'Cache-Control', value: 'no-store', override: false },
      ],
    },
  });
  const uploadHeaders = new cloudfront.ResponseHeadersPolicy(site, 'UploadHeaders', {
    comment: 'Security headers for user uploads (sandboxed)',
    securityHeadersBehavior: securityHeaders(UPLOADS_CONTENT_SECURITY_POLICY),
    customHeadersBehavior: { customHeaders: [permissionsPolicy, ...crossOrigin] },
  });
  return { pageHeaders, assetHeaders, apiHeaders, uploadHeaders };
}

/** Pages' short TTL and hashed assets' year, both with compressed variants. */
export function cachePolicies(site: Construct): {
  pageCache: cloudfront.CachePolicy;
  assetCache: cloudfront.CachePolicy;
} {
  const compressed = {
    enableAcceptEncodingGzip: true,
    enableAcceptEncodingBrotli: true,
    queryStringBehavior: cloudfront.CacheQueryStringBehavior.none(),
    headerBehavior: cloudfront.CacheHeaderBehavior.none(),
    cookieBehavior: cloudfront.CacheCookieBehavior.none(),
  };
  // Deploys invalidate the distribution, so the TTL only bounds staleness if one fails.
  const pageCache = new cloudfront.CachePolicy(site, 'PageCache', {
    comment: 'Site pages: short TTL',
    minTtl: Duration.seconds(0),
    defaultTtl: Duration.minutes(5),
    maxTtl: Duration.hours(1),
    ...compressed,
  });
  const assetCache = new cloudfront.CachePolicy(site, 'AssetCache', {
    comment: 'Hashed assets: one year, whatever the object metadata says',
    minTtl: Duration.days(365),
    defaultTtl: Duration.days(365),
    maxTtl: Duration.days(365),
    ...compressed,
  });
  return { pageCache, assetCache };
}
