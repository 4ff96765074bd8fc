// Deploy-time reader of the web ACL's ARN (infra/constructs/site.ts webAclArn): a CloudFront
// web ACL lives in us-east-1, where its stack keeps the ARN in an SSM parameter; a stack in
// another region reads it here for its distribution. CommonJS: CDK's custom resource
// entry point loads it with require('./index'). The AWS SDK is part of the Lambda runtime.
/* global require, exports */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { SSMClient, GetParameterCommand } = require('@aws-sdk/client-ssm');

/** @param {{ RequestType: string, PhysicalResourceId?: string, ResourceProperties: { Region: string, ParameterName: string } }} event */
exports.handler = async (event) => {
  const { Region, ParameterName } = event.ResourceProperties;
  if (event.RequestType === 'Delete') return { PhysicalResourceId: event.PhysicalResourceId };
  const ssm = new SSMClient({ region: Region });
  const result = await ssm.send(new GetParameterCommand({ Name: ParameterName }));
  const arn = result.Parameter && result.Parameter.Value;
  if (!arn) throw new Error(`The parameter ${ParameterName} in ${Region} holds no web ACL ARN`);
  return { PhysicalResourceId: ParameterName, Data: { Arn: arn } };
};
