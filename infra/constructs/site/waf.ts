// The distribution's web ACL: per-IP rate-based rules in front of pages, the API and the
// uploads (docs/decisions/0099-waf-rate-limits.md). A CloudFront web ACL lives in
// us-east-1; outside it, the ACL joins the 404 page's us-east-1 companion stack and its ARN
// comes back through an SSM parameter and a deploy-time reader (infra/waf-arn-reader/).
import { fileURLToPath } from 'node:url';
import {
  CustomResource,
  CustomResourceProvider,
  CustomResourceProviderRuntime,
  Stack,
  Stage,
  Validations,
} from 'aws-cdk-lib';
import * as ssm from 'aws-cdk-lib/aws-ssm';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';

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

/**
 * The web ACL with the rate-based rules (WAF_RATE_RULES); its ARN, for the distribution.
 * A CloudFront web ACL must be created in us-east-1. In a us-east-1 stack it is part of
 * the site's stack; elsewhere it joins the 404 page's us-east-1 companion stack, which keeps
 * its ARN in an SSM parameter there, read back at deploy time by a custom resource
 * (the way EdgeFunction passes its version ARN; CloudFormation cannot reference another
 * region's resources). Called after notFoundPageFunction() (edge-functions.ts), which makes that stack.
 */
export function webAclArn(site: Construct): string {
  const stack = Stack.of(site);
  const inUsEast1 = stack.region === 'us-east-1';
  const edgeStack = inUsEast1
    ? stack
    : Stage.of(site)?.node.tryFindChild(`${stack.stackName}-Edge`);
  if (!(edgeStack instanceof Stack)) throw new Error('The us-east-1 companion stack is missing');
  const scope = inUsEast1 ? site : new Construct(edgeStack, 'Waf');

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
  const serviceToken = CustomResourceProvider.getOrCreate(site, resourceType, {
    codeDirectory: fileURLToPath(new URL('../../waf-arn-reader', import.meta.url)),
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
  const reader = new CustomResource(site, 'WebAclArnReader', {
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
