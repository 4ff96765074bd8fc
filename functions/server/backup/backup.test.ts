// The restore drill (docs/operations.md): a populated installation run by the real
// `npm start` (real DynamoDB Local, real disk store, real sockets), backed up by
// `npm run backup -- --passphrase-file` while it serves, restored by `npm run restore` into
// a fresh DATA_DIR (a fresh table and data folder), and started from there. Everything
// comes back and works: pages, images (the same bytes at the same URLs), a gated download
// (a link made before the backup still downloads the PDF), forms, lead routing (a test
// delivery to a real receiver, signed with the restored secret), administrators with their
// second factor (a TOTP code computed from the original secret signs in, also for one an
// earlier version stored in clear), leads (a cursor from before still pages), redirects and
// experiments. Then what a backup and a restore must refuse, and the passphrase asked for
// at a terminal (a pseudo-terminal made by util-linux's `script`).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { AdminRepository, adminKey } from '../../data/admins.ts';
import { createDocumentClient } from '../../data/dynamo.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { newTotpSecret, totpCodeAt } from '../../core/totp.ts';
import type { Enrolment, LoginResponse } from '../../shared/account.ts';
import type { AssetRecord, AssetUploadTicket } from '../../shared/assets.ts';
import type { MediaRecord, S3ParamsResponse } from '../../shared/media.ts';
import { landingTemplate } from '../../shared/template.ts';
import { entryOffset, listTar, openBackup } from '../../test/backup-files.ts';
import { SMALL_PDF as PDF } from '../../test/media-kit.ts';
import { signedWith, startReceiver, type Receiver } from '../../test/webhook-receiver.ts';
import { BACKUP_FORMAT, type BackupManifest } from './manifest.ts';
import { SERVER_FILE } from './source.ts';
import { freePort, LOCAL_REGION, startDynamoLocal } from '../dynamo-local.ts';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const EMAIL = 'drill@pharmabridge.test';
const PASSWORD = 'copper-meadow-violin-88';
const PASSPHRASE = 'lantern-harbour-quartz-41';
const TABLE = 'pharmabridge';
/** A person's browser: Node's own user agent counts as a bot. */
const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const STEP_MS = 30_000;

let root: string;
let passphraseFile: string;
let receiver: Receiver;
const servers: ChildProcess[] = [];
/** What each server printed, shown when a test fails. */
const printed: (() => string)[] = [];
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'pb-drill-'));
  passphraseFile = join(root, 'passphrase.txt');
  await writeFile(passphraseFile, `${PASSPHRASE}\n`, { mode: 0o600 });
  receiver = await startReceiver();
});
afterAll(async () => {
  for (const server of servers) {
    if (server.exitCode === null && server.signalCode === null) {
      server.kill('SIGTERM');
      await once(server, 'exit');
    }
  }
  await receiver?.stop();
  await rm(root, { recursive: true, force: true });
});

function run(script: string, args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, [join(ROOT, script), ...args], {
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  return { child, exited, output: () => ({ stdout, stderr }) };
}

async function script(name: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  const started = run(`scripts/${name}.ts`, args, env);
  const code = await started.exited;
  return { code, ...started.output() };
}

/**
 * A script at a terminal (a pseudo-terminal of util-linux's `script`): each time the output
 * shows a prompt, the next answer is typed.
 */
async function atTerminal(
  name: 'backup' | 'restore',
  args: string[],
  env: Record<string, string>,
  answers: string[],
) {
  const command = [process.execPath, join(ROOT, `scripts/${name}.ts`), ...args]
    .map((part) => `'${part.replace(/'/g, `'\\''`)}'`)
    .join(' ');
  const child = spawn('script', ['-qec', command, '/dev/null'], {
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  let prompts = 0;
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    const shown = output.match(/[Pp]assphrase[^\n:]*: /g)?.length ?? 0;
    // Typed only once the prompt shows: raw mode is on, so nothing is echoed.
    while (prompts < shown && prompts < answers.length)
      child.stdin.write(`${answers[prompts++]}\r`);
  });
  const [code] = (await once(child, 'exit')) as [number | null];
  child.stdin.destroy();
  return { code, output };
}

/** Signs in with the password, then (when it is asked for) a code of `totp` a step ahead. */
async function signIn(url: string, email: string, password: string, totp?: string) {
  const post = (path: string, body: unknown) =>
    fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const login = await post('/api/auth/login', { email, password });
  expect(login.status).toBe(200);
  const answer = (await login.clone().json()) as LoginResponse;
  let signedIn = login;
  if (answer.status === 'code-required') {
    if (!totp) throw new Error(`${email} has a second factor; no secret given`);
    // A step ahead (within the window): the code of the step that confirmed the enrolment,
    // or signed in last, is spent.
    const code = totpCodeAt(totp, new Date(Date.now() + STEP_MS));
    signedIn = await post('/api/auth/login/code', { token: answer.token, code });
    expect(signedIn.status, await signedIn.clone().text()).toBe(200);
  }
  return signedIn.headers.getSetCookie()[0]!.split(';')[0]!;
}

async function startServer(env: Record<string, string>, totp?: string) {
  const port = await freePort();
  const server = run('functions/server/start.ts', [], {
    PORT: String(port),
    CONTACT_RATE_LIMIT: '100',
    // Publications are not printed here: a print lands in the private store whenever Chromium
    // finishes it, so the drill's object list would depend on timing (prints are private
    // objects like the gated PDF, carried by the same rule: functions/inspection/prints.ts).
    INSPECTION_PRINTS: 'off',
    ...env,
  });
  servers.push(server.child);
  printed.push(() => {
    const { stdout, stderr } = server.output();
    return `--- ${env['DATA_DIR']} (exit ${server.child.exitCode ?? server.child.signalCode})\n${stdout}\n${stderr}`;
  });
  const deadline = Date.now() + 300_000;
  while (!server.output().stdout.includes('PharmaBridge is running')) {
    if (server.child.exitCode !== null) throw new Error(`exited early:\n${server.output().stderr}`);
    if (Date.now() > deadline) throw new Error(`not running:\n${server.output().stderr}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  const url = `http://127.0.0.1:${port}`;
  const cookie = await signIn(url, EMAIL, PASSWORD, totp);
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok)
      throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return response.status === 204 ? undefined : ((await response.json()) as unknown);
  };
  const stop = async () => {
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  };
  return { url, call, stop };
}

/** The table of a running `npm start` (its engine, from server.json, with the install key). */
function tableOf(dataDir: string) {
  const { dynamoEndpoint } = JSON.parse(readFileSync(join(dataDir, SERVER_FILE), 'utf8')) as {
    dynamoEndpoint: string;
  };
  return createDocumentClient({
    region: LOCAL_REGION,
    endpoint: dynamoEndpoint,
    accessKeyId: readFileSync(join(dataDir, 'dynamodb-local.key'), 'utf8').trim(),
  });
}

/** An administrator whose second factor an earlier version stored in clear. */
async function addLegacyAdmin(db: ReturnType<typeof createDocumentClient>, email: string) {
  const secret = newTotpSecret();
  await new AdminRepository(db, TABLE).create(email, await hashPassword(PASSWORD));
  await db.send(
    new UpdateCommand({
      TableName: TABLE,
      Key: adminKey(email),
      UpdateExpression: 'SET totpSecret = :secret',
      ExpressionAttributeValues: { ':secret': secret },
    }),
  );
  return secret;
}

const bytesAt = async (url: string) => {
  const response = await fetch(url);
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
};

/** The bytes a gated download link leads to (its redirect to the short-lived URL, followed). */
async function download(base: string, link: string) {
  const response = await fetch(`${base}${link}`, { redirect: 'manual' });
  expect(response.status, await response.clone().text()).toBe(302);
  return bytesAt(new URL(response.headers.get('location')!, base).toString());
}

type Server = Awaited<ReturnType<typeof startServer>>;

/** Everything the restored installation must show alike. */
async function snapshot(server: Server, image: MediaRecord) {
  const media = (await server.call('GET', '/api/admin/media')) as { items: MediaRecord[] };
  const urls = [image.objectPath, ...image.variants.map((variant) => variant.url)];
  return {
    pages: await server.call('GET', '/api/landing-pages'),
    leads: await server.call('GET', '/api/admin/leads'),
    media: media.items,
    files: await Promise.all(urls.map(async (url) => [url, await bytesAt(`${server.url}${url}`)])),
    assets: await server.call('GET', '/api/admin/assets'),
    form: await server.call('GET', '/api/admin/forms/webinar'),
    leadRouting: await server.call('GET', '/api/admin/settings/leads'),
    redirects: await server.call('GET', '/api/admin/redirects'),
    experiments: await server.call('GET', '/api/admin/experiments'),
  };
}

let backupFile: string;
let unencryptedFile: string;
let manifest: BackupManifest;

describe('backup and restore', { timeout: 1_500_000 }, () => {
  it('restores an installation backed up while it runs, and everything works from it', async () => {
    let phase = 'start';
    onTestFailed(() =>
      console.log(`failed in ${phase}\n${printed.map((output) => output()).join('\n')}`),
    );
    // One DIST_DIR for both: the restored pages match the built ones, so no second build.
    phase = '1: One DIST_DIR for both: the restored pages match the built';
    const dist = join(root, 'dist');
    const originalDir = join(root, 'original');
    const original = await startServer({
      DATA_DIR: originalDir,
      DIST_DIR: dist,
      ADMIN_EMAIL: EMAIL,
      ADMIN_PASSWORD: PASSWORD,
    });
    expect(JSON.parse(readFileSync(join(originalDir, SERVER_FILE), 'utf8'))).toMatchObject({
      pid: expect.any(Number),
      dynamoEndpoint: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
    });

    // A page, three leads, a published image.
    phase = '2: A page, three leads, a published image.';
    const page = (await original.call('POST', '/api/landing-pages', {
      title: 'Drill',
      slug: 'drill',
    })) as { id: string };
    for (const name of ['Ada', 'Grace', 'Edsger']) {
      await original.call('POST', '/api/contact', {
        name,
        email: `${name.toLowerCase()}@example.com`,
        message: `Restore drill lead from ${name}`,
        landingPageId: 'drill',
      });
    }
    const jpeg = await sharp({
      create: { width: 1200, height: 800, channels: 3, background: { r: 30, g: 120, b: 200 } },
    })
      .jpeg()
      .toBuffer();
    const query = new URLSearchParams({ filename: 'drill.jpg', type: 'image/jpeg' });
    const params = (await original.call('GET', `/api/s3/params?${query}`)) as S3ParamsResponse;
    const form = new FormData();
    for (const [name, value] of Object.entries(params.fields)) form.set(name, value);
    form.set('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'drill.jpg');
    expect((await fetch(params.url, { method: 'POST', body: form })).status).toBe(204);
    const image = (await original.call('POST', '/api/objects/acl', {
      objectPath: params.objectPath,
      visibility: 'public',
    })) as MediaRecord;
    // An upload never published: not part of any backup.
    phase = '3: An upload never published: not part of any backup.';
    const stray = (await original.call('GET', `/api/s3/params?${query}`)) as S3ParamsResponse;
    const strayForm = new FormData();
    for (const [name, value] of Object.entries(stray.fields)) strayForm.set(name, value);
    strayForm.set('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'x.jpg');
    expect((await fetch(stray.url, { method: 'POST', body: strayForm })).status).toBe(204);

    // A gated download: a private PDF, a live page whose block offers it, and the link a
    // visitor got for it (its HMAC key is an install secret, kept in the table).
    phase = '4: visitor got for it (its HMAC key is an install secret, ke';
    const ticket = (await original.call('POST', '/api/admin/assets', {
      fileName: 'Data quality guide.pdf',
      size: PDF.length,
    })) as AssetUploadTicket;
    expect(
      (await fetch(ticket.uploadURL, { method: 'PUT', body: new Uint8Array(PDF) })).status,
    ).toBe(200);
    const asset = (await original.call(
      'POST',
      `/api/admin/assets/${ticket.id}/complete`,
    )) as AssetRecord;
    await original.call('POST', '/api/landing-pages', {
      title: 'Whitepaper',
      slug: 'whitepaper',
      content: {
        ...landingTemplate(),
        layout: [
          { id: 'nav', type: 'navigation', name: 'PharmaBridge' },
          {
            id: 'guide',
            type: 'gatedAsset',
            headline: 'The data quality guide',
            asset: asset.path,
            buttonLabel: 'Get the guide',
          },
          { id: 'footer', type: 'footer' },
        ],
      },
    });
    const gated = await fetch(`${original.url}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': BROWSER },
      body: JSON.stringify({
        formId: 'demo-request',
        fields: { name: 'Dana Whitfield', email: 'dana@example-pharma.com', message: '' },
        gate: { slug: 'whitepaper', blockId: 'guide' },
      }),
    });
    expect(gated.status, await gated.clone().text()).toBe(201);
    const { download: link } = (await gated.json()) as { download: { url: string } };
    expect(await download(original.url, link.url)).toEqual(PDF);

    // A form, a redirect, an experiment.
    phase = '5: A form, a redirect, an experiment.';
    await original.call('PUT', '/api/admin/forms/webinar', {
      form: {
        title: 'Webinar registration',
        fields: [
          { name: 'name', label: 'Full name', type: 'text', required: true },
          { name: 'email', label: 'Work e-mail', type: 'email', required: true },
        ],
        submitLabel: 'Register',
        successMessage: 'You are registered.',
      },
    });
    await original.call('POST', '/api/admin/redirects', {
      from: '/spring-offer',
      to: '/drill',
      status: 301,
    });
    await original.call('POST', '/api/admin/experiments', {
      pageId: page.id,
      name: 'Shorter headline',
      hypothesis: 'A shorter headline brings more demo requests',
      variants: [
        { name: 'Control', weight: 50 },
        { name: 'B', weight: 50 },
      ],
    });

    // Lead routing: the CRM webhook with a signing secret (kept encrypted under the
    // install key, DATA_DIR/lead-settings.key).
    phase = '6: install key, DATA_DIR/lead-settings.key).';
    const webhookSecret = `whsec_${randomBytes(32).toString('base64')}`;
    await original.call('PUT', '/api/admin/settings/leads', {
      recipients: [],
      webhook: { url: receiver.url, enabled: true, secret: webhookSecret },
    });

    // A second factor for the drill's administrator, and one as an earlier version left it.
    phase = "7: A second factor for the drill's administrator, and one as";
    const enrolment = (await original.call(
      'POST',
      '/api/account/two-factor/enrolment',
    )) as Enrolment;
    await original.call('POST', '/api/account/two-factor/enrolment/confirm', {
      code: totpCodeAt(enrolment.secret, new Date()),
    });
    const liveTable = tableOf(originalDir);
    const legacySecret = await addLegacyAdmin(liveTable, 'legacy@pharmabridge.test');
    liveTable.destroy();

    const before = await snapshot(original, image);
    const firstPage = (await original.call('GET', '/api/admin/leads?limit=1')) as {
      leads: { id: string }[];
      cursor: string;
    };

    // The backup, while the server runs, encrypted with the passphrase.
    phase = '8: The backup, while the server runs, encrypted with the pas';
    backupFile = join(root, 'pharmabridge.tar.gz.age');
    const backup = await script(
      'backup',
      ['--out', backupFile, '--passphrase-file', passphraseFile],
      { DATA_DIR: originalDir },
    );
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toMatch(
      /^Backup written to .*pharmabridge\.tar\.gz\.age: \d+ items of table pharmabridge, \d+ object files .*, the install key \(from DATA_DIR\/lead-settings\.key\); encrypted with the passphrase \(age format\)\.\nTwo-factor secrets an earlier version stored in clear: 1, encrypted in the backup/,
    );
    const raw = await readFile(backupFile);
    expect(raw.subarray(0, 22).toString('latin1')).toBe('age-encryption.org/v1\n');
    const opened = await openBackup(backupFile, PASSPHRASE);
    manifest = opened.manifest as BackupManifest;
    expect(manifest).toMatchObject({
      format: BACKUP_FORMAT,
      version: 2,
      table: TABLE,
      source: 'running-server',
      installKeyFrom: 'file',
      missingObjects: [],
    });
    expect(manifest.items.count).toBeGreaterThan(5);
    // The image and its variants with their header files, the gated PDF; no pending upload.
    phase = '9: The image and its variants with their header files, the g';
    const keys = manifest.objects.files.map((file) => file.key).sort();
    expect(keys).toEqual(
      [
        `assets/${asset.id}`,
        ...[image.objectPath, ...image.variants.map((variant) => variant.url)].flatMap((url) => [
          url.slice('/objects/'.length),
          `${url.slice('/objects/'.length)}.meta`,
        ]),
      ].sort(),
    );
    expect([...opened.files.keys()].some((name) => name.includes('pending'))).toBe(false);
    expect(opened.files.get('keys/lead-settings.key')!.toString('utf8')).toBe(
      readFileSync(join(originalDir, 'lead-settings.key'), 'utf8'),
    );
    // Secrets only as ciphertext: the TOTP secrets (also the one found in clear) and the
    // webhook's.
    phase = "10: webhook's.";
    const items = opened.files.get('items.jsonl')!.toString('utf8');
    for (const secret of [enrolment.secret, legacySecret, webhookSecret.slice(6)]) {
      expect(items).not.toContain(secret);
    }

    // The page build the new pages asked for, done before the server stops.
    phase = '11: The page build the new pages asked for, done before the s';
    // After the backup's long pause a pooled connection may be one the server has just
    // closed (its keep-alive ended): a failed poll counts as "not yet".
    const status = (url: string) =>
      fetch(url).then(
        (r) => r.status,
        () => 0,
      );
    const deadline = Date.now() + 300_000;
    while ((await status(`${original.url}/whitepaper`)) !== 200 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 500));
    }
    await original.stop();
    expect(existsSync(join(originalDir, SERVER_FILE))).toBe(false);

    // A wrong passphrase restores nothing; without one and without a terminal, a sentence.
    phase = '12: A wrong passphrase restores nothing; without one and with';
    const restoredDir = join(root, 'restored');
    const wrongFile = join(root, 'wrong.txt');
    await writeFile(wrongFile, 'not-the-passphrase\n');
    const wrong = await script('restore', [backupFile, '--passphrase-file', wrongFile], {
      DATA_DIR: restoredDir,
    });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toBe(
      `restore: The passphrase does not open ${backupFile}. Nothing was restored.\n`,
    );
    expect(await readdir(restoredDir)).toEqual([]);
    const none = await script('restore', [backupFile], { DATA_DIR: restoredDir });
    expect(none.code).toBe(1);
    expect(none.stderr).toBe(
      `restore: ${backupFile} is encrypted: give its passphrase with --passphrase-file FILE (there is no terminal to ask on). Nothing was restored.\n`,
    );
    expect(await readdir(restoredDir)).toEqual([]);

    // The restore, into that empty folder.
    phase = '13: The restore, into that empty folder.';
    const restore = await script('restore', [backupFile, '--passphrase-file', passphraseFile], {
      DATA_DIR: restoredDir,
    });
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    expect(restore.stdout).toMatch(
      /^Restored the backup of .* into .*restored: \d+ items into table pharmabridge, \d+ object files, the install key\. Start it with npm start\.\n$/,
    );
    // A fresh DynamoDB Local key: nobody holding the old one reaches the restored data.
    phase = '14: A fresh DynamoDB Local key: nobody holding the old one re';
    const key = (dir: string) => readFileSync(join(dir, 'dynamodb-local.key'), 'utf8');
    expect(key(restoredDir)).not.toBe(key(originalDir));
    expect((await readdir(join(restoredDir, 'objects'))).sort()).toEqual(['assets', 'uploads']);

    // One more administrator as an earlier version left it, written before the restored
    // installation starts: `npm start` encrypts its secret at start-up.
    phase = '15: installation starts: `npm start` encrypts its secret at s';
    const engine = await startDynamoLocal({ dataDir: restoredDir });
    const offline = createDocumentClient({
      region: LOCAL_REGION,
      endpoint: engine.endpoint,
      accessKeyId: engine.accessKeyId,
    });
    const veteranSecret = await addLegacyAdmin(offline, 'veteran@pharmabridge.test');
    offline.destroy();
    await engine.stop();

    // Started from the restored folder: the same password and a code of the original
    // second factor sign in (startServer), and everything reads the same.
    phase = '16: second factor sign in (startServer), and everything reads';
    const restored = await startServer({ DATA_DIR: restoredDir, DIST_DIR: dist }, enrolment.secret);
    const after = await snapshot(restored, image);
    expect(after.pages).toEqual(before.pages);
    expect(after.leads).toEqual(before.leads);
    expect((after.leads as { leads: unknown[] }).leads).toHaveLength(4);
    expect(after.media).toEqual(before.media);
    expect(after.files).toEqual(before.files);
    expect(after.assets).toEqual(before.assets);
    expect(after.form).toEqual(before.form);
    expect(after.leadRouting).toEqual(before.leadRouting);
    expect(after.leadRouting).toMatchObject({ webhook: { url: receiver.url, secretSet: true } });
    expect(after.redirects).toEqual(before.redirects);
    expect((after.redirects as unknown[]).length).toBe(1);
    expect(after.experiments).toEqual(before.experiments);
    expect((await fetch(`${restored.url}/drill`)).status).toBe(200);
    // The gated download link made before the backup still downloads the PDF.
    phase = '17: The gated download link made before the backup still down';
    expect(await download(restored.url, link.url)).toEqual(PDF);
    // The cursor secret came back with the items: a cursor from before still works.
    phase = '18: The cursor secret came back with the items: a cursor from';
    const secondPage = (await restored.call(
      'GET',
      `/api/admin/leads?limit=1&cursor=${encodeURIComponent(firstPage.cursor)}`,
    )) as { leads: { id: string }[] };
    expect(secondPage.leads).toHaveLength(1);
    expect(secondPage.leads[0]!.id).not.toBe(firstPage.leads[0]!.id);
    // Lead routing works: the restored secret decrypts and signs a test delivery.
    phase = '19: Lead routing works: the restored secret decrypts and sign';
    const received = receiver.received.length;
    const test = (await restored.call('POST', '/api/admin/settings/leads/test', {})) as {
      ok: boolean;
    };
    expect(test).toMatchObject({ ok: true });
    await receiver.waitFor(received + 1);
    const delivery = receiver.received[received]!;
    expect(JSON.parse(delivery.body)).toMatchObject({ type: 'lead.test' });
    expect(signedWith(webhookSecret, delivery)).toBe(true);
    // The administrators whose secrets were found in clear sign in with their codes; the
    // veteran's is encrypted now, by the restored server's start-up.
    phase = "20: veteran's is encrypted now, by the restored server's star";
    await signIn(restored.url, 'legacy@pharmabridge.test', PASSWORD, legacySecret);
    await signIn(restored.url, 'veteran@pharmabridge.test', PASSWORD, veteranSecret);
    const restoredTable = tableOf(restoredDir);
    const veteran = await new AdminRepository(restoredTable, TABLE).get(
      'veteran@pharmabridge.test',
    );
    restoredTable.destroy();
    expect(veteran?.totpSecret).toMatch(/^local:v1:/);
    await restored.stop();

    // With no server running, the backup reads a copy of the engine's files; written
    // unencrypted when asked to, explicitly.
    phase = '21: unencrypted when asked to, explicitly.';
    unencryptedFile = join(root, 'offline.tar.gz');
    const stopped = await script('backup', ['--out', unencryptedFile, '--unencrypted'], {
      DATA_DIR: originalDir,
    });
    expect(stopped.code).toBe(0);
    expect(stopped.stdout).toMatch(
      /NOT encrypted: it holds the install key and every secret, keep it as safe as the server\.\n/,
    );
    const offlineManifest = JSON.parse(
      listTar(gunzipSync(await readFile(unencryptedFile)))
        .get('manifest.json')!
        .toString('utf8'),
    ) as BackupManifest;
    expect(offlineManifest.source).toBe('stopped-install');
    expect(offlineManifest.objects.files).toEqual(manifest.objects.files);
    expect(offlineManifest.items.count).toBeGreaterThanOrEqual(manifest.items.count);
  });

  it('asks for the passphrase at a terminal without showing it; with CI=true it refuses', async () => {
    expect(backupFile, 'the backup the drill above made').toBeDefined();
    const dir = join(root, 'from-terminal');
    const refused = await atTerminal('restore', [backupFile], { DATA_DIR: dir, CI: 'true' }, []);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain(
      'is encrypted: give its passphrase with --passphrase-file FILE (there is no terminal to ask on). Nothing was restored.',
    );
    const asked = await atTerminal('restore', [backupFile], { DATA_DIR: dir, CI: '' }, [
      PASSPHRASE,
    ]);
    expect(asked.output).toContain(`Passphrase of ${backupFile}: `);
    expect(asked.output).not.toContain(PASSPHRASE);
    expect(asked.code, asked.output).toBe(0);
    expect(asked.output).toMatch(/Restored the backup of .* into .*from-terminal/);

    // The backup asks twice; two different answers write nothing.
    const out = join(root, 'typed.age');
    const differ = await atTerminal(
      'backup',
      ['--out', out],
      { DATA_DIR: join(root, 'original'), CI: '' },
      [PASSPHRASE, `${PASSPHRASE}x`],
    );
    expect(differ.code).toBe(1);
    expect(differ.output).toContain('The two passphrases differ; nothing was written.');
    expect(differ.output).not.toContain(PASSPHRASE);
    expect(existsSync(out)).toBe(false);
  });

  it('refuses to back up without a passphrase, or with a short one, when no terminal can ask', async () => {
    const out = join(root, 'refused.age');
    const none = await script('backup', ['--out', out], { DATA_DIR: join(root, 'original') });
    expect(none.code).toBe(1);
    expect(none.stderr).toBe(
      'backup: A backup holds the install key and every secret, so it is encrypted: give its passphrase with --passphrase-file FILE (there is no terminal to ask on), or write it unencrypted with --unencrypted where the file is kept encrypted anyway.\n',
    );
    const shortFile = join(root, 'short.txt');
    await writeFile(shortFile, 'hunter2\n');
    const short = await script('backup', ['--out', out, '--passphrase-file', shortFile], {
      DATA_DIR: join(root, 'original'),
    });
    expect(short.code).toBe(1);
    expect(short.stderr).toBe(
      "backup: The passphrase must be at least 10 characters: the backup holds the installation's keys and every secret.\n",
    );
    expect(existsSync(out)).toBe(false);
  });

  it('refuses to restore into a folder that holds anything', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pb-restore-full-'));
    try {
      await writeFile(join(dir, 'notes.txt'), 'mine');
      // Refused before the file is even read.
      const result = await script('restore', [join(dir, 'notes.txt')], { DATA_DIR: dir });
      expect(result.code).toBe(1);
      expect(result.stderr).toBe(
        `restore: ${dir} is not empty. A restore goes into an empty or new folder only, so nothing there is overwritten: move it aside (mv ${dir} ${dir}.old) or set DATA_DIR to a new folder.\n`,
      );
      expect(await readdir(dir)).toEqual(['notes.txt']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('refuses an encrypted backup changed by one byte, and leaves nothing', async () => {
    expect(backupFile, 'the backup the drill above made').toBeDefined();
    const bytes = await readFile(backupFile);
    bytes[bytes.length - 100] = bytes[bytes.length - 100]! ^ 0xff;
    const damaged = join(root, 'damaged.age');
    await writeFile(damaged, bytes);
    const dir = join(root, 'from-damaged-age');
    const result = await script('restore', [damaged, '--passphrase-file', passphraseFile], {
      DATA_DIR: dir,
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /^restore: The encrypted backup fails its authentication \(.*\): it was changed or cut short\. .*damaged\.age is not a PharmaBridge backup, or it is damaged\. Nothing was restored\.\n$/,
    );
    expect(await readdir(dir)).toEqual([]);
  });

  it('refuses a backup whose object does not match its checksum, and leaves nothing', async () => {
    expect(unencryptedFile, 'the unencrypted backup the drill above made').toBeDefined();
    const tar = gunzipSync(await readFile(unencryptedFile));
    const offset = entryOffset(tar, (name) => name.startsWith('objects/uploads/'));
    tar[offset] = tar[offset]! ^ 0xff;
    const damaged = join(root, 'damaged.tar.gz');
    await writeFile(damaged, gzipSync(tar));
    const dir = join(root, 'from-damaged');
    const result = await script('restore', [damaged], { DATA_DIR: dir });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /^restore: .*damaged\.tar\.gz is damaged: uploads\/[0-9a-f-]{36}\S* does not match its checksum in the manifest\. Nothing was restored\.\n$/,
    );
    expect(await readdir(dir)).toEqual([]);
  });

  it('refuses a file that is not a backup', async () => {
    const bogus = join(root, 'bogus.tar.gz');
    await writeFile(bogus, 'not a backup');
    const dir = join(root, 'from-bogus');
    await mkdir(dir);
    const result = await script('restore', [bogus], { DATA_DIR: dir });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      `restore: ${bogus} is not a PharmaBridge backup, or it is damaged. Nothing was restored.\n`,
    );
    expect(await readdir(dir)).toEqual([]);
  });
});
