// The experiment map a build publishes (issue 24; docs/decisions/0151-experiment-serving.md):
// dist/.experiments.json, the experiments' part of CloudFront's KeyValueStore as JSON, beside
// the redirects' part (redirect-map.ts). For each running experiment, its page's path ("/" or
// "/<slug>") maps to "x <experimentId> <variantPrefix> a:50 b:50" (the variants in order, the
// control first, each "<variantId>:<weight in percent>"), and the key "x:secret" holds the
// secret the assignment hashes with. The build prerenders every variant, the control too,
// at <variantPrefix>/<variantId>/index.html (variantPrefix "/variants/<slug>"; the default
// page's slug is `default`). infra/edge/clean-urls.js reads the value (experimentVariant) and
// rewrites the page's request to the visitor's variant; the local server runs that same code
// on readEdgeStore (static-site/site.ts), and the rebuild in AWS copies readEdgeStore into the
// KeyValueStore (scripts/sync-redirects.ts). A dotfile: never served, never synced to the bucket.
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isBuiltPage, readRedirectMap, readStoreFile } from './redirect-map.ts';

export const EXPERIMENT_MAP_FILE = '.experiments.json';
/** The store's key of the assignment secret (clean-urls.js reads it for experiment pages only). */
export const EXPERIMENT_SECRET_KEY = 'x:secret';

/** A running experiment as the edge needs it. */
export interface EdgeExperiment {
  /**
   * The page's address: '/' (the default page) or '/<slug>'; a version in a locale's
   * (docs/decisions/0576-experiments-per-locale.md) '/<prefix>' or '/<prefix>/<slug>'.
   */
  path: string;
  experimentId: string;
  /**
   * '/variants/<slug>' (a version's '/variants/<prefix>.<slug>'): each variant is built at
   * `${variantPrefix}/${id}/index.html`.
   */
  variantPrefix: string;
  /** In order, the control ('a') first; weights in percent, adding up to 100. */
  variants: { id: string; weight: number }[];
}

/** Key to value, as the KeyValueStore holds it. */
export type ExperimentMapFile = Record<string, string>;

// The forms clean-urls.js accepts (a value it cannot read serves the page unchanged, so the
// build refuses to write one). Variant ids and weights: functions/shared/experiments.ts.
// A locale prefix is a language, or a language and region, lowercased (functions/shared/locales.ts).
const PATH = /^\/$|^(\/[a-z]{2,3}(-[a-z]{2})?)?\/[a-z0-9-]{1,100}$/;
const EXPERIMENT_ID = /^[A-Za-z0-9_-]{1,100}$/;
const VARIANT_PREFIX = /^\/variants\/([a-z0-9-]{1,35}\.)?[a-z0-9-]{1,100}$/;
const VARIANT_ID = /^[a-d]$/;
const SECRET = /^[0-9a-f]{64}$/;

/** The store's value for one experiment: "x <experimentId> <variantPrefix> a:50 b:50". */
export function experimentValue(experiment: EdgeExperiment): string {
  const { path, experimentId, variantPrefix, variants } = experiment;
  const fault = (why: string) => new Error(`experiment ${experimentId} on ${path}: ${why}`);
  if (!PATH.test(path)) throw fault('the path is not "/", "/<slug>" or "/<prefix>/<slug>"');
  if (!EXPERIMENT_ID.test(experimentId)) throw fault('the id is not [A-Za-z0-9_-]{1,100}');
  if (!VARIANT_PREFIX.test(variantPrefix)) {
    throw fault('the prefix is not /variants/<slug> or /variants/<prefix>.<slug>');
  }
  const ids = variants.map((variant) => variant.id);
  if (variants.length < 2 || new Set(ids).size !== ids.length || ids[0] !== 'a') {
    throw fault('it needs two or more distinct variants, the control (a) first');
  }
  for (const { id, weight } of variants) {
    if (!VARIANT_ID.test(id)) throw fault(`variant id ${id} is not one of a..d`);
    if (!Number.isInteger(weight) || weight < 1 || weight > 99) {
      throw fault(`variant ${id}'s weight ${weight} is not a whole percent from 1 to 99`);
    }
  }
  const total = variants.reduce((sum, variant) => sum + variant.weight, 0);
  if (total !== 100) throw fault(`the weights add up to ${total}, not 100`);
  const shares = variants.map(({ id, weight }) => `${id}:${weight}`).join(' ');
  return `x ${experimentId} ${variantPrefix} ${shares}`;
}

/**
 * The map of `experiments` for the build in `outDir`: each one's value under its path, and
 * the secret when there is any experiment. Throws when the build lacks the page or one of
 * its variants' files (the edge would answer that visitor 404) or an input is malformed.
 */
export function experimentMapFor(
  outDir: string,
  experiments: readonly EdgeExperiment[],
  secret: string,
): ExperimentMapFile {
  const map: ExperimentMapFile = {};
  for (const experiment of [...experiments].sort((a, b) => a.path.localeCompare(b.path))) {
    const value = experimentValue(experiment);
    if (map[experiment.path] !== undefined) {
      throw new Error(`two experiments on ${experiment.path}`);
    }
    if (!isBuiltPage(outDir, experiment.path)) {
      throw new Error(`experiment ${experiment.experimentId}: no page built at ${experiment.path}`);
    }
    for (const { id } of experiment.variants) {
      const file = join(outDir, experiment.variantPrefix.slice(1), id, 'index.html');
      if (!existsSync(file)) {
        throw new Error(`experiment ${experiment.experimentId}: variant ${id} was not built`);
      }
    }
    map[experiment.path] = value;
  }
  if (experiments.length > 0) {
    if (!SECRET.test(secret)) throw new Error('the experiments secret is not 64 hex digits');
    map[EXPERIMENT_SECRET_KEY] = secret;
  }
  return map;
}

export function writeExperimentMap(
  outDir: string,
  experiments: readonly EdgeExperiment[],
  secret: string,
): ExperimentMapFile {
  const map = experimentMapFor(outDir, experiments, secret);
  writeFileSync(join(outDir, EXPERIMENT_MAP_FILE), `${JSON.stringify(map, null, 1)}\n`);
  return map;
}

/** The map a build wrote in `dir`; empty for a build without one. */
export function readExperimentMap(dir: string): Map<string, string> {
  return readStoreFile(dir, EXPERIMENT_MAP_FILE);
}

/**
 * Everything the edge function reads for the build in `dir`: the redirects and the
 * experiments. Their keys do not meet (a redirect never hides a built page, and an
 * experiment's page is built); were one to, the experiment's entry is kept, as the page
 * it runs on is what the build serves there.
 */
export function readEdgeStore(dir: string): Map<string, string> {
  return new Map([...readRedirectMap(dir), ...readExperimentMap(dir)]);
}
