// The CDN in front of everything: static site (S3), API (API Gateway HTTP API) and public
// uploads (S3), all on one origin so the browser never needs CORS for the API.
import { fileURLToPath } from 'node:url';
import {
  Aws,
  CustomResource,
  CustomResourceProvider,
  CustomResourceProviderRuntime,
  Duration,
  Stack,
  Stage,
  Validations,
} from 'aws-cdk-lib';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as ssm from 'aws-cdk-lib/aws-ssm';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import { ORIGIN_VERIFY_HEADER } from './api.ts';
import type { Uploads } from './uploads.ts';
import {
  API_CONTENT_SECURITY_POLICY,
  CROSS_ORIGIN_HEADERS,
  PERMISSIONS_POLICY,
  siteContentSecurityPolicy,
} from '../../functions/shared/security-headers.ts';
import { UPLOADS_CONTENT_SECURITY_POLICY } from '../../functions/shared/media.ts';

const edgeFunctionFile = (name: string) =>
  fileURLToPath(new URL(`../edge/${name}`, import.meta.url));

/**
 * Uploaded files are served from the site's own origin, so a stored HTML or SVG file must
 * not be able to run script there: `sandbox` gives it an opaque origin. One definition for
 * CloudFront and the local server (functions/storage/serve.ts).
 */

/** The page served, with status 404, for any missing key of the site bucket. */
export const NOT_FOUND_PAGE_KEY = '404.html';
/**
 * Served with status 404 for a /legacy/<slug> of no live page (issue 33; the viewer-request
 * function sends it to /_not-found/legacy): the shell's script says "Landing page not found".
 */
export const LEGACY_SHELL_KEY = 'legacy/index.html';

/**
 * IAM name of the 404 page function's role. Fixed so the site bucket's policy can name it:
 * the role lives in the us-east-1 companion stack, which this stack cannot reference.
 * Role names are account-wide, hence the region; IAM allows 64 characters.
 */
export const notFoundPageRoleName = (stackName: string, region: string): string =>
  `${stackName.slice(0, 64 - region.length - 10)}-${region}-404-page`;

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

/**
 * The web ACL's rate-based rules: requests per client IP in a sliding 5-minute window
 * (WAF checks about every 10 s). Backstops to the API's own limits, which count in
 * DynamoDB per address and /64 (functions/core/client-address.ts limitKey): these stop a flood
 * before it costs a Lambda invocation or a write. WAF aggregates IPv6 by full address.
 */
export const WAF_RATE_RULES = {
  /** Sign-in, codes, links and the contact form: POSTs that hash passwords or store leads. */
  authAndContact: { limit: 50, paths: ['/api/auth/', '/api/contact'] },
  /** Conversion events: 120 a minute, as the API's per-address cap (CONVERSION_ADDRESS_RATE_LIMIT). */
  conversions: { limit: 600, paths: ['/api/conversions'] },
  /** Everything: pages, assets, images and the API, 10 requests a second on average. */
  general: { limit: 3000 },
} as const;
export const WAF_WINDOW_SECONDS = 300;
/** Where the us-east-1 web ACL's ARN is kept for a stack in another region. */
export const wafArnParameterName = (stackName: string): string => `/${stackName}/waf/web-acl-arn`;

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

    const pageHeaders = new cloudfront.ResponseHeadersPolicy(this, 'PageHeaders', {
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
    const assetHeaders = new cloudfront.ResponseHeadersPolicy(this, 'AssetHeaders', {
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
    const apiHeaders = new cloudfront.ResponseHeadersPolicy(this, 'ApiHeaders', {
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
    const uploadHeaders = new cloudfront.ResponseHeadersPolicy(this, 'UploadHeaders', {
      comment: 'Security headers for user uploads (sandboxed)',
      securityHeadersBehavior: securityHeaders(UPLOADS_CONTENT_SECURITY_POLICY),
      customHeadersBehavior: { customHeaders: [permissionsPolicy, ...crossOrigin] },
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

    this.redirects = new cloudfront.KeyValueStore(this, 'Redirects', {
      comment: 'Site redirects: path -> "<status> <target>", written by the site rebuild',
    });
    const cleanUrls = new cloudfront.Function(this, 'CleanUrls', {
      comment: 'Clean URLs to index.html objects; trailing slash redirects',
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      // Read as the first thing the function does: a stored path answers 301/302.
      keyValueStore: this.redirects,
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
        functionVersion: this.notFoundPageFunction().currentVersion,
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
      ...((props.waf ?? true) ? { webAclId: this.webAclArn() } : {}),
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

  /**
   * The web ACL with the rate-based rules (WAF_RATE_RULES); its ARN, for the distribution.
   * A CloudFront web ACL must be created in us-east-1. In a us-east-1 stack it is part of
   * this stack; elsewhere it joins the 404 page's us-east-1 companion stack, which keeps
   * its ARN in an SSM parameter there, read back at deploy time by a custom resource
   * (the way EdgeFunction passes its version ARN; CloudFormation cannot reference another
   * region's resources). Called after notFoundPageFunction(), which makes that stack.
   */
  private webAclArn(): string {
    const stack = Stack.of(this);
    const inUsEast1 = stack.region === 'us-east-1';
    const edgeStack = inUsEast1
      ? stack
      : Stage.of(this)?.node.tryFindChild(`${stack.stackName}-Edge`);
    if (!(edgeStack instanceof Stack)) throw new Error('The us-east-1 companion stack is missing');
    const scope = inUsEast1 ? this : new Construct(edgeStack, 'Waf');

    const RESPONSE_BODY = 'rate-limited';
    const visibility = (metricName: string): wafv2.CfnWebACL.VisibilityConfigProperty => ({
      cloudWatchMetricsEnabled: true,
      metricName,
      sampledRequestsEnabled: true,
    });
    const startsWith = (path: string): wafv2.CfnWebACL.StatementProperty => ({
      byteMatchStatement: {
        fieldToMatch: { uriPath: {} },
        positionalConstraint: 'STARTS_WITH',
        searchString: path,
        textTransformations: [{ priority: 0, type: 'NONE' }],
      },
    });
    const anyOf = (statements: wafv2.CfnWebACL.StatementProperty[]) =>
      statements.length === 1 ? statements[0]! : { orStatement: { statements } };
    const postTo = (paths: readonly string[]): wafv2.CfnWebACL.StatementProperty => ({
      andStatement: {
        statements: [
          {
            byteMatchStatement: {
              fieldToMatch: { method: {} },
              positionalConstraint: 'EXACTLY',
              searchString: 'POST',
              textTransformations: [{ priority: 0, type: 'NONE' }],
            },
          },
          anyOf(paths.map(startsWith)),
        ],
      },
    });
    const rule = (
      name: string,
      priority: number,
      limit: number,
      scopeDownStatement?: wafv2.CfnWebACL.StatementProperty,
    ): wafv2.CfnWebACL.RuleProperty => ({
      name,
      priority,
      statement: {
        rateBasedStatement: {
          // The viewer's own address: CloudFront is the origin WAF sees. IP is the only
          // address key; no option aggregates an IPv6 prefix
          // (docs/decisions/0099-waf-rate-limits.md).
          aggregateKeyType: 'IP',
          limit,
          evaluationWindowSec: WAF_WINDOW_SECONDS,
          ...(scopeDownStatement ? { scopeDownStatement } : {}),
        },
      },
      // 429 with the API's error shape, so the site's scripts show their usual message.
      action: {
        block: {
          customResponse: {
            responseCode: 429,
            customResponseBodyKey: RESPONSE_BODY,
            responseHeaders: [{ name: 'retry-after', value: String(WAF_WINDOW_SECONDS) }],
          },
        },
      },
      visibilityConfig: visibility(`${stack.stackName}-${name}`),
    });
    const { authAndContact, conversions, general } = WAF_RATE_RULES;
    const webAcl = new wafv2.CfnWebACL(scope, 'WebAcl', {
      name: `${stack.stackName}-rate-limits`,
      description: 'Per-IP rate limits in front of the PharmaBridge web distribution',
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      customResponseBodies: {
        [RESPONSE_BODY]: {
          contentType: 'APPLICATION_JSON',
          content: JSON.stringify({
            error: { code: 'rate_limited', message: 'Too many requests; try again later.' },
          }),
        },
      },
      rules: [
        rule('auth-and-contact', 0, authAndContact.limit, postTo(authAndContact.paths)),
        rule('conversions', 1, conversions.limit, postTo(conversions.paths)),
        rule('general', 2, general.limit),
      ],
      visibilityConfig: visibility(`${stack.stackName}-rate-limits`),
    });
    if (inUsEast1) return webAcl.attrArn;

    const parameterName = wafArnParameterName(stack.stackName);
    new ssm.StringParameter(scope, 'WebAclArn', {
      parameterName,
      stringValue: webAcl.attrArn,
      description: `ARN of the web ACL of ${stack.stackName}'s distribution`,
    });
    // A provider of CDK core (as EdgeFunction's own ARN reader), not AwsCustomResource:
    // its one function reads this one parameter and nothing else.
    const resourceType = 'Custom::WebAclArnReader';
    const serviceToken = CustomResourceProvider.getOrCreate(this, resourceType, {
      codeDirectory: fileURLToPath(new URL('../waf-arn-reader', import.meta.url)),
      runtime: CustomResourceProviderRuntime.NODEJS_24_X,
      description: "Reads the us-east-1 web ACL's ARN for the distribution",
      policyStatements: [
        {
          Effect: 'Allow',
          Action: ['ssm:GetParameter'],
          Resource: stack.formatArn({
            service: 'ssm',
            region: 'us-east-1',
            resource: 'parameter',
            resourceName: parameterName.slice(1),
          }),
        },
      ],
    });
    const reader = new CustomResource(this, 'WebAclArnReader', {
      resourceType,
      serviceToken,
      // The ACL's name is fixed, so its ARN never changes once created.
      properties: { Region: 'us-east-1', ParameterName: parameterName },
    });
    const provider = stack.node.tryFindChild(`${resourceType}CustomResourceProvider`);
    if (provider) {
      Validations.of(provider).acknowledge({
        id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
        reason:
          'The web ACL ARN reader (infra/waf-arn-reader) logs with the basic execution role; ' +
          'it runs only during deployments.',
      });
    }
    return reader.getAttString('Arn');
  }

  /**
   * Lambda@Edge origin-response function of the default behaviour (infra/edge/not-found-page).
   * Lambda@Edge runs in us-east-1 only; for a stack elsewhere CDK puts the function in a
   * companion stack there and reads its version ARN back through a custom resource.
   */
  private notFoundPageFunction(): cloudfront.experimental.EdgeFunction {
    const stack = Stack.of(this);
    const roleName = notFoundPageRoleName(stack.stackName, stack.region);
    const fn = new cloudfront.experimental.EdgeFunction(this, 'NotFoundPage', {
      description: 'Serves 404.html with status 404 for missing site pages',
      // Lambda@Edge supports Node.js up to 22 (not the nodejs24.x of the API), and x86_64 only.
      runtime: lambda.Runtime.NODEJS_22_X,
      architecture: lambda.Architecture.X86_64,
      handler: 'index.handler',
      code: lambda.Code.fromAsset(edgeFunctionFile('not-found-page')),
      memorySize: 128,
      timeout: Duration.seconds(5),
      // The us-east-1 companion stack (outside us-east-1 only), named after this one.
      stackId: `${stack.stackName}-Edge`,
    });
    const role = fn.lambda.role;
    const cfnRole = role?.node.defaultChild;
    if (!(cfnRole instanceof iam.CfnRole)) throw new Error('The 404 page function has no role');
    cfnRole.roleName = roleName;

    // Read on 404.html and the /legacy shell and nothing else, granted by the bucket (the role's own policy cannot
    // name a bucket of another region's stack). Same account, so this allow suffices.
    const { statementAdded, policyDependable } = this.bucket.addToResourcePolicy(
      new iam.PolicyStatement({
        sid: 'NotFoundPageReads404',
        principals: [
          new iam.ArnPrincipal(
            stack.formatArn({
              service: 'iam',
              region: '',
              resource: 'role',
              resourceName: roleName,
            }),
          ),
        ],
        actions: ['s3:GetObject'],
        resources: [
          this.bucket.arnForObjects(NOT_FOUND_PAGE_KEY),
          this.bucket.arnForObjects(LEGACY_SHELL_KEY),
        ],
      }),
    );
    // In us-east-1 the function (and role) are in this stack: a bucket policy naming a role
    // that does not exist yet is rejected, so create the role first.
    if (statementAdded && policyDependable && role && Stack.of(role) === stack) {
      (policyDependable as Construct).node.addDependency(role);
    }

    // Lambda@Edge writes its logs in whichever region serves the request, into log groups
    // named /aws/lambda/us-east-1.<function> there; no single log group ARN can be granted.
    Validations.of(fn.lambda).acknowledge(
      {
        id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
        reason:
          'Lambda@Edge logs to /aws/lambda/us-east-1.<name> in every region that serves ' +
          'requests, so the log permissions cannot be narrowed to one log group.',
      },
      {
        id: 'AwsSolutions-L1',
        reason:
          'Lambda@Edge accepts Node.js runtimes up to nodejs22.x; nodejs24.x cannot be ' +
          'associated with a CloudFront distribution.',
      },
    );
    return fn;
  }
}
