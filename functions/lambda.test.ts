// The Lambda entry (functions/lambda.ts) exactly as AWS runs it: config read from the
// environment at import, the Hono app behind hono/aws-lambda, DynamoDB Local as the table.
// API Gateway is the one part mocked: its HTTP API (payload v2) events are built by hand
// below, shaped like those CloudFront -> API Gateway delivers.
import claimsJson from '../content/claims.json' with { type: 'json' };
import { seedClaimsOf } from './data/claims/seed.ts';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { LambdaEvent } from 'hono/aws-lambda';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, describe, expect, inject, it, vi } from 'vitest';
import { createDocumentClient } from './data/dynamo.ts';
import { LandingPageRepository } from './data/landing-pages/repository.ts';
import { LeadRepository } from './data/leads/repository.ts';
import { seedDefaultPage } from './data/seed.ts';
import { ensureTable } from './data/table.ts';
import { AdminRepository, adminKey } from './data/admins.ts';
import type { ErrorBody } from './lib/errors.ts';
import { newTotpSecret } from './core/totp.ts';
import { kmsCall, KmsSecretBox, SECRET_PURPOSES } from './webhooks/secret-box.ts';

const API_HOST = 'a1b2c3d4e5.execute-api.eu-west-1.amazonaws.com';

interface EventOptions {
  body?: unknown;
  headers?: Record<string, string>;
}

function apiEvent(
  method: string,
  path: string,
  options: EventOptions = {},
): APIGatewayProxyEventV2 {
  const [rawPath = path, rawQueryString = ''] = path.split('?');
  return {
    version: '2.0',
    routeKey: '$default',
    rawPath,
    rawQueryString,
    headers: {
      host: API_HOST,
      'user-agent': 'Amazon CloudFront',
      // What CloudFront adds: the viewer's address, and (through the origin request
      // policy) the browser's own headers.
      'cloudfront-viewer-address': '203.0.113.7:51234',
      'cloudfront-viewer-country': 'DE',
      'x-forwarded-for': '203.0.113.7, 130.176.0.12',
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...options.headers,
    },
    requestContext: {
      accountId: '123456789012',
      apiId: 'a1b2c3d4e5',
      domainName: API_HOST,
      domainPrefix: 'a1b2c3d4e5',
      http: {
        method,
        path: rawPath,
        protocol: 'HTTP/1.1',
        sourceIp: '130.176.0.12', // a CloudFront edge, not the visitor
        userAgent: 'Amazon CloudFront',
      },
      requestId: randomUUID(),
      routeKey: '$default',
      stage: '$default',
      time: new Date().toUTCString(),
      timeEpoch: Date.now(),
    },
    isBase64Encoded: false,
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  };
}

/** A fresh table holding the seeded default landing page, like a first deploy. */
async function seededTable() {
  const endpoint = inject('dynamoEndpoint');
  const tableName = `test-lambda-${randomUUID()}`;
  const db = createDocumentClient({ region: 'local', endpoint });
  await ensureTable(db, tableName);
  await seedDefaultPage(new LandingPageRepository(db, tableName));
  return { endpoint, tableName };
}

/**
 * Imports functions/lambda.ts afresh with this environment (the module reads its config at
 * import, so each configuration needs its own module instance).
 */
async function loadLambda(
  env: Record<string, string>,
  table?: { endpoint: string; tableName: string },
  entry: 'admin' | 'public' = 'admin',
) {
  const { endpoint, tableName } = table ?? (await seededTable());
  vi.resetModules();
  const settings: Record<string, string> = {
    AWS_REGION: 'local',
    DYNAMODB_ENDPOINT: endpoint,
    TABLE_NAME: tableName,
    ORIGIN_VERIFY_SECRET: '',
    REBUILD_PROJECT: '',
    LOG_LEVEL: 'error',
    ...env,
  };
  for (const [name, value] of Object.entries(settings)) vi.stubEnv(name, value);
  const { handler } =
    entry === 'admin' ? await import('./lambda-admin.ts') : await import('./lambda-public.ts');
  return async (event: APIGatewayProxyEventV2) => {
    // hono's declared event type is stricter than what API Gateway sends (it wants
    // `authorizer`, `authentication` and a null body even without authorizer or body); the
    // adapter reads only fields that real events have, as built above.
    const result = await handler(event as unknown as LambdaEvent);
    return {
      status: result.statusCode,
      headers: result.headers ?? {},
      json: (): unknown =>
        JSON.parse(
          result.isBase64Encoded ? Buffer.from(result.body, 'base64').toString() : result.body,
        ),
    };
  };
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('Lambda entry behind API Gateway (payload v2)', () => {
  it('answers GET /api/health from the table', async () => {
    const invoke = await loadLambda({});
    const response = await invoke(apiEvent('GET', '/api/health'));
    expect(response.status).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('serves the seeded default landing page', async () => {
    const invoke = await loadLambda({});
    const response = await invoke(apiEvent('GET', '/api/landing-pages/default'));
    expect(response.status).toBe(200);
    expect(response.json()).toMatchObject({ slug: 'default', isActive: true });
  });

  it('the deploy-time setup function seeds the default page and the first-admin setup', async () => {
    const endpoint = inject('dynamoEndpoint');
    const tableName = `test-lambda-${randomUUID()}`;
    const db = createDocumentClient({ region: 'local', endpoint });
    await ensureTable(db, tableName);
    const invokePublic = await loadLambda({}, { endpoint, tableName }, 'public');
    // The functions themselves seed nothing: before the setup ran there is no page.
    expect((await invokePublic(apiEvent('GET', '/api/landing-pages/default'))).status).toBe(404);
    const { handler: setup } = await import('./lambda-setup.ts');
    expect(await setup()).toEqual({
      defaultPage: 'created',
      admin: 'setup',
      twoFactorSecretsEncrypted: 0,
      claimsSeeded: seedClaimsOf(claimsJson).length,
    });
    expect(await setup()).toEqual({
      defaultPage: 'exists',
      admin: 'setup',
      twoFactorSecretsEncrypted: 0,
      claimsSeeded: 0,
    });
    const invoke = await loadLambda({}, { endpoint, tableName });
    const response = await invoke(apiEvent('GET', '/api/landing-pages/default'));
    expect(response.status).toBe(200);
    expect(response.json()).toMatchObject({
      slug: 'default',
      content: { brand: { name: 'PharmaBridge' } },
    });
    // No ADMIN_EMAIL: nobody can sign in until the logged one-time link is used.
    const login = await invoke(
      apiEvent('POST', '/api/auth/login', {
        body: { email: 'admin@example.com', password: 'correct horse battery staple' },
        headers: { origin: `https://${API_HOST}`, 'sec-fetch-site': 'same-origin' },
      }),
    );
    expect(login.status).toBe(401);
  });

  it('the setup function encrypts two-factor secrets stored in clear with the KMS key (moto stands in for KMS)', async () => {
    const endpoint = inject('dynamoEndpoint');
    const tableName = `test-lambda-${randomUUID()}`;
    // In eu-west-1 (moto's KMS wants a real region; DynamoDB Local keeps tables per region).
    const db = createDocumentClient({ region: 'eu-west-1', endpoint });
    await ensureTable(db, tableName);
    // What an earlier version left: an administrator with the TOTP secret in clear.
    const admins = new AdminRepository(db, tableName);
    await admins.create('dana@example.com', 'x');
    const secret = newTotpSecret();
    await db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: adminKey('dana@example.com'),
        UpdateExpression: 'SET totpSecret = :secret',
        ExpressionAttributeValues: { ':secret': secret },
      }),
    );
    // moto checks neither signatures nor IAM (the grant is checked in infra/lead-webhook.test.ts).
    vi.stubEnv('AWS_ACCESS_KEY_ID', 'testing');
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'testing');
    const moto = inject('motoEndpoint');
    const call = kmsCall('eu-west-1', moto);
    const { KeyMetadata } = (await call('CreateKey', { Description: 'setup test' })) as {
      KeyMetadata: { Arn: string };
    };
    await loadLambda(
      {
        AWS_REGION: 'eu-west-1',
        LEAD_SETTINGS_KMS_KEY: KeyMetadata.Arn,
        AWS_ENDPOINT_URL_KMS: moto,
      },
      { endpoint, tableName },
    );
    const { handler: setup } = await import('./lambda-setup.ts');
    expect(await setup()).toMatchObject({ twoFactorSecretsEncrypted: 1 });
    const stored = (await admins.get('dana@example.com'))!.totpSecret!;
    expect(stored).toMatch(/^kms:v1:/);
    expect(
      await new KmsSecretBox(KeyMetadata.Arn, call, SECRET_PURPOSES.totp).decrypt(stored),
    ).toBe(secret);
    expect(await setup()).toMatchObject({ twoFactorSecretsEncrypted: 0 });
  });

  it('reads a POST body and answers a bad one with the 400 envelope', async () => {
    const invoke = await loadLambda({});
    const response = await invoke(apiEvent('POST', '/api/contact', { body: {} }));
    expect(response.status).toBe(400);
    const { error } = response.json() as ErrorBody;
    expect(error.code).toBe('validation_failed');
    expect(Object.keys(error.fields ?? {}).sort()).toEqual(['email', 'name']);
  });

  it('accepts a valid POST body (what the function URL refused without a body hash)', async () => {
    const invoke = await loadLambda({});
    const response = await invoke(
      apiEvent('POST', '/api/contact', {
        body: { name: 'Dana Whitfield', email: 'dana@example-pharma.com' },
      }),
    );
    expect(response.status).toBe(201);
    expect(response.json()).toMatchObject({ status: 'received' });
  });

  it('answers unknown API paths with the JSON 404 envelope', async () => {
    const invoke = await loadLambda({});
    const response = await invoke(apiEvent('GET', '/api/no-such-thing'));
    expect(response.status).toBe(404);
    expect((response.json() as ErrorBody).error.code).toBe('not_found');
  });
});

describe('public function', () => {
  it('serves the visitor routes and none of the admin ones', async () => {
    const invoke = await loadLambda({}, undefined, 'public');
    expect((await invoke(apiEvent('GET', '/api/health'))).status).toBe(200);
    const page = await invoke(apiEvent('GET', '/api/landing-pages/default'));
    expect(page.json()).toMatchObject({ slug: 'default', isActive: true });
    for (const [method, path] of [
      ['GET', '/api/landing-pages'],
      ['PUT', '/api/landing-pages/default'],
      ['GET', '/api/admin/build-status'],
      ['POST', '/api/auth/login'],
    ] as const) {
      const response = await invoke(apiEvent(method, path, method === 'GET' ? {} : { body: {} }));
      expect(response.status, `${method} ${path}`).toBe(404);
    }
  });
  it('answers each visitor route without reaching for an admin-only service', async () => {
    // The public function's services are the visitor ones only (visitor-services.ts): a
    // route that touched another would throw, naming it, and answer 500.
    const table = await seededTable();
    const db = createDocumentClient({ region: 'local', endpoint: table.endpoint });
    const pages = new LandingPageRepository(db, table.tableName);
    const home = await pages.getBySlug('default');
    await pages.create({
      title: 'Spring campaign (draft)',
      slug: 'spring-draft',
      isActive: false,
      content: home!.content,
    });
    const invoke = await loadLambda(
      {
        LEAD_WEBHOOK_URL: 'https://crm.pharmabridge.example/hooks/leads',
        LEAD_WEBHOOK_SECRET: `whsec_${Buffer.alloc(32, 7).toString('base64')}`,
      },
      table,
      'public',
    );
    // A draft is checked against the visitor's session (sessions, admins): none, so 404.
    const draft = await invoke(
      apiEvent('GET', '/api/landing-pages/spring-draft', {
        headers: { cookie: `__Host-pb_session=${'s'.repeat(43)}` },
      }),
    );
    expect(draft.status).toBe(404);
    // A conversion resolves the page and counts the event.
    const event = await invoke(
      apiEvent('POST', '/api/conversions', {
        body: { landingPageId: 'default', eventType: 'hero_primary_cta' },
      }),
    );
    expect(event.status).toBe(202);
    // A lead to forward is stored with its CRM delivery, for the drainer to send.
    const lead = await invoke(
      apiEvent('POST', '/api/contact', {
        body: {
          name: 'Dana Whitfield',
          email: 'dana@example-pharma.com',
          landingPageId: 'default',
        },
      }),
    );
    expect(lead.status).toBe(201);
    const { id } = lead.json() as { id: string };
    const record = await new LeadRepository(db, table.tableName).record(id);
    expect(record?.outbox).toMatchObject({ leadId: id, status: 'pending', automaticAttempts: 0 });
  });
});

describe('X-Origin-Verify (ORIGIN_VERIFY_SECRET set)', () => {
  const secret = 'k9Qv2XcT7mLp4RzB8nWd3HsYf6JuA1Ge';

  it('refuses a request without the header: a direct call to the API endpoint', async () => {
    const invoke = await loadLambda({ ORIGIN_VERIFY_SECRET: secret });
    const response = await invoke(apiEvent('GET', '/api/health'));
    expect(response.status).toBe(403);
    expect(response.json()).toEqual({
      error: { code: 'forbidden', message: 'Requests must come through the site' },
    });
  });

  it('refuses a wrong value, including a prefix of the right one', async () => {
    const invoke = await loadLambda({ ORIGIN_VERIFY_SECRET: secret });
    for (const value of ['wrong', secret.slice(0, -1), `${secret}x`, '']) {
      const response = await invoke(
        apiEvent('POST', '/api/contact', { body: {}, headers: { 'x-origin-verify': value } }),
      );
      expect(response.status, value).toBe(403);
    }
  });

  it('lets a request with the right header through', async () => {
    const invoke = await loadLambda({ ORIGIN_VERIFY_SECRET: secret });
    const health = await invoke(
      apiEvent('GET', '/api/health', { headers: { 'x-origin-verify': secret } }),
    );
    expect(health.status).toBe(200);
    const post = await invoke(
      apiEvent('POST', '/api/contact', { body: {}, headers: { 'x-origin-verify': secret } }),
    );
    expect(post.status).toBe(400);
  });
});

describe('Lambda entry: lead notification through SES', () => {
  it('sends the SES SendEmail request for a new lead after storing it', async () => {
    // A stand-in for the SES endpoint (AWS itself cannot be reached from here): the function,
    // configured by the environment as in AWS, sends its signed request over HTTP
    // (mail/mailer.test.ts checks the signature against the AWS SDK's).
    const requests: { path: string; body: string; authorization: string }[] = [];
    const ses = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        requests.push({
          path: request.url ?? '',
          body,
          authorization: String(request.headers['authorization']),
        });
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ MessageId: 'lambda-test-1' }));
      });
    });
    await new Promise<void>((resolve) => ses.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = ses.address() as AddressInfo;
      const invoke = await loadLambda(
        {
          MAIL_TRANSPORT: 'ses',
          MAIL_FROM: 'PharmaBridge Website <no-reply@pharmabridge.example>',
          NOTIFY_EMAIL: 'sales@pharmabridge.example',
          AWS_ENDPOINT_URL_SESV2: `http://127.0.0.1:${port}`,
          AWS_ACCESS_KEY_ID: 'AKIDEXAMPLE',
          AWS_SECRET_ACCESS_KEY: 'lambda-test-secret',
        },
        undefined,
        'public',
      );
      const response = await invoke(
        apiEvent('POST', '/api/contact', {
          body: {
            name: 'Dana Whitfield',
            email: 'dana@example-pharma.com',
            formType: 'pricing',
            landingPageId: 'default',
          },
        }),
      );
      expect(response.status).toBe(201);
      expect(requests).toHaveLength(1);
      const [request] = requests;
      expect(request!.path).toBe('/v2/email/outbound-emails');
      expect(request!.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\//);
      expect(JSON.parse(request!.body)).toMatchObject({
        FromEmailAddress: 'PharmaBridge Website <no-reply@pharmabridge.example>',
        Destination: { ToAddresses: ['sales@pharmabridge.example'] },
        ReplyToAddresses: ['dana@example-pharma.com'],
        Content: { Simple: { Subject: { Data: 'New pricing request from Dana Whitfield' } } },
      });
    } finally {
      await new Promise((resolve) => ses.close(resolve));
    }
  });
});
