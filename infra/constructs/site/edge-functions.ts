// The site's code at the edge (infra/edge/): the viewer-request CloudFront Functions (clean
// URLs, redirects and experiments over the redirects KeyValueStore; the uploads' path) and
// the default behaviour's Lambda@Edge origin-response function that serves the 404 page
// (docs/decisions/0007-aws-topology.md, docs/decisions/0141-redirects-served-twice.md).
import { fileURLToPath } from 'node:url';
import { Duration, Stack, Validations } from 'aws-cdk-lib';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';

const edgeFunctionFile = (name: string) =>
  fileURLToPath(new URL(`../../edge/${name}`, import.meta.url));

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

/** The viewer-request functions: the default behaviour's and the uploads' behaviour's. */
export function viewerRequestFunctions(
  site: Construct,
  redirects: cloudfront.IKeyValueStore,
): { cleanUrls: cloudfront.Function; uploadsPath: cloudfront.Function } {
  const cleanUrls = new cloudfront.Function(site, 'CleanUrls', {
    comment: 'Clean URLs to index.html objects; trailing slash redirects',
    runtime: cloudfront.FunctionRuntime.JS_2_0,
    // Read as the first thing the function does: a stored path answers 301/302.
    keyValueStore: redirects,
    code: cloudfront.FunctionCode.fromFile({ filePath: edgeFunctionFile('clean-urls.js') }),
  });
  const uploadsPath = new cloudfront.Function(site, 'UploadsPath', {
    comment: 'Maps /objects/uploads/<id> to the S3 key uploads/<id>',
    runtime: cloudfront.FunctionRuntime.JS_2_0,
    code: cloudfront.FunctionCode.fromFile({ filePath: edgeFunctionFile('uploads-path.js') }),
  });
  return { cleanUrls, uploadsPath };
}

/**
 * Lambda@Edge origin-response function of the default behaviour (infra/edge/not-found-page).
 * Lambda@Edge runs in us-east-1 only; for a stack elsewhere CDK puts the function in a
 * companion stack there and reads its version ARN back through a custom resource.
 */
export function notFoundPageFunction(
  site: Construct,
  bucket: s3.IBucket,
): cloudfront.experimental.EdgeFunction {
  const stack = Stack.of(site);
  const roleName = notFoundPageRoleName(stack.stackName, stack.region);
  const fn = new cloudfront.experimental.EdgeFunction(site, 'NotFoundPage', {
    description: 'Serves 404.html with status 404 for missing site pages',
    // Lambda@Edge supports Node.js up to 22 (not the nodejs24.x of the API), and x86_64 only.
    runtime: lambda.Runtime.NODEJS_22_X,
    architecture: lambda.Architecture.X86_64,
    handler: 'index.handler',
    code: lambda.Code.fromAsset(edgeFunctionFile('not-found-page')),
    memorySize: 128,
    timeout: Duration.seconds(5),
    // The us-east-1 companion stack (outside us-east-1 only), named after site one.
    stackId: `${stack.stackName}-Edge`,
  });
  const role = fn.lambda.role;
  const cfnRole = role?.node.defaultChild;
  if (!(cfnRole instanceof iam.CfnRole)) throw new Error('The 404 page function has no role');
  cfnRole.roleName = roleName;

  // Read on 404.html and the /legacy shell and nothing else, granted by the bucket (the role's own policy cannot
  // name a bucket of another region's stack). Same account, so site allow suffices.
  const { statementAdded, policyDependable } = bucket.addToResourcePolicy(
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
      resources: [bucket.arnForObjects(NOT_FOUND_PAGE_KEY), bucket.arnForObjects(LEGACY_SHELL_KEY)],
    }),
  );
  // In us-east-1 the function (and role) are in site stack: a bucket policy naming a role
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
