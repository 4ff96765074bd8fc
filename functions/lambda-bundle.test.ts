// The public Lambda bundle, built with the CDK's esbuild settings (scripts/bench/lambda.ts),
// holds none of the admin-only clients: its esbuild metafile lists no CodeBuild client,
// sharp, nodemailer, S3 or SES client and no admin-only repository, and the bundle's text
// names none of them, and it keeps only the zod its schemas use. Sizes and timings are the
// bench's business (npm run bench -- --only lambda), not this test's.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildLambda, LAMBDA_ENTRIES, type LambdaBundle } from '../scripts/bench/lambda.ts';

const dir = mkdtempSync(join(tmpdir(), 'pb-lambda-bundle-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Source files with bytes in the bundle (the metafile's inputs also list tree-shaken ones). */
const bundled = (bundle: LambdaBundle) =>
  Object.values(bundle.metafile.outputs).flatMap((output) =>
    Object.entries(output.inputs)
      .filter(([, input]) => input.bytesInOutput > 0)
      .map(([path]) => path),
  );

const FORBIDDEN = [
  '@aws-sdk/client-codebuild',
  'sharp',
  'nodemailer',
  '@aws-sdk/client-s3',
  // Lead notifications are signed HTTPS calls (functions/mail/ses.ts), not the SES client.
  '@aws-sdk/client-sesv2',
];

/** Admin-only repositories (functions/services.ts adds them; visitor-services.ts does not). */
const ADMIN_ONLY = [
  'functions/data/invitations.ts',
  'functions/data/two-factor/store.ts',
  'functions/data/two-factor/recovery-codes.ts',
  'functions/data/two-factor/enrolment.ts',
  'functions/data/two-factor/wrong-codes.ts',
  'functions/data/two-factor/repository.ts',
  'functions/data/sign-in-throttle.ts',
  // Not install-secrets.ts: a shared dashboard's link (issue 25) is checked by the public
  // function against its install secret; that function could read the item anyway.
];

describe('Lambda bundles', () => {
  it('the public bundle carries no CodeBuild, sharp, nodemailer, S3 or SES client, nor admin repositories', async () => {
    const bundle = await buildLambda(dir, 'public', { entry: LAMBDA_ENTRIES['public']! });
    const inputs = bundled(bundle);
    for (const name of FORBIDDEN) {
      expect(inputs.filter((input) => input.includes(`node_modules/${name}/`))).toEqual([]);
    }
    const code = readFileSync(bundle.file, 'utf8');
    expect(code).not.toContain('StartBuildCommand');
    expect(code).not.toMatch(/from\s*["']sharp["']|import\(["']sharp["']\)/);
    expect(code).not.toContain('nodemailer');
    expect(inputs.filter((input) => ADMIN_ONLY.includes(input))).toEqual([]);
    // The lead notification still goes out through SES.
    expect(inputs).toContain('functions/mail/ses.ts');
    // zod imported as `import * as z` (eslint.config.js): of its 64 locales only the
    // default English one, and no JSON Schema reader.
    expect(inputs.filter((input) => input.includes('node_modules/zod/v4/locales/'))).toEqual([
      'node_modules/zod/v4/locales/en.js',
    ]);
    expect(inputs.filter((input) => input.includes('from-json-schema'))).toEqual([]);
  });

  it('the admin bundle does carry them (the check above can fail)', async () => {
    const bundle = await buildLambda(dir, 'admin', { entry: LAMBDA_ENTRIES['admin']! });
    const inputs = bundled(bundle);
    expect(inputs.some((input) => input.includes('node_modules/@aws-sdk/client-codebuild/'))).toBe(
      true,
    );
    expect(inputs.some((input) => input.includes('node_modules/nodemailer/'))).toBe(true);
    expect(ADMIN_ONLY.filter((file) => inputs.includes(file))).toEqual(ADMIN_ONLY);
    expect(readFileSync(bundle.file, 'utf8')).toContain('sharp');
  });
});
