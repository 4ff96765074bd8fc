import { App } from 'aws-cdk-lib';
import { describe, expect, it, vi } from 'vitest';
import { CONFIG_KEYS, DEFAULT_REGION, loadConfig, parseConfig } from './config.ts';

describe('parseConfig', () => {
  it('needs no settings at all', () => {
    expect(parseConfig({})).toEqual({
      stackName: 'PharmaBridgeWeb',
      env: { account: undefined, region: 'eu-west-1' },
      site: { domain: undefined, url: '' },
      alarmEmail: undefined,
      mail: undefined,
      waf: true,
      auditArchiveRetentionDays: 2557,
    });
  });

  it('sends lead notifications when MAIL_FROM and NOTIFY_EMAIL are set together', () => {
    expect(
      parseConfig({
        MAIL_FROM: 'PharmaBridge Website <no-reply@pharmabridge.example>',
        NOTIFY_EMAIL: 'sales@pharmabridge.example, ops@pharmabridge.example',
      }).mail,
    ).toEqual({
      from: 'PharmaBridge Website <no-reply@pharmabridge.example>',
      fromAddress: 'no-reply@pharmabridge.example',
      notify: ['sales@pharmabridge.example', 'ops@pharmabridge.example'],
    });
    expect(() => parseConfig({ NOTIFY_EMAIL: 'sales@pharmabridge.example' })).toThrow(
      /MAIL_FROM and NOTIFY_EMAIL must be set together\n\s*→ at MAIL_FROM/,
    );
    expect(() =>
      parseConfig({ MAIL_FROM: 'Website <nobody>', NOTIFY_EMAIL: 'sales@pharmabridge.example' }),
    ).toThrow(/must be an e-mail address, or a name and an address[^\n]*\n\s*→ at MAIL_FROM/);
    expect(() =>
      parseConfig({ MAIL_FROM: 'no-reply@pharmabridge.example', NOTIFY_EMAIL: 'sales, ops' }),
    ).toThrow(/must be email addresses separated by commas/);
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

  it('deploys to DEPLOY_REGION, with the CLI account when there is one', () => {
    expect(
      parseConfig({ CDK_DEFAULT_ACCOUNT: '123456789012', DEPLOY_REGION: 'eu-central-1' }).env,
    ).toEqual({ account: '123456789012', region: 'eu-central-1' });
    expect(parseConfig({ DEPLOY_REGION: '' }).env.region).toBe(DEFAULT_REGION);
    expect(() => parseConfig({ DEPLOY_REGION: 'Frankfurt' })).toThrow(
      /must be a region\n\s*→ at DEPLOY_REGION/,
    );
  });

  it("ignores the CLI's CDK_DEFAULT_REGION (a profile default, us-east-1 without one)", () => {
    expect(CONFIG_KEYS).not.toContain('CDK_DEFAULT_REGION');
    vi.stubEnv('CDK_DEFAULT_REGION', 'us-east-1');
    vi.stubEnv('DEPLOY_REGION', '');
    try {
      expect(loadConfig(new App()).env.region).toBe(DEFAULT_REGION);
    } finally {
      vi.unstubAllEnvs();
    }
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
