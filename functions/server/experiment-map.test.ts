// The experiment map the build writes (dist/.experiments.json) and the edge store the local
// server and the KeyValueStore sync read (redirects and experiments merged).
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  EXPERIMENT_MAP_FILE,
  readEdgeStore,
  readExperimentMap,
  writeExperimentMap,
  type EdgeExperiment,
} from './experiment-map.ts';
import { REDIRECT_MAP_FILE, writeRedirectMap } from './redirect-map.ts';

const SECRET = '0123456789abcdef'.repeat(4);

/** A build output with the given pages (paths of index.html files). */
function distWith(...pages: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'experiment-map-'));
  for (const page of pages) {
    mkdirSync(join(dir, page), { recursive: true });
    writeFileSync(join(dir, page, 'index.html'), `<h1>${page}</h1>`);
  }
  return dir;
}

const launch: EdgeExperiment = {
  path: '/spring-launch',
  experimentId: '01JEXPLAUNCH',
  variantPrefix: '/variants/spring-launch',
  variants: [
    { id: 'a', weight: 50 },
    { id: 'b', weight: 50 },
  ],
};
const home: EdgeExperiment = {
  path: '/',
  experimentId: '01JEXPHOME',
  variantPrefix: '/variants/default',
  variants: [
    { id: 'a', weight: 34 },
    { id: 'b', weight: 33 },
    { id: 'c', weight: 33 },
  ],
};
const builtFor = (...experiments: EdgeExperiment[]) =>
  distWith(
    '',
    ...experiments.flatMap((experiment) => [
      experiment.path.slice(1),
      ...experiment.variants.map(({ id }) => `${experiment.variantPrefix.slice(1)}/${id}`),
    ]),
  );

describe('experiment map', () => {
  it('writes each experiment under its path and the secret, and reads them back', () => {
    const dir = builtFor(launch, home);
    const written = writeExperimentMap(dir, [launch, home], SECRET);
    expect(written).toEqual({
      '/': 'x 01JEXPHOME /variants/default a:34 b:33 c:33',
      '/spring-launch': 'x 01JEXPLAUNCH /variants/spring-launch a:50 b:50',
      'x:secret': SECRET,
    });
    expect(JSON.parse(readFileSync(join(dir, EXPERIMENT_MAP_FILE), 'utf8'))).toEqual(written);
    expect(readExperimentMap(dir)).toEqual(new Map(Object.entries(written)));
  });

  // Issue 39 (docs/decisions/0576-experiments-per-locale.md): a page's version in a locale.
  it("writes a locale's version under /<prefix>(/<slug>), its variants under /variants/<prefix>.<slug>", () => {
    const german: EdgeExperiment = {
      ...launch,
      path: '/de/fruehling',
      experimentId: '01JEXPDE',
      variantPrefix: '/variants/de.fruehling',
    };
    const germanHome: EdgeExperiment = {
      ...home,
      path: '/de-at',
      experimentId: '01JEXPATHOME',
      variantPrefix: '/variants/de-at.default',
    };
    const dir = builtFor(launch, german, germanHome);
    expect(writeExperimentMap(dir, [launch, german, germanHome], SECRET)).toEqual({
      '/de-at': 'x 01JEXPATHOME /variants/de-at.default a:34 b:33 c:33',
      '/de/fruehling': 'x 01JEXPDE /variants/de.fruehling a:50 b:50',
      '/spring-launch': 'x 01JEXPLAUNCH /variants/spring-launch a:50 b:50',
      'x:secret': SECRET,
    });
    const write = (change: Partial<EdgeExperiment>) =>
      writeExperimentMap(dir, [{ ...german, ...change }], SECRET);
    // What the edge would not read: a first segment that is no locale prefix, three
    // segments, a trailing slash, a prefix with two dots or none before a slash.
    for (const path of ['/legacy/fruehling', '/de/fruehling/x', '/de/', '/DE/fruehling']) {
      expect(() => write({ path }), path).toThrow(/path/);
    }
    for (const variantPrefix of ['/variants/de..fruehling', '/variants/de/fruehling']) {
      expect(() => write({ variantPrefix }), variantPrefix).toThrow(/prefix/);
    }
  });

  it('writes no secret when no experiment runs, and reads nothing from a build without a map', () => {
    const dir = distWith('');
    expect(readExperimentMap(dir)).toEqual(new Map());
    expect(writeExperimentMap(dir, [], SECRET)).toEqual({});
    expect(readExperimentMap(dir)).toEqual(new Map());
  });

  it('refuses what the edge could not serve: a page or a variant the build lacks', () => {
    const noVariant = distWith('', 'spring-launch', 'variants/spring-launch/a');
    expect(() => writeExperimentMap(noVariant, [launch], SECRET)).toThrow(/variant b/);
    const noPage = distWith('', 'variants/spring-launch/a', 'variants/spring-launch/b');
    expect(() => writeExperimentMap(noPage, [launch], SECRET)).toThrow(/no page built/);
  });

  it('refuses values clean-urls.js would not read', () => {
    const dir = builtFor(launch);
    const write = (change: Partial<EdgeExperiment>, secret = SECRET) =>
      writeExperimentMap(dir, [{ ...launch, ...change }], secret);
    expect(() => write({ path: '/spring-launch/' })).toThrow(/path/);
    expect(() => write({ path: '/legacy/spring-launch' })).toThrow(/path/);
    expect(() => write({ experimentId: 'has space' })).toThrow(/id/);
    expect(() => write({ variantPrefix: '/elsewhere' })).toThrow(/prefix/);
    const shares = (...weights: [string, number][]) => ({
      variants: weights.map(([id, weight]) => ({ id, weight })),
    });
    expect(() => write(shares(['a', 60], ['b', 50]))).toThrow(/add up to 110/);
    expect(() => write(shares(['a', 100]))).toThrow(/two or more/);
    expect(() => write(shares(['b', 50], ['a', 50]))).toThrow(/control \(a\) first/);
    expect(() => write(shares(['a', 50], ['a', 50]))).toThrow(/distinct/);
    expect(() => write(shares(['a', 50], ['e', 50]))).toThrow(/a\.\.d/);
    expect(() => write(shares(['a', 49.5], ['b', 50.5]))).toThrow(/whole percent/);
    expect(() => write({}, 'not-hex')).toThrow(/secret/);
  });

  it('reads the edge store as the redirects and the experiments together', () => {
    const dir = builtFor(launch);
    writeRedirectMap(dir, [
      { from: '/old-launch', to: '/spring-launch', status: 301 },
      { from: '/ended', to: '/demo', status: 302 },
    ]);
    writeExperimentMap(dir, [launch], SECRET);
    expect(readEdgeStore(dir)).toEqual(
      new Map([
        ['/ended', '302 /demo'],
        ['/old-launch', '301 /spring-launch'],
        ['/spring-launch', 'x 01JEXPLAUNCH /variants/spring-launch a:50 b:50'],
        ['x:secret', SECRET],
      ]),
    );
    // Either part alone.
    expect(readEdgeStore(builtFor())).toEqual(new Map());
    const redirectsOnly = distWith('');
    writeRedirectMap(redirectsOnly, [{ from: '/ended', to: '/demo', status: 302 }]);
    expect(readEdgeStore(redirectsOnly)).toEqual(new Map([['/ended', '302 /demo']]));
  });

  it("keeps the experiment's entry where a redirect map names the same path", () => {
    const dir = builtFor(launch);
    // A map the build would not write (a redirect never hides a built page), written by hand.
    writeFileSync(join(dir, REDIRECT_MAP_FILE), JSON.stringify({ '/spring-launch': '301 /x' }));
    writeExperimentMap(dir, [launch], SECRET);
    expect(readEdgeStore(dir).get('/spring-launch')).toBe(
      'x 01JEXPLAUNCH /variants/spring-launch a:50 b:50',
    );
  });
});
