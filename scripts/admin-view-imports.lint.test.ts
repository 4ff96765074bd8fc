// The lint rule that keeps the admin's views apart (eslint.config.js `admin/view-imports`,
// docs/decisions/0451-admin-views-import-only-the-kernel.md), run through ESLint's own Node API
// on snippets placed where the rule looks, and over the admin as it stands.
import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
// Only this rule runs: the others have their own checks in `npm run lint`.
const eslint = new ESLint({
  cwd: root,
  ruleFilter: ({ ruleId }) => ruleId === 'admin/view-imports',
});

/** The rule's complaints about `code` as if it were the file at `filePath` (from the root). */
async function complaints(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const used = value;\n`, { filePath });
  return result!.messages
    .filter((message) => message.ruleId === 'admin/view-imports')
    .map((message) => message.message);
}

describe('admin/view-imports', () => {
  it('refuses a view importing another view, statically, dynamically or re-exported', async () => {
    const file = 'site/islands/admin/pages/probe.ts';
    expect(
      await complaints(file, "import { value } from '../experiments/experiments-view.tsx';"),
    ).toEqual([
      expect.stringContaining('imports site/islands/admin/experiments/experiments-view.tsx'),
    ]);
    expect(
      await complaints(file, "const value = await import('../leads/leads-tab.tsx');"),
    ).toHaveLength(1);
    expect(
      await complaints(file, "export { x } from '../forms/forms-view.tsx';\nconst value = 1;"),
    ).toHaveLength(1);
  });

  it('resolves the path, so a file one folder down cannot reach another view either', async () => {
    expect(
      await complaints(
        'site/islands/admin/pages/deep/probe.ts',
        "import { value } from '../../images/images-tab.tsx';",
      ),
    ).toEqual([expect.stringContaining('imports site/islands/admin/images/images-tab.tsx')]);
  });

  it('refuses the shared kernel importing a view, and a view reaching into site/lib', async () => {
    expect(
      await complaints(
        'site/islands/admin/common/editor/probe.ts',
        "import { value } from '../../pages/pages-tab.tsx';",
      ),
    ).toHaveLength(1);
    expect(
      await complaints(
        'site/islands/admin/forms/probe.ts',
        "import { value } from '../../../lib/api-client.ts';",
      ),
    ).toHaveLength(1);
  });

  it('lets a view import its own folder, the kernel, top-level modules, contracts and renderers', async () => {
    const code = [
      "import { a } from './forms-api-probe.ts';",
      "import { b } from '../common/unsaved.ts';",
      "import { c } from '../common/editor/blocks/block-editor.tsx';",
      "import { d } from '../api.ts';",
      "import { e } from '../../../../functions/shared/forms/definition.ts';",
      "import { f } from '../../landing/landing-page.tsx';",
      "import { g } from '../../forms/form-fields.tsx';",
      "import { h } from 'react';",
      'const value = [a, b, c, d, e, f, g, h];',
    ].join('\n');
    expect(await complaints('site/islands/admin/forms/probe.ts', code)).toEqual([]);
  });

  it('leaves the admin shell free to assemble the views', async () => {
    expect(
      await complaints(
        'site/islands/admin/probe.tsx',
        "import { value } from './pages/pages-tab.tsx';",
      ),
    ).toEqual([]);
  });

  it('holds for the admin as it stands', async () => {
    const results = await eslint.lintFiles(['site/islands/admin/*/**/*.{ts,tsx}']);
    const found = results.flatMap((result) =>
      result.messages
        .filter((message) => message.ruleId === 'admin/view-imports')
        .map((message) => `${result.filePath}: ${message.message}`),
    );
    expect(found).toEqual([]);
  });
});
