// The gated download block's prerendered markup (renderer.tsx): its headline and a
// dialog opener that carries the gate (block id and page slug) and the block's form, never
// the private file's id; a block without a file (or hidden) is not on the page at all. And
// the public page API's content (functions/shared/assets.ts withoutAssetPaths) drops the file.
import { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { HIDDEN_ASSET_PATH, withoutAssetPaths } from '../../../../../functions/shared/assets.ts';
import { layoutSchema, type BlockInput } from '../../../../../functions/shared/blocks.ts';
import { placeholderContent } from '../../../../../functions/shared/landing-content.ts';
import { LandingMarkup } from '../../landing-page.tsx';

const ASSET_ID = '6f1c2b1e-0d7a-4c55-9a11-2b3c4d5e6f70';

const GATED: BlockInput = {
  id: 'guide',
  type: 'gatedAsset',
  headline: 'The data quality guide',
  description: 'Forty pages on clean supplier data.',
  asset: `/assets/${ASSET_ID}`,
  buttonLabel: 'Get the guide',
};

const render = (...blocks: BlockInput[]) =>
  renderToStaticMarkup(
    h(LandingMarkup, {
      content: { ...placeholderContent(), layout: layoutSchema.parse(blocks) },
      slug: 'whitepaper',
    }),
  );

describe('the gated download block', () => {
  it('prerenders its headline and a dialog opener with the gate, never the file', () => {
    const html = render(GATED);
    expect(html).toMatch(
      /<section id="block-guide"[^>]*aria-labelledby="block-guide-title"[^>]*>.*<h2 id="block-guide-title"[^>]*>The data quality guide<\/h2>/,
    );
    expect(html).toContain('Forty pages on clean supplier data.');
    expect(html).toMatch(
      /<button type="button" data-contact="general" data-gate="guide" data-gate-slug="whitepaper" data-form-id="demo-request"[^>]*>.*Get the guide<\/button>/,
    );
    expect(html).not.toContain(ASSET_ID);
    expect(html).not.toContain('/assets/');
    expect(html).not.toMatch(/\sstyle=/);
  });

  it('opens the block’s own form when it names one', () => {
    expect(render({ ...GATED, formId: 'whitepaper-form' })).toContain(
      'data-form-id="whitepaper-form"',
    );
  });

  it('is not on the page without a file, or hidden', () => {
    const { asset: _asset, ...withoutFile } = GATED as BlockInput & { asset?: string };
    void _asset;
    expect(render(withoutFile as BlockInput)).not.toContain('block-guide');
    expect(render({ ...GATED, hidden: true })).not.toContain('block-guide');
  });

  it('the public page API’s content keeps the block but not its file', () => {
    const content = { ...placeholderContent(), layout: layoutSchema.parse([GATED]) };
    const stripped = withoutAssetPaths(content);
    expect(JSON.stringify(stripped)).not.toContain(ASSET_ID);
    expect(stripped.layout?.[0]).toMatchObject({
      id: 'guide',
      headline: 'The data quality guide',
      asset: HIDDEN_ASSET_PATH,
    });
    // /legacy renders the page from that answer: the block is still shown.
    expect(renderToStaticMarkup(h(LandingMarkup, { content: stripped }))).toContain(
      'data-gate="guide"',
    );
    // The stored content is untouched.
    expect(JSON.stringify(content)).toContain(ASSET_ID);
  });
});
