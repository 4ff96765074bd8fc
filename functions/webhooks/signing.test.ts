import { describe, expect, it } from 'vitest';
import { secretKey, secretProblem, signatureHeaders } from './signing.ts';

describe('Standard Webhooks signing', () => {
  it("matches the specification's reference vector", () => {
    // From the Standard Webhooks reference libraries' tests.
    const headers = signatureHeaders(
      secretKey('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'),
      'msg_p5jXN8AQM9LWM0D4loKWxJek',
      new Date(1614265330 * 1000),
      '{"test": 2432232314}',
    );
    expect(headers).toEqual({
      'webhook-id': 'msg_p5jXN8AQM9LWM0D4loKWxJek',
      'webhook-timestamp': '1614265330',
      'webhook-signature': 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
    });
  });

  it('reads the secret with or without the whsec_ prefix', () => {
    expect(secretKey('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw')).toEqual(
      secretKey('MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'),
    );
    expect(secretKey('MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw')).toHaveLength(24);
  });

  it('accepts 24 to 64 bytes of base64 only', () => {
    const base64 = (bytes: number) => Buffer.alloc(bytes, 7).toString('base64');
    expect(secretProblem(`whsec_${base64(24)}`)).toBeUndefined();
    expect(secretProblem(`whsec_${base64(64)}`)).toBeUndefined();
    expect(secretProblem(base64(32))).toBeUndefined();
    expect(secretProblem(`whsec_${base64(23)}`)).toBe('must decode to 24 to 64 bytes (it has 23)');
    expect(secretProblem(`whsec_${base64(65)}`)).toBe('must decode to 24 to 64 bytes (it has 65)');
    expect(secretProblem('whsec_not*base64')).toMatch(/^must be whsec_ followed by base64/);
    expect(secretProblem('')).toMatch(/^must decode/);
  });
});
