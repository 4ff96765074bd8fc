// The rebuild check: a build is current only while every input it recorded is unchanged,
// the files under FILE_SOURCES are the same, and so is the page data. (The record itself
// is written by a real `astro build`, which the browser tests' servers run.)
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { decoded, folderWith, removeFolders } from '../test/built-files.ts';
import { hashFileSources, hashFiles, INPUTS_FILE } from './build-inputs.ts';
import { buildStamp, isBuildCurrent, precompress, writeStamp } from './site-build.ts';

afterEach(removeFolders);

/** An output folder as a finished build leaves it, having loaded `modules`. */
function builtOutput(modules: Record<string, string>, dataStamp: string): string {
  const dir = folderWith({}, 'pb-stamp-');
  writeFileSync(join(dir, INPUTS_FILE), JSON.stringify({ files: modules }));
  writeStamp(dir, hashFileSources(), dataStamp);
  return dir;
}

// Files the site imports from outside site/ (the case the old hand-kept list missed).
const IMPORTED = [
  'functions/env.ts',
  'functions/data/landing-pages/repository.ts',
  'functions/lib/errors.ts',
];

describe('isBuildCurrent', () => {
  it('is true while the recorded modules, the source files and the data are unchanged', () => {
    const data = buildStamp('pages-1');
    const dir = builtOutput(hashFiles(IMPORTED), data);
    expect(isBuildCurrent(dir, data)).toBe(true);
  });

  it('is false when a module outside site/ changed since the build loaded it', () => {
    const data = buildStamp('pages-1');
    const dir = builtOutput(
      { ...hashFiles(IMPORTED), 'functions/lib/errors.ts': 'an-older-hash' },
      data,
    );
    expect(isBuildCurrent(dir, data)).toBe(false);
  });

  it('is false when a recorded module is gone', () => {
    const data = buildStamp('pages-1');
    const modules = { ...hashFiles(IMPORTED), 'functions/lib/removed-helper.ts': 'abc' };
    expect(isBuildCurrent(builtOutput(modules, data), data)).toBe(false);
  });

  it('is false when the pages changed or the output has no record of its inputs', () => {
    const dir = builtOutput(hashFiles(IMPORTED), buildStamp('pages-1'));
    expect(isBuildCurrent(dir, buildStamp('pages-2'))).toBe(false);
    rmSync(join(dir, INPUTS_FILE));
    expect(isBuildCurrent(dir, buildStamp('pages-1'))).toBe(false);
  });

  it('counts every file under site/ and content/, imported or not', () => {
    const sources = hashFileSources();
    expect(Object.keys(sources)).toContain('site/public/favicon.svg');
    expect(Object.keys(sources)).toContain('content/landing-template.json');
    expect(Object.keys(sources)).toContain('package-lock.json');
    // A file added under site/ changes the stamp before anything imports it.
    const data = buildStamp('pages-1');
    const dir = folderWith({}, 'pb-stamp-');
    writeFileSync(join(dir, INPUTS_FILE), JSON.stringify({ files: {} }));
    const withoutOne = Object.fromEntries(
      Object.entries(sources).filter(([path]) => path !== 'site/public/favicon.svg'),
    );
    writeStamp(dir, withoutOne, data);
    expect(isBuildCurrent(dir, data)).toBe(false);
  });
});

describe('precompress', () => {
  const bundle = `export const rules = ${JSON.stringify('contract rule '.repeat(80))};`;
  const page = (headline: string) => `<html><body><h1>${headline}</h1>${'<p>text</p>'.repeat(80)}`;

  it('compresses every compressible file of 512 bytes or more, and no other', () => {
    const dir = folderWith({
      '_astro/app.B1x.js': bundle,
      'index.html': page('Welcome'),
      'robots.txt': 'User-agent: *',
      'og-image.png': 'x'.repeat(2000),
    });
    expect(precompress(dir)).toEqual({ compressed: 2, reused: 0, cached: 0 });
    expect(decoded(dir, '_astro/app.B1x.js')).toEqual({ br: bundle, gz: bundle });
    expect(decoded(dir, 'index.html')).toEqual({ br: page('Welcome'), gz: page('Welcome') });
    expect(() => readFileSync(join(dir, 'robots.txt.br'))).toThrow();
    expect(() => readFileSync(join(dir, 'og-image.png.br'))).toThrow();
  });

  it("takes the served build's forms of unchanged files and compresses the changed ones", () => {
    const served = folderWith({ '_astro/app.B1x.js': bundle, 'index.html': page('Welcome') });
    precompress(served);
    const next = folderWith({
      '_astro/app.B1x.js': bundle,
      'index.html': page('Welcome back'),
      'pricing/index.html': page('Pricing'),
    });
    expect(precompress(next, served)).toEqual({ compressed: 2, reused: 1, cached: 0 });
    expect(readFileSync(join(next, '_astro/app.B1x.js.br'))).toEqual(
      readFileSync(join(served, '_astro/app.B1x.js.br')),
    );
    expect(decoded(next, '_astro/app.B1x.js')).toEqual({ br: bundle, gz: bundle });
    expect(decoded(next, 'index.html')).toEqual({
      br: page('Welcome back'),
      gz: page('Welcome back'),
    });
    expect(decoded(next, 'pricing/index.html').br).toBe(page('Pricing'));
    // The served build is left as it was.
    expect(decoded(served, 'index.html').br).toBe(page('Welcome'));
  });

  it('compresses anew when the served build lacks a form or has a folder at the path', () => {
    const served = folderWith({ 'a.js': bundle, 'b.js/index.html': page('A folder') });
    precompress(served);
    rmSync(join(served, 'a.js.gz'));
    const next = folderWith({ 'a.js': bundle, 'b.js': bundle });
    expect(precompress(next, served)).toEqual({ compressed: 2, reused: 0, cached: 0 });
    expect(decoded(next, 'a.js')).toEqual({ br: bundle, gz: bundle });
    expect(decoded(next, 'b.js')).toEqual({ br: bundle, gz: bundle });
  });
});
