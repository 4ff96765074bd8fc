import { describe, expect, it } from 'vitest';
import { ALT_TEXT_MIN_LENGTH, altTextProblem } from './alt-text.ts';

describe('the alt-text rule', () => {
  it('finds nothing wrong with a description', () => {
    expect(altTextProblem('Pharmacist checking a supplier delivery', 'IMG_1234.jpg')).toBe(
      undefined,
    );
    expect(altTextProblem('Map of Europe', 'map.png')).toBe(undefined);
    // Digits in a description are fine; only a camera's name is not.
    expect(altTextProblem('Image 2 of the 2024 audit report', 'report.png')).toBe(undefined);
  });

  it('calls empty and blank alt text missing', () => {
    expect(altTextProblem('', 'harbour.png')).toBe('missing');
    expect(altTextProblem('   \n', 'harbour.png')).toBe('missing');
  });

  it('calls a file name a file name, whatever the image was uploaded as', () => {
    expect(altTextProblem('IMG_1234.jpg', 'harbour.png')).toBe('file-name');
    expect(altTextProblem('photo.JPEG')).toBe('file-name');
    expect(altTextProblem('team-offsite-final.webp', 'other.png')).toBe('file-name');
    // Camera names without their extension.
    expect(altTextProblem('IMG_1234')).toBe('file-name');
    expect(altTextProblem('DSC01234')).toBe('file-name');
    expect(altTextProblem('PXL_20240101_101010')).toBe('file-name');
    expect(altTextProblem('Screenshot 2024-05-01 101010')).toBe('file-name');
  });

  it('calls the uploaded file name without its extension a file name', () => {
    expect(altTextProblem('harbour-lantern', 'harbour-lantern.png')).toBe('file-name');
    expect(altTextProblem(' Harbour-Lantern ', 'harbour-lantern.PNG')).toBe('file-name');
    expect(altTextProblem('harbour lantern at dusk', 'harbour-lantern.png')).toBe(undefined);
  });

  it(`calls fewer than ${ALT_TEXT_MIN_LENGTH} characters too short`, () => {
    expect(altTextProblem('logo', 'brand.png')).toBe('too-short');
    expect(altTextProblem(' map ', 'europe.png')).toBe('too-short');
    expect(altTextProblem('Logos', 'brand.png')).toBe(undefined);
    // Characters, not UTF-16 units: five letters of a non-Latin script pass.
    expect(altTextProblem('𝒜𝒷𝒸𝒹', 'x.png')).toBe('too-short');
    expect(altTextProblem('Ärzte', 'x.png')).toBe(undefined);
  });
});
