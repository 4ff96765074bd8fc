// No production file over 450 lines (issue 34, docs/decisions/0579-file-size-limit.md). ESLint's
// max-lines rule (eslint.config.js) holds it for the .ts, .tsx and .js files: run here through
// ESLint's own API, so the test fails if the rule stops firing or starts applying to tests.
// ESLint does not read .astro files, so their lengths are counted here.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });
const LIMIT = 450;

async function tooLong(filePath: string, lines: number): Promise<boolean> {
  const code = Array.from({ length: lines }, (_, index) => `export const v${index} = ${index};`);
  const [result] = await eslint.lintText(`${code.join('\n')}\n`, { filePath });
  return result!.messages.some((message) => message.ruleId === 'max-lines');
}

describe('no production file over 450 lines', () => {
  it.each([
    ['functions/routes/leads.ts', LIMIT + 1, true],
    ['functions/data/keys.ts', LIMIT + 1, true],
    ['site/islands/admin/forms/form-editor.tsx', LIMIT + 1, true],
    ['infra/app.ts', LIMIT + 1, true],
    ['infra/edge/clean-urls.js', LIMIT + 1, true],
    ['functions/routes/leads.ts', LIMIT, false],
    // Tests, their helpers and the scripts are outside the limit.
    ['functions/routes/leads.test.ts', LIMIT + 1, false],
    ['functions/test/harness.ts', LIMIT + 1, false],
    ['scripts/build-site.ts', LIMIT + 1, false],
    ['e2e/editor.spec.ts', LIMIT + 1, false],
  ])('%s at %i lines: refused %s', async (file, lines, expected) => {
    expect(await tooLong(file, lines)).toBe(expected);
  });

  it('holds for every .astro file (which ESLint does not read)', () => {
    const site = join(import.meta.dirname, '..', 'site');
    const over = readdirSync(site, { recursive: true })
      .map(String)
      .filter((name) => name.endsWith('.astro'))
      .map((name) => ({ name, lines: readFileSync(join(site, name), 'utf8').split('\n').length }))
      .filter((file) => file.lines > LIMIT);
    expect(over).toEqual([]);
  });
});
