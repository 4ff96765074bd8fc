// The lint rule that keeps the admin reading every answer through its route's schema
// (eslint.config.js `admin-api/read-answers`, docs/decisions/0526-admin-parses-answers.md), run
// through ESLint's own Node API on snippets placed in the admin, and over the admin as it stands.
import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const RULE = 'admin-api/read-answers';
// Only this rule runs: the others have their own checks in `npm run lint`.
const eslint = new ESLint({ cwd: root, ruleFilter: ({ ruleId }) => ruleId === RULE });

/** The rule's complaints about `code` as if it were the file at `filePath` (from the root). */
async function complaints(code: string, filePath = 'site/islands/admin/pages/probe.ts') {
  const [result] = await eslint.lintText(`${code}\n`, { filePath });
  return result!.messages
    .filter((message) => message.ruleId === RULE)
    .map((message) => message.message);
}

describe('admin-api/read-answers', () => {
  it('refuses a request whose answer type is claimed instead of parsed', async () => {
    expect(
      await complaints("export const load = () => request<Page>('GET', '/api/landing-pages');"),
    ).toEqual([expect.stringContaining('pass the schema its route declares')]);
  });

  it('refuses a query typed by hand, and one without a queryFn, naming the hook', async () => {
    expect(
      await complaints('export const use = () => useQuery<Page[]>({ queryKey: PAGES_KEY });'),
    ).toEqual([
      expect.stringContaining('useQuery<...>() claims the answer’s type'),
      expect.stringContaining('useQuery() without a queryFn'),
    ]);
    expect(
      await complaints(
        'export const use = () => useSuspenseQuery({ queryKey: ME_KEY, enabled: true });',
        'site/islands/admin/permissions.ts',
      ),
    ).toEqual([expect.stringContaining('useSuspenseQuery() without a queryFn')]);
  });

  it('lets through a parsed request, a query helper, a spread helper and an own queryFn', async () => {
    const code = [
      "export const a = () => request(pageListSchema, 'GET', '/api/landing-pages');",
      'export const b = () => useQuery(pagesQuery);',
      'export const c = () => useQuery({ ...pagesQuery, enabled: false });',
      'export const d = () => useQuery({ queryKey: key, queryFn: () => fetchPage(id) });',
      'export const e = () => useQuery(versionsQuery(id));',
    ].join('\n');
    expect(await complaints(code)).toEqual([]);
  });

  it('holds for the admin as it stands', async () => {
    const results = await eslint.lintFiles(['site/islands/admin/**/*.{ts,tsx}']);
    const found = results.flatMap((result) =>
      result.messages
        .filter((message) => message.ruleId === RULE)
        .map((message) => `${result.filePath}: ${message.message}`),
    );
    expect(results.length).toBeGreaterThan(100);
    expect(found).toEqual([]);
  });
});
