// The block gallery (block-gallery.ts) is what puts every block type through the browser
// checks and the Lighthouse bench: it must hold every type of the registry and be a valid
// layout, with the gated file and without it.
import { describe, expect, it } from 'vitest';
import { layoutSchema } from '../functions/shared/blocks.ts';
import { galleryLayout, missingTypes, samplePdf } from './block-gallery.ts';

const MEDIA = {
  photo: '/objects/uploads/0b7d8f3e-1c2a-4e5b-9d6f-7a8b9c0d1e2f',
  chart: '/objects/uploads/1b7d8f3e-1c2a-4e5b-9d6f-7a8b9c0d1e2f',
  logo: '/objects/uploads/2b7d8f3e-1c2a-4e5b-9d6f-7a8b9c0d1e2f',
  poster: '/objects/uploads/3b7d8f3e-1c2a-4e5b-9d6f-7a8b9c0d1e2f',
};

describe('the block gallery', () => {
  it('has every block type of the registry', () => {
    expect(missingTypes(galleryLayout(MEDIA))).toEqual([]);
  });

  it('is a valid layout without a gated file', () => {
    const result = layoutSchema.safeParse(galleryLayout(MEDIA));
    expect(result.error?.issues ?? []).toEqual([]);
  });

  it('makes a PDF that starts and ends as one', () => {
    const pdf = samplePdf().toString('latin1');
    expect(pdf.startsWith('%PDF-1.4\n')).toBe(true);
    expect(pdf.trimEnd().endsWith('%%EOF')).toBe(true);
    const xref = Number(/startxref\n(\d+)/.exec(pdf)![1]);
    expect(pdf.slice(xref, xref + 4)).toBe('xref');
  });
});
