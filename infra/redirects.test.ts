// Redirects in AWS (docs/decisions/0141-redirects-served-twice.md): a CloudFront KeyValueStore
// associated with the default behaviour's viewer-request function, written by the site rebuild
// after the pages are published, which may update that store and nothing else of its kind.
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { unbundledTemplate } from './test-template.ts';

let template: Template;
beforeAll(() => {
  template = unbundledTemplate();
});

const onlyId = (type: string, props?: object) => {
  const ids = Object.keys(template.findResources(type, props ? { Properties: props } : undefined));
  return z.tuple([z.string()]).parse(ids)[0];
};
const storeArn = () => ({ 'Fn::GetAtt': [onlyId('AWS::CloudFront::KeyValueStore'), 'Arn'] });

/** The statements of the role's policies that name KeyValueStore actions. */
const kvsGrantsOf = (role: string) =>
  Object.values(
    template.findResources('AWS::IAM::Policy', {
      Properties: { Roles: Match.arrayWith([{ Ref: role }]) },
    }),
  )
    .flatMap(
      (policy) =>
        z
          .object({
            Properties: z.object({
              PolicyDocument: z.object({
                Statement: z.array(z.object({ Action: z.unknown(), Resource: z.unknown() })),
              }),
            }),
          })
          .parse(policy).Properties.PolicyDocument.Statement,
    )
    .filter((statement) => JSON.stringify(statement.Action).includes('cloudfront-keyvaluestore:'));

describe('redirects at the edge', () => {
  it('associates the KeyValueStore with the clean-URL function of the default behaviour', () => {
    const cleanUrls = onlyId('AWS::CloudFront::Function', {
      FunctionConfig: Match.objectLike({ Runtime: 'cloudfront-js-2.0' }),
      FunctionCode: Match.stringLikeRegexp('redirectResponse'),
    });
    template.hasResourceProperties('AWS::CloudFront::Function', {
      FunctionConfig: Match.objectLike({
        KeyValueStoreAssociations: [{ KeyValueStoreARN: storeArn() }],
      }),
      FunctionCode: Match.stringLikeRegexp("^import cf from 'cloudfront';"),
    });
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        DefaultCacheBehavior: Match.objectLike({
          FunctionAssociations: [
            {
              EventType: 'viewer-request',
              FunctionARN: { 'Fn::GetAtt': [cleanUrls, 'FunctionARN'] },
            },
          ],
        }),
      }),
    });
  });

  it('ships a function CloudFront accepts: cloudfront-js-2.0, its two imports, under 10 KB', () => {
    // The A/B assignment (issue 24) hashes with the runtime's crypto module, as the store
    // with the cloudfront module; CloudFront refuses function code over 10 KB.
    const [code] = Object.values(
      template.findResources('AWS::CloudFront::Function', {
        Properties: { FunctionCode: Match.stringLikeRegexp('experimentVariant') },
      }),
    ).map((resource) =>
      z
        .object({
          Properties: z.object({
            FunctionCode: z.string(),
            FunctionConfig: z.object({ Runtime: z.literal('cloudfront-js-2.0') }),
          }),
        })
        .parse(resource),
    );
    const source = code!.Properties.FunctionCode;
    expect(source.split('\n').slice(0, 2)).toEqual([
      "import cf from 'cloudfront';",
      "import crypto from 'crypto';",
    ]);
    expect(Buffer.byteLength(source)).toBeLessThanOrEqual(10 * 1024);
  });

  it('lets the rebuild read and update that store, and tells it which one', () => {
    const project = onlyId('AWS::CodeBuild::Project');
    const role = z
      .object({ 'Fn::GetAtt': z.tuple([z.string(), z.literal('Arn')]) })
      .parse(
        template.findResources('AWS::CodeBuild::Project')[project]!['Properties']['ServiceRole'],
      )['Fn::GetAtt'][0];
    expect(kvsGrantsOf(role)).toEqual([
      {
        Action: [
          'cloudfront-keyvaluestore:DescribeKeyValueStore',
          'cloudfront-keyvaluestore:ListKeys',
          'cloudfront-keyvaluestore:UpdateKeys',
        ],
        Resource: storeArn(),
      },
    ]);
    template.hasResourceProperties('AWS::CodeBuild::Project', {
      Environment: Match.objectLike({
        EnvironmentVariables: Match.arrayWith([
          { Name: 'REDIRECTS_KVS_ARN', Type: 'PLAINTEXT', Value: storeArn() },
        ]),
      }),
    });
  });

  it('lets the admin function and the schedules runner write live slugs to that store only (issue 33)', () => {
    // functions/publishing/live-slugs.ts: DescribeKeyValueStore for the ETag, then UpdateKeys.
    const functions = Object.entries(template.findResources('AWS::Lambda::Function')).filter(
      ([, resource]) =>
        JSON.stringify(resource).includes('REDIRECTS_KVS_ARN') &&
        !JSON.stringify(resource).includes('CodeBuild'),
    );
    const roles = functions.map(
      ([, resource]) =>
        z
          .object({
            Properties: z.object({
              Role: z.object({ 'Fn::GetAtt': z.tuple([z.string(), z.literal('Arn')]) }),
              Environment: z.object({ Variables: z.record(z.string(), z.unknown()) }),
            }),
          })
          .parse(resource).Properties,
    );
    expect(roles).toHaveLength(2);
    const descriptions = functions.map(([, resource]) =>
      String((resource as { Properties: { Description?: string } }).Properties.Description),
    );
    expect(descriptions.some((text) => /schedul/i.test(text))).toBe(true);
    for (const { Role, Environment } of roles) {
      expect(Environment.Variables['REDIRECTS_KVS_ARN']).toEqual(storeArn());
      expect(kvsGrantsOf(Role['Fn::GetAtt'][0])).toEqual([
        {
          Action: [
            'cloudfront-keyvaluestore:DescribeKeyValueStore',
            'cloudfront-keyvaluestore:UpdateKeys',
          ],
          Resource: storeArn(),
        },
      ]);
    }
  });

  it('writes the store after the pages are published and before the invalidation', () => {
    const spec = z
      .object({ phases: z.object({ build: z.object({ commands: z.array(z.string()) }) }) })
      .parse(
        JSON.parse(
          z
            .object({ Properties: z.object({ Source: z.object({ BuildSpec: z.string() }) }) })
            .parse(Object.values(template.findResources('AWS::CodeBuild::Project'))[0]).Properties
            .Source.BuildSpec,
        ),
      );
    const commands = spec.phases.build.commands;
    const at = (pattern: RegExp) => commands.findIndex((command) => pattern.test(command));
    const pages = at(/aws s3 sync dist .*--delete --exclude '_astro/);
    const sync = at(/scripts\/sync-redirects\.ts dist$/);
    const invalidate = at(/create-invalidation/);
    expect(pages).toBeGreaterThan(0);
    expect(pages).toBeLessThan(sync);
    expect(sync).toBeLessThan(invalidate);
    // The maps themselves are not published as files of the site (the experiments' holds the
    // assignment secret, issue 24).
    expect(commands[pages]).toContain("--exclude '.redirects.json'");
    expect(commands[pages]).toContain("--exclude '.experiments.json'");
    // Variant files: uploaded before the store sends visitors to them, deleted only after
    // the store stopped (and the invalidation finished), never by the pages' --delete.
    const variantsUp = at(/sync dist\/variants .*variants" --exclude/);
    const variantsDown = at(/sync dist\/variants .*variants" --delete/);
    expect(commands[pages]).toContain("--exclude 'variants/*'");
    expect(variantsUp).toBeGreaterThanOrEqual(0);
    expect(variantsUp).toBeLessThan(sync);
    expect(variantsDown).toBeGreaterThan(at(/wait invalidation-completed/));
  });
});
