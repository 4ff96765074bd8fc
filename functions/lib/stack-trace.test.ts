// sourceStack on a real bundle: a module built with the Lambda functions' esbuild settings
// (minified, external source map) throws in a fresh Node process started without
// --enable-source-maps, as the functions run; the stack it logs must name the TypeScript
// file, line and call chain, and must fall back to the bundle's own frames when the map
// is missing.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lambdaBuildOptions } from '../../scripts/bench/lambda.ts';
import { sourceStack } from './stack-trace.ts';

const dir = mkdtempSync(join(tmpdir(), 'pb-stack-trace-'));
const bundle = join(dir, 'out/index.mjs');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Line numbers matter: the throw is on line 4, the call of failDeep on line 7.
const THROWER = [
  `import { sourceStack } from ${JSON.stringify(join(import.meta.dirname, 'stack-trace.ts'))};`,
  'function failDeep(): never {',
  "  const reason = 'the store said no';",
  '  throw new Error(`boom: ${reason}`);',
  '}',
  'try {',
  '  failDeep();',
  '} catch (error) {',
  '  process.stdout.write(JSON.stringify({ raw: (error as Error).stack, mapped: sourceStack(error) }));',
  '}',
].join('\n');

beforeAll(async () => {
  writeFileSync(join(dir, 'thrower.ts'), THROWER);
  await build({ ...lambdaBuildOptions(join(dir, 'out')), entryPoints: [join(dir, 'thrower.ts')] });
});

/** Runs the bundle as a Lambda function would: no NODE_OPTIONS. */
function run(): { raw: string; mapped: string } {
  const child = spawnSync(process.execPath, [bundle], {
    env: { PATH: process.env['PATH'] ?? '' },
    encoding: 'utf8',
  });
  expect(child.stderr).toBe('');
  return JSON.parse(child.stdout) as { raw: string; mapped: string };
}

describe('sourceStack', () => {
  it('maps each bundled frame to its source file, line and column', () => {
    const { raw, mapped } = run();
    // Node left the positions in the minified bundle (no --enable-source-maps)...
    expect(raw).toMatch(/index\.mjs:\d+:\d+/);
    expect(raw).not.toContain('thrower.ts');
    // ...and sourceStack points them at the TypeScript: the throw, then its caller.
    const lines = mapped.split('\n');
    expect(lines[0]).toBe('Error: boom: the store said no');
    expect(lines[1]).toMatch(/^\s+at .*thrower\.ts:4:\d+\)?$/);
    expect(lines[2]).toMatch(/^\s+at .*thrower\.ts:7:\d+\)?$/);
    expect(mapped).not.toContain('index.mjs');
    expect(lines).toHaveLength(raw.split('\n').length);
  });

  it('leaves the frames as they are when the bundle has no map beside it', () => {
    rmSync(`${bundle}.map`);
    const { raw, mapped } = run();
    expect(mapped).toBe(raw);
    expect(mapped).toMatch(/index\.mjs:\d+:\d+/);
  });

  it('describes a thrown non-error, and an error without a stack by its message', () => {
    expect(sourceStack('a string')).toBe('a string');
    const bare = new Error('no stack');
    bare.stack = undefined;
    expect(sourceStack(bare)).toBe('no stack');
  });
});
