// Issue 21, item 2: CloudFront serves IPv6 and had no WAF. The distribution now carries a
// web ACL of rate-based rules (infra/constructs/site/waf.ts), unless WAF=false. A CloudFront
// web ACL must live in us-east-1: outside it, it joins the us-east-1 companion stack and
// its ARN comes back through an SSM parameter. Synthesized with cdk-nag, as `cdk synth`.
import { readFileSync } from 'node:fs';
import { App, Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { parseConfig, type RawConfig } from './config.ts';
import { WAF_RATE_RULES, WAF_WINDOW_SECONDS, wafArnParameterName } from './constructs/site/waf.ts';
import { addWebApp } from './web-app.ts';

const cdkJson = z
  .object({ context: z.record(z.string(), z.unknown()) })
  .parse(JSON.parse(readFileSync(new URL('../cdk.json', import.meta.url), 'utf8')));

function build(raw: RawConfig) {
  // An empty bundling-stacks list skips esbuild: the API's code is not what is tested here.
  const app = new App({ context: { ...cdkJson.context, 'aws:cdk:bundling-stacks': [] } });
  const stack = addWebApp(app, parseConfig(raw));
  const others = app.node.children.filter(
    (child): child is Stack => Stack.isStack(child) && child !== stack,
  );
  return { stack, template: Template.fromStack(stack), others };
}

const distributionConfig = (template: Template) =>
  z
    .object({ Properties: z.object({ DistributionConfig: z.record(z.string(), z.unknown()) }) })
    .parse(Object.values(template.findResources('AWS::CloudFront::Distribution'))[0]).Properties
    .DistributionConfig;

const rateRule = (name: string, limit: number) =>
  Match.objectLike({
    Name: name,
    Statement: {
      RateBasedStatement: Match.objectLike({
        AggregateKeyType: 'IP',
        Limit: limit,
        EvaluationWindowSec: WAF_WINDOW_SECONDS,
      }),
    },
    Action: {
      Block: { CustomResponse: Match.objectLike({ ResponseCode: 429 }) },
    },
  });

/** The scope-down statement of a rule: POST and one of the paths. */
const postTo = (...paths: string[]) => {
  const path = (searchString: string) => ({
    ByteMatchStatement: Match.objectLike({
      FieldToMatch: { UriPath: {} },
      PositionalConstraint: 'STARTS_WITH',
      SearchString: searchString,
    }),
  });
  return {
    AndStatement: {
      Statements: [
        {
          ByteMatchStatement: Match.objectLike({
            FieldToMatch: { Method: {} },
            PositionalConstraint: 'EXACTLY',
            SearchString: 'POST',
          }),
        },
        paths.length === 1 ? path(paths[0]!) : { OrStatement: { Statements: paths.map(path) } },
      ],
    },
  };
};

function expectRules(acl: Template) {
  acl.resourceCountIs('AWS::WAFv2::WebACL', 1);
  acl.hasResourceProperties('AWS::WAFv2::WebACL', {
    Scope: 'CLOUDFRONT',
    DefaultAction: { Allow: {} },
    Rules: [
      rateRule('auth-and-contact', WAF_RATE_RULES.authAndContact.limit),
      rateRule('conversions', WAF_RATE_RULES.conversions.limit),
      rateRule('general', WAF_RATE_RULES.general.limit),
    ],
  });
  const rules = z
    .array(z.object({ Name: z.string(), Statement: z.object({ RateBasedStatement: z.unknown() }) }))
    .parse(
      z
        .object({ Properties: z.object({ Rules: z.unknown() }) })
        .parse(Object.values(acl.findResources('AWS::WAFv2::WebACL'))[0]).Properties.Rules,
    );
  const scopeDown = (name: string) =>
    z
      .object({ ScopeDownStatement: z.unknown().optional() })
      .parse(rules.find((rule) => rule.Name === name)!.Statement.RateBasedStatement)
      .ScopeDownStatement;
  expect(scopeDown('auth-and-contact')).toEqual(
    expect.objectContaining({
      AndStatement: {
        Statements: [
          expect.objectContaining({
            ByteMatchStatement: expect.objectContaining({ SearchString: 'POST' }),
          }),
          {
            OrStatement: {
              Statements: ['/api/auth/', '/api/contact'].map((path) => ({
                ByteMatchStatement: expect.objectContaining({
                  SearchString: path,
                  PositionalConstraint: 'STARTS_WITH',
                }),
              })),
            },
          },
        ],
      },
    }),
  );
  Template.fromJSON({
    Resources: { Check: { Type: 'Check', Properties: scopeDown('conversions') } },
  }).hasResourceProperties('Check', postTo('/api/conversions'));
  // The general rule counts every request.
  expect(scopeDown('general')).toBeUndefined();
}

// Each test synthesizes whole apps, which a loaded machine takes well over 30 s to do.
describe('AWS WAF on the distribution', { timeout: 180_000 }, () => {
  it('is on by default; outside us-east-1 the web ACL lives in the us-east-1 companion stack', () => {
    const { stack, template, others } = build({});
    expect(stack.region).toBe('eu-west-1');
    template.resourceCountIs('AWS::WAFv2::WebACL', 0);
    const [edge] = others;
    expect(others).toHaveLength(1);
    expect(edge!.region).toBe('us-east-1');
    const edgeTemplate = Template.fromStack(edge!);
    expectRules(edgeTemplate);
    // The ACL's ARN goes into a parameter there...
    const acl = Object.keys(edgeTemplate.findResources('AWS::WAFv2::WebACL'))[0]!;
    edgeTemplate.hasResourceProperties('AWS::SSM::Parameter', {
      Name: wafArnParameterName('PharmaBridgeWeb'),
      Value: { 'Fn::GetAtt': [acl, 'Arn'] },
    });
    // ...which a custom resource of the main stack reads back, in us-east-1, for the
    // distribution's WebACLId.
    const readers = Object.entries(template.findResources('Custom::WebAclArnReader'));
    expect(readers).toHaveLength(1);
    const [readerId, reader] = readers[0]!;
    expect(reader).toMatchObject({
      Properties: { Region: 'us-east-1', ParameterName: wafArnParameterName('PharmaBridgeWeb') },
    });
    expect(distributionConfig(template)['WebACLId']).toEqual({
      'Fn::GetAtt': [readerId, 'Arn'],
    });
    // The reader may read that parameter and nothing else.
    template.hasResourceProperties('AWS::IAM::Role', {
      Policies: [
        Match.objectLike({
          PolicyDocument: Match.objectLike({
            Statement: [
              {
                Effect: 'Allow',
                Action: ['ssm:GetParameter'],
                Resource: {
                  'Fn::Join': [
                    '',
                    [
                      'arn:aws:ssm:us-east-1:',
                      { Ref: 'AWS::AccountId' },
                      `:parameter${wafArnParameterName('PharmaBridgeWeb')}`,
                    ],
                  ],
                },
              },
            ],
          }),
        }),
      ],
    });
  });

  it('keeps the web ACL in the stack when that is in us-east-1', () => {
    const { template, others } = build({ DEPLOY_REGION: 'us-east-1' });
    expect(others).toHaveLength(0);
    expectRules(template);
    const acl = Object.keys(template.findResources('AWS::WAFv2::WebACL'))[0]!;
    expect(distributionConfig(template)['WebACLId']).toEqual({ 'Fn::GetAtt': [acl, 'Arn'] });
    template.resourceCountIs('Custom::WebAclArnReader', 0);
  });

  it('WAF=false removes the web ACL and its association', () => {
    for (const region of ['eu-west-1', 'us-east-1']) {
      const { template, others } = build({ WAF: 'false', DEPLOY_REGION: region });
      template.resourceCountIs('AWS::WAFv2::WebACL', 0);
      for (const other of others)
        Template.fromStack(other).resourceCountIs('AWS::WAFv2::WebACL', 0);
      expect(distributionConfig(template)).not.toHaveProperty('WebACLId');
      expect(JSON.stringify(template.toJSON())).not.toContain('waf/web-acl-arn');
    }
  });

  it('reads the flag from text or a boolean, and refuses anything else', () => {
    expect(parseConfig({}).waf).toBe(true);
    expect(parseConfig({ WAF: '' }).waf).toBe(true);
    for (const off of ['false', 'off', '0', false])
      expect(parseConfig({ WAF: off }).waf).toBe(false);
    for (const on of ['true', 'on', '1', true]) expect(parseConfig({ WAF: on }).waf).toBe(true);
    expect(() => parseConfig({ WAF: 'maybe' })).toThrow(/WAF/);
  });
});
