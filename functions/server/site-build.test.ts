// The rebuild check: a build is current only while every input it recorded is unchanged,
// the files under FILE_SOURCES are the same, and so is the page data. (The record itself
// is written by a real `astro build`, which the browser tests' servers run.)
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { hashFileSources, hashFiles, INPUTS_FILE } from './build-inputs.ts';
import { buildStamp, isBuildCurrent, writeStamp } from './site-build.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** An output folder as a finished build leaves it, having loaded `modules`. */
function builtOutput(modules: Record<string, string>, dataStamp: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'pb-stamp-'));
  dirs.push(dir);
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
    const dir = mkdtempSync(join(tmpdir(), 'pb-stamp-'));
    dirs.push(dir);
    writeFileSync(join(dir, INPUTS_FILE), JSON.stringify({ files: {} }));
    const withoutOne = Object.fromEntries(
      Object.entries(sources).filter(([path]) => path !== 'site/public/favicon.svg'),
    );
    writeStamp(dir, withoutOne, data);
    expect(isBuildCurrent(dir, data)).toBe(false);
  });
});
