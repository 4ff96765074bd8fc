// The public Lambda bundle, built with the CDK's esbuild settings (scripts/bench/lambda.ts),
// holds none of the admin-only clients: its esbuild metafile lists no CodeBuild client,
// sharp, nodemailer, S3 or SES client and no admin-only repository, and the bundle's text
// names none of them, and it keeps only the zod its schemas use. Built in chunks, what its
// cold start reads holds none of the deferred routes and services (functions/public-app.ts),
// and the built function loads a deferred chunk when asked. Sizes and timings are the
// bench's business (npm run bench -- --only lambda), not this test's.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import {
  buildLambda,
  LAMBDA_ENTRIES,
  SPLIT_ENTRIES,
  type LambdaBundle,
} from '../scripts/bench/lambda.ts';

const dir = mkdtempSync(join(tmpdir(), 'pb-lambda-bundle-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * Source files with bytes in the bundle (the metafile's inputs also list tree-shaken ones),
 * or in those of its files named (relative to its folder: LambdaBundle.coldFiles).
 */
const bundled = (bundle: LambdaBundle, files?: readonly string[]) =>
  Object.entries(bundle.metafile.outputs)
    .filter(
      ([path]) =>
        !files || files.includes(relative(dirname(bundle.file), join(process.cwd(), path))),
    )
    .flatMap(([, output]) =>
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

/** Modules only the public function's deferred routes use (functions/public-app.ts). */
const DEFERRED = [
  'functions/routes/contact.ts',
  'functions/routes/forms.ts',
  'functions/routes/preview.ts',
  'functions/routes/shared-analytics.ts',
  'functions/deferred-services.ts',
  'functions/data/workflow/repository.ts',
  'functions/data/leads/repository.ts',
  'functions/mail/ses.ts',
];

/** The handler invoked as API Gateway (payload v2) would, printing the answer. */
const INVOKE = `
const { handler } = await import(process.argv[1]);
const answer = await handler({
  version: '2.0', routeKey: '$default', rawPath: '/api/contact', rawQueryString: '',
  headers: { host: 'api.example.com' }, isBase64Encoded: false,
  requestContext: { http: { method: 'DELETE', path: '/api/contact', protocol: 'HTTP/1.1',
    sourceIp: '203.0.113.7', userAgent: 'test' }, domainName: 'api.example.com',
    requestId: 'r', routeKey: '$default', stage: '$default', time: '', timeEpoch: 0 },
}, {});
process.stdout.write(JSON.stringify({ statusCode: answer.statusCode, body: JSON.parse(answer.body) }));
`;

let built: Promise<LambdaBundle> | undefined;
const publicBundle = () =>
  (built ??= buildLambda(
    dir,
    'public',
    { entry: LAMBDA_ENTRIES['public']! },
    SPLIT_ENTRIES.has('public'),
  ));

/** The bundle's JavaScript files, relative to its folder. */
const chunksOf = (bundle: LambdaBundle) =>
  readdirSync(dirname(bundle.file), { recursive: true, encoding: 'utf8' }).filter((file) =>
    file.endsWith('.mjs'),
  );

describe('Lambda bundles', () => {
  it('the public bundle carries no CodeBuild, sharp, nodemailer, S3 or SES client, nor admin repositories', async () => {
    const bundle = await publicBundle();
    const inputs = bundled(bundle);
    for (const name of FORBIDDEN) {
      expect(inputs.filter((input) => input.includes(`node_modules/${name}/`))).toEqual([]);
    }
    const code = chunksOf(bundle)
      .map((file) => readFileSync(join(dirname(bundle.file), file), 'utf8'))
      .join('\n');
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

  it('the public cold start reads none of the deferred routes and services, which load on first use', async () => {
    const bundle = await publicBundle();
    expect(SPLIT_ENTRIES.has('public')).toBe(true);
    const cold = bundled(bundle, bundle.coldFiles);
    for (const deferred of DEFERRED) {
      expect(cold, deferred).not.toContain(deferred);
      expect(bundled(bundle), deferred).toContain(deferred);
    }
    // The cold routes and services are in it.
    for (const file of ['functions/routes/conversions.ts', 'functions/cold-services.ts']) {
      expect(cold).toContain(file);
    }
    expect(bundle.coldBytes).toBeLessThan(bundle.bytes);
    // The built function itself: a deferred route's chunk is imported on its request (a
    // method the route lacks answers the app's 404 envelope, after the load, with no table).
    const child = spawnSync(
      process.execPath,
      ['--input-type=module', '-e', INVOKE, pathToFileURL(bundle.file).href],
      {
        env: {
          PATH: process.env['PATH'] ?? '',
          TABLE_NAME: 'bundle-test',
          AWS_REGION: 'eu-central-1',
          AWS_ACCESS_KEY_ID: 'test',
          AWS_SECRET_ACCESS_KEY: 'test',
          DYNAMODB_ENDPOINT: 'http://127.0.0.1:9',
          LOG_LEVEL: 'error',
        },
        encoding: 'utf8',
      },
    );
    expect(child.stderr).toBe('');
    expect(JSON.parse(child.stdout)).toEqual({
      statusCode: 404,
      body: { error: { code: 'not_found', message: 'No API route for DELETE /api/contact' } },
    });
  });

  it('the admin bundle does carry them (the check above can fail)', async () => {
    const bundle = await buildLambda(dir, 'admin', { entry: LAMBDA_ENTRIES['admin']! });
    const inputs = bundled(bundle);
    expect(inputs.some((input) => input.includes('node_modules/@aws-sdk/client-codebuild/'))).toBe(
      true,
    );
    expect(inputs.some((input) => input.includes('node_modules/nodemailer/'))).toBe(true);
    expect(ADMIN_ONLY.filter((file) => inputs.includes(file))).toEqual(ADMIN_ONLY);
    expect(
      chunksOf(bundle)
        .map((file) => readFileSync(join(dirname(bundle.file), file), 'utf8'))
        .join('\n'),
    ).toContain('sharp');
  });
});
