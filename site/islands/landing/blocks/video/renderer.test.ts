// The video block's prerendered markup (renderer.tsx): the library poster under a play
// link to the video's own page, no <iframe> and no address of the provider's player or
// images (nothing is asked of YouTube or Vimeo before the click), its h2; and the player's
// addresses (video-embed.ts) are exactly the origins the site's CSP frames.
import { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { layoutSchema, type BlockInput } from '../../../../../functions/shared/blocks.ts';
import { placeholderContent } from '../../../../../functions/shared/landing-content.ts';
import {
  siteContentSecurityPolicy,
  VIDEO_FRAME_ORIGINS,
} from '../../../../../functions/shared/security-headers.ts';
import { LandingMarkup } from '../../landing-page.tsx';
import type { MediaMap } from '../../media-image.tsx';
import { embedUrl } from '../../video-embed.ts';
import { watchUrl } from './renderer.tsx';

const POSTER = '/objects/uploads/6f1c2b1e-0d7a-4c55-9a11-2b3c4d5e6f70';
const MEDIA: MediaMap = {
  [POSTER]: {
    objectPath: POSTER,
    url: `${POSTER}?v=1`,
    width: 1280,
    height: 720,
    alt: 'The platform’s validation screen',
    variants: [{ width: 640, url: `${POSTER}/v1/640.webp`, bytes: 20000 }],
    placeholder: 'data:image/png;base64,AAAA',
  },
};

const VIDEO: BlockInput = {
  id: 'demo-video',
  type: 'video',
  provider: 'youtube',
  videoId: 'dQw4w9WgXcQ',
  title: 'A <b>two-minute</b> tour',
  poster: POSTER,
};

const render = (block: BlockInput) =>
  renderToStaticMarkup(
    h(LandingMarkup, {
      content: { ...placeholderContent(), layout: layoutSchema.parse([block]) },
      media: MEDIA,
      slug: 'spring',
    }),
  );

describe('the video block', () => {
  it('prerenders the poster and a play link to the video, never the player', () => {
    const html = render(VIDEO);
    expect(html).not.toContain('<iframe');
    // Nothing from the provider's hosts (images, scripts, player) in the page.
    expect(html).not.toMatch(/youtube-nocookie|ytimg|googlevideo|player\.vimeo|vimeocdn/);
    expect(html).toMatch(
      /<a href="https:\/\/www\.youtube\.com\/watch\?v=dQw4w9WgXcQ" data-video-play=""[^>]*>.*<span class="sr-only">Play video: A &lt;b&gt;two-minute&lt;\/b&gt; tour<\/span><\/a>/,
    );
    // The library poster, responsive, with the library's alt text.
    expect(html).toMatch(
      /<img[^>]*src="\/objects\/uploads\/[^"]*\?v=1"[^>]*srcSet=[^>]*alt="The platform’s validation screen"/,
    );
    // What video-embed.ts reads on the click.
    expect(html).toContain(
      'data-video="youtube" data-video-id="dQw4w9WgXcQ" data-video-title="A &lt;b&gt;two-minute&lt;/b&gt; tour"',
    );
    expect(html).not.toMatch(/\sstyle=/);
  });

  it('is labelled by its h2 title', () => {
    const html = render(VIDEO);
    expect(html).toMatch(
      /<section id="block-demo-video"[^>]*aria-labelledby="block-demo-video-title"/,
    );
    expect(html).toContain('<h2 id="block-demo-video-title"');
    expect(html.match(/<h\d/g)).toEqual(['<h2']);
  });

  it('links Vimeo videos to vimeo.com, and a poster by URL without alt text', () => {
    const html = render({
      ...VIDEO,
      provider: 'vimeo',
      videoId: '76979871',
      poster: '/screenshots/poster.png',
    });
    expect(html).toContain('href="https://vimeo.com/76979871"');
    expect(html).toContain('data-video="vimeo"');
    expect(html).toMatch(/<img src="\/screenshots\/poster\.png" alt=""/);
    expect(html).toContain('The video plays from Vimeo');
  });

  it('plays from the privacy-enhanced players, which are all the CSP frames', () => {
    expect(embedUrl('youtube', 'dQw4w9WgXcQ')).toBe(
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1',
    );
    expect(embedUrl('vimeo', '76979871')).toBe(
      'https://player.vimeo.com/video/76979871?dnt=1&autoplay=1',
    );
    const origins = (['youtube', 'vimeo'] as const).map(
      (provider) => new URL(embedUrl(provider, 'abcdef')).origin,
    );
    expect(origins).toEqual([...VIDEO_FRAME_ORIGINS]);
    expect(siteContentSecurityPolicy()).toContain(`frame-src ${origins.join(' ')};`);
    expect(watchUrl('youtube', 'a-b_c1')).toBe('https://www.youtube.com/watch?v=a-b_c1');
  });
});
