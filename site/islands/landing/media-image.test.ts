import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MediaImage, mediaPathsIn, pageMediaOf, srcSetOf, type PageMedia } from './media-image.tsx';
import { Screenshot } from './sections.tsx';

const ID = '0b7e9b4c-3c1e-4a8e-9f3a-5d2f1c0e7a11';
const PATH = `/objects/uploads/${ID}`;
const MEDIA: PageMedia = {
  objectPath: PATH,
  url: `${PATH}?v=2`,
  width: 1200,
  height: 800,
  alt: '',
  variants: [
    { width: 480, url: `${PATH}/v2/480.webp`, bytes: 9000 },
    { width: 960, url: `${PATH}/v2/960.webp`, bytes: 21000 },
    { width: 1200, url: `${PATH}/v2/1200.webp`, bytes: 30000 },
  ],
  placeholder: 'data:image/png;base64,iVBORw0KGgo=',
};

describe('library images on landing pages', () => {
  it('finds every library path in content, once, and nothing else', () => {
    const content = {
      hero: { heroImage: PATH },
      features: { items: [{ image: '/screenshots/a.png' }, { image: PATH }, { title: PATH }] },
      other: `${PATH}/v2/480.webp`,
    };
    expect(mediaPathsIn(content)).toEqual([PATH]);
    expect(mediaPathsIn({ a: ['https://example.com/x.png', '/objects/uploads/../etc'] })).toEqual(
      [],
    );
  });

  it('keeps only what a public page needs of a record', () => {
    const record = { ...MEDIA, uploadedBy: 'admin@example.com', fileName: 'x.png', bytes: 1 };
    expect(pageMediaOf(record)).toEqual(MEDIA);
  });

  it('renders srcset from the variants, the intrinsic size, lazy loading and the placeholder', () => {
    const html = renderToStaticMarkup(
      createElement(MediaImage, {
        media: MEDIA,
        fallbackAlt: 'Exception Management',
        sizes: '50vw',
      }),
    );
    expect(srcSetOf(MEDIA)).toBe(
      `${PATH}/v2/480.webp 480w, ${PATH}/v2/960.webp 960w, ${PATH}/v2/1200.webp 1200w`,
    );
    expect(html).toContain(`srcSet="${srcSetOf(MEDIA)}"`);
    expect(html).toContain('sizes="50vw"');
    expect(html).toContain('width="1200" height="800"');
    expect(html).toContain('loading="lazy"');
    expect(html).toContain('alt="Exception Management"');
    expect(html).toContain(`src="${MEDIA.placeholder}"`);
  });

  it('prefers the record alt text, and loads the hero eagerly', () => {
    const html = renderToStaticMarkup(
      createElement(MediaImage, {
        media: { ...MEDIA, alt: 'Upload screen with three validated files' },
        fallbackAlt: 'Exception Management',
        sizes: '50vw',
        eager: true,
      }),
    );
    expect(html).toContain('alt="Upload screen with three validated files"');
    expect(html).toContain('loading="eager"');
    expect(html).toContain('fetchPriority="high"');
  });

  it('leaves images outside the library as they were', () => {
    const html = renderToStaticMarkup(
      createElement(Screenshot, {
        src: '/screenshots/contract-management.png',
        alt: 'Screenshot: Contract Management & Setup',
        media: { [PATH]: MEDIA },
      }),
    );
    expect(html).toContain('src="/screenshots/contract-management.png"');
    expect(html).toContain('alt="Screenshot: Contract Management &amp; Setup"');
    const unknown = renderToStaticMarkup(
      createElement(Screenshot, { src: PATH, alt: 'Screenshot: X', media: {} }),
    );
    expect(unknown).toContain(`src="${PATH}"`);
    expect(unknown).not.toContain('srcSet');
  });
});
