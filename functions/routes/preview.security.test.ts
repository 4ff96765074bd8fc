// A preview link's token never travels in a URL and its answer never names a gated file
// (issue 33): GET /api/preview takes the token as `Authorization: Bearer` (a path would land
// in CloudFront's and API Gateway's access logs), answers 401 without it, has no route that
// takes it in the path, and hides a gatedAsset block's `/assets/<id>` as the public page API
// does. Through the real app over DynamoDB Local (functions/test/harness.ts), on the public
// function's route table too.
import { describe, expect, it } from 'vitest';
import type { ErrorBody } from '../lib/errors.ts';
import { HIDDEN_ASSET_PATH } from '../shared/assets.ts';
import type { LandingContent } from '../shared/landing-content.ts';
import { builtInTemplate } from '../shared/page-templates.ts';
import type { Preview } from '../shared/workflow.ts';
import { adminTestApp } from '../test/harness.ts';
import { PUBLIC_ROUTES } from './public-routes.ts';
import { routeTable } from './route-table.ts';

const FILE = '/assets/3f2b8c1e-9d4a-4b7e-8f1c-2a6d5e9b0c7d';

async function withLink() {
  const app = await adminTestApp();
  // The built-in Gated asset template, its download block given a file.
  const template = builtInTemplate('gated-asset')!.content(new Date());
  const content: LandingContent = {
    ...template,
    layout: template.layout!.map((block) =>
      block.type === 'gatedAsset' ? { ...block, asset: FILE } : block,
    ),
  };
  const page = await app.services.pages.create({
    title: 'Whitepaper',
    slug: 'whitepaper',
    isActive: false,
    content,
  });
  const made = await app.json('POST', `/api/landing-pages/${page.id}/preview-links`, {});
  expect(made.status).toBe(201);
  const { url } = (await made.json()) as { url: string };
  return { ...app, token: new URL(url).hash.slice(1) };
}

describe('GET /api/preview', () => {
  it('takes the token in the Authorization header, and no route takes it in the path', async () => {
    const { anonJson, token } = await withLink();
    const shown = await anonJson('GET', '/api/preview', undefined, {
      authorization: `Bearer ${token}`,
    });
    expect(shown.status).toBe(200);
    expect(shown.headers.get('cache-control')).toBe('no-store');
    expect(((await shown.json()) as Preview).slug).toBe('whitepaper');

    const inPath = await anonJson('GET', `/api/preview/${token}`);
    expect(inPath.status).toBe(404);
    expect(JSON.stringify(await inPath.json())).not.toContain('Whitepaper');
    // The public function's routes (API Gateway's table) have no path parameter here.
    expect(
      routeTable(PUBLIC_ROUTES)
        .filter((route) => route.path.startsWith('/api/preview'))
        .map((route) => `${route.method} ${route.path}`),
    ).toEqual(['GET /api/preview']);
  });

  it('answers 401 with a sentence without the header, and 404 for a token it does not know', async () => {
    const { anonJson, token } = await withLink();
    for (const authorization of [undefined, token, `Basic ${token}`, 'Bearer ', 'Bearer a b']) {
      const answer = await anonJson(
        'GET',
        '/api/preview',
        undefined,
        authorization === undefined ? {} : { authorization },
      );
      expect(answer.status, String(authorization)).toBe(401);
      expect(answer.headers.get('www-authenticate')).toBe('Bearer');
      expect(answer.headers.get('cache-control')).toBe('no-store');
      expect(((await answer.json()) as ErrorBody).error).toEqual({
        code: 'unauthorized',
        message: "Send the preview link's token as the Authorization header: Bearer <token>",
      });
    }
    const unknown = await anonJson('GET', '/api/preview', undefined, {
      authorization: `Bearer ${token.slice(0, -4)}AAAA`,
    });
    expect(unknown.status).toBe(404);
  });

  it("hides a gated download's file as the public page API does", async () => {
    const { anonJson, token } = await withLink();
    const shown = await anonJson('GET', '/api/preview', undefined, {
      authorization: `Bearer ${token}`,
    });
    const text = await shown.text();
    expect(text).not.toContain(FILE);
    expect(text).not.toContain(FILE.slice('/assets/'.length));
    const block = (JSON.parse(text) as Preview).content.layout!.find(
      (b) => b.type === 'gatedAsset',
    );
    expect(block).toMatchObject({ type: 'gatedAsset', asset: HIDDEN_ASSET_PATH });
  });
});
