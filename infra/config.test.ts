import { describe, expect, it } from 'vitest';
import { parseConfig } from './config.ts';

describe('parseConfig', () => {
  it('needs no settings at all', () => {
    expect(parseConfig({})).toEqual({
      stackName: 'PharmaBridgeWeb',
      env: { account: undefined, region: undefined },
      site: { domain: undefined, url: '' },
      alarmEmail: undefined,
    });
  });

  it('treats empty variables as unset', () => {
    expect(parseConfig({ STACK_NAME: '', SITE_URL: ' ', ALARM_EMAIL: '' })).toEqual(
      parseConfig({}),
    );
  });

  it('derives the site URL from the domain and normalises an explicit one', () => {
    const withDomain = parseConfig({
      SITE_DOMAIN: 'WWW.PharmaBridge.example',
      CERTIFICATE_ARN: 'arn:aws:acm:us-east-1:123456789012:certificate/abc-123',
    });
    expect(withDomain.site).toEqual({
      domain: {
        name: 'www.pharmabridge.example',
        certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc-123',
      },
      url: 'https://www.pharmabridge.example',
    });
    expect(parseConfig({ SITE_URL: 'https://pharmabridge.example/' }).site.url).toBe(
      'https://pharmabridge.example',
    );
  });

  it('passes the CLI account and region through to the stack environment', () => {
    expect(
      parseConfig({ CDK_DEFAULT_ACCOUNT: '123456789012', CDK_DEFAULT_REGION: 'eu-central-1' }).env,
    ).toEqual({ account: '123456789012', region: 'eu-central-1' });
  });

  it('names each bad setting and the problem', () => {
    const attempt = () =>
      parseConfig({
        STACK_NAME: '9lives',
        SITE_URL: 'https://pharmabridge.example/app',
        ALARM_EMAIL: 'ops',
      });
    expect(attempt).toThrow(/start with a letter.*\n\s*→ at STACK_NAME/);
    expect(attempt).toThrow(/origin only.*\n\s*→ at SITE_URL/);
    expect(attempt).toThrow(/email.*\n\s*→ at ALARM_EMAIL/);
  });

  it('requires a domain and its us-east-1 certificate together', () => {
    expect(() => parseConfig({ SITE_DOMAIN: 'www.pharmabridge.example' })).toThrow(
      /set together\n\s*→ at CERTIFICATE_ARN/,
    );
    expect(() =>
      parseConfig({
        SITE_DOMAIN: 'www.pharmabridge.example',
        CERTIFICATE_ARN: 'arn:aws:acm:eu-west-1:123456789012:certificate/abc',
      }),
    ).toThrow(/us-east-1/);
  });
});
