// The deploy-time reader of the web ACL's ARN (infra/waf-arn-reader/index.js), run the way
// CloudFormation's custom resource provider runs it, against a real SSM API: moto_server
// (functions/test/moto.ts). Only AWS itself is stood in for; the handler, the SDK client
// and the HTTP calls are the real ones.
import { createRequire } from 'node:module';
import { PutParameterCommand, SSMClient } from '@aws-sdk/client-ssm';
import { beforeEach, describe, expect, inject, it, vi } from 'vitest';

interface ReaderEvent {
  RequestType: 'Create' | 'Update' | 'Delete';
  PhysicalResourceId?: string;
  ResourceProperties: { Region: string; ParameterName: string };
}
interface ReaderResult {
  PhysicalResourceId?: string;
  Data?: { Arn: string };
}
const { handler } = createRequire(import.meta.url)('./waf-arn-reader/index.js') as {
  handler: (event: ReaderEvent) => Promise<ReaderResult>;
};

const REGION = 'us-east-1';
const ARN =
  'arn:aws:wafv2:us-east-1:123456789012:global/webacl/PharmaBridgeWeb-edge/0e1d2c3b-4a59-6877-8695-a4b3c2d1e0f9';

beforeEach(() => {
  // The SDK reads these as Lambda's runtime would provide them; moto accepts any key. Before
  // each test: the project's unstubEnvs undoes a stub before every test
  // (scripts/vitest.config.ts).
  vi.stubEnv('AWS_ENDPOINT_URL_SSM', inject('motoEndpoint'));
  vi.stubEnv('AWS_ACCESS_KEY_ID', 'testing');
  vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'testing');
});

describe('the web ACL ARN reader', () => {
  it('answers the ARN the us-east-1 stack stored, with the parameter as its id', async () => {
    const name = `/PharmaBridgeWeb/waf/web-acl-arn-${Date.now()}`;
    await new SSMClient({ region: REGION }).send(
      new PutParameterCommand({ Name: name, Value: ARN, Type: 'String' }),
    );
    for (const RequestType of ['Create', 'Update'] as const) {
      expect(
        await handler({ RequestType, ResourceProperties: { Region: REGION, ParameterName: name } }),
      ).toEqual({ PhysicalResourceId: name, Data: { Arn: ARN } });
    }
  });

  it('fails the deployment when the parameter does not exist', async () => {
    await expect(
      handler({
        RequestType: 'Create',
        ResourceProperties: { Region: REGION, ParameterName: '/PharmaBridgeWeb/waf/missing' },
      }),
    ).rejects.toThrow(/ParameterNotFound|not found/i);
  });

  it('deletes nothing and calls nothing on Delete', async () => {
    expect(
      await handler({
        RequestType: 'Delete',
        PhysicalResourceId: '/PharmaBridgeWeb/waf/web-acl-arn',
        ResourceProperties: { Region: REGION, ParameterName: '/PharmaBridgeWeb/waf/missing' },
      }),
    ).toEqual({ PhysicalResourceId: '/PharmaBridgeWeb/waf/web-acl-arn' });
  });
});
