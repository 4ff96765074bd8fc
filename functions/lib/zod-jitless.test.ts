// Every entry point sets zod's jitless mode before any schema exists (zod-jitless.ts): zod
// reads the setting when a schema is built, so the import must come first, ahead of every
// module that builds one. ES modules run their imports in the order they are written.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { LAMBDA_ENTRIES } from '../../scripts/bench/lambda.ts';

const root = join(import.meta.dirname, '../..');

const ENTRIES = [
  ...Object.values(LAMBDA_ENTRIES),
  'functions/lambda-setup.ts',
  'functions/webhooks/lambda.ts',
  'functions/server/start.ts',
];

const firstImport = (file: string) =>
  readFileSync(join(root, file), 'utf8')
    .split('\n')
    .find((line) => line.startsWith('import '));

describe('zod jitless', () => {
  it.each(ENTRIES)('%s imports zod-jitless.ts before anything else', (file) => {
    expect(firstImport(file)).toMatch(/^import '(\.\.?\/)+lib\/zod-jitless\.ts';/);
  });

  it('is in effect in the tests too (scripts/vitest.config.ts), as in production', () => {
    expect(z.config().jitless).toBe(true);
  });
});
