// No module of the functions imports itself through others, type-only imports included: a
// cycle is a module that cannot be read (or loaded first) on its own. The last one ran
// through functions/lib/context.ts, which named the services' types while they imported
// its Logger (now functions/core/logger.ts).
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = dirname(new URL(import.meta.url).pathname);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+'(\.[^']+)'/g;

function cycles(files: string[]): string[][] {
  const edges = new Map<string, string[]>();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    edges.set(
      file,
      [...text.matchAll(IMPORT)].map((match) => resolve(dirname(file), match[1]!)),
    );
  }
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of edges.get(file) ?? []) {
      if (state.get(next) === 'open') found.push(stack.slice(stack.indexOf(next)).concat(next));
      else if (!state.has(next) && edges.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of edges.keys()) if (!state.has(file)) visit(file);
  return found.map((cycle) => cycle.map((file) => relative(ROOT, file)));
}

describe('the functions’ imports', () => {
  it('form no cycle', () => {
    expect(cycles(sources(ROOT))).toEqual([]);
  });
});
