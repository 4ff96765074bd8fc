// Every browser spec runs in exactly one Playwright project (e2e/playwright.config.ts): a spec
// left out of the lists runs on the site server, and a spec in two lists runs twice, on two
// servers (a move of lifecycle.spec.ts to the settings lane once left it in the editing list
// too, and it ran in both). Read from Playwright's own `--list` of the config as CI runs it.
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');

interface Suite {
  file: string;
  specs: { tests: { projectName: string }[] }[];
  suites?: Suite[];
}

function projectsBySpec(): Map<string, Set<string>> {
  const output = execFileSync(
    join(root, 'node_modules/.bin/playwright'),
    ['test', '-c', 'e2e/playwright.config.ts', '--list', '--reporter=json'],
    { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  const report = JSON.parse(output) as { suites: Suite[]; errors: unknown[] };
  expect(report.errors).toEqual([]);
  const projects = new Map<string, Set<string>>();
  const walk = (suite: Suite) => {
    for (const spec of suite.specs) {
      for (const test of spec.tests) {
        const seen = projects.get(suite.file) ?? new Set<string>();
        seen.add(test.projectName);
        projects.set(suite.file, seen);
      }
    }
    for (const inner of suite.suites ?? []) walk(inner);
  };
  for (const suite of report.suites) walk(suite);
  return projects;
}

it('lists every browser spec in exactly one project', () => {
  const projects = projectsBySpec();
  const specs = readdirSync(join(root, 'e2e'))
    .filter((name) => name.endsWith('.spec.ts'))
    .sort();
  expect([...projects.keys()].sort()).toEqual(specs);
  const inMore = [...projects].filter(([, names]) => names.size !== 1);
  expect(inMore.map(([file, names]) => `${file}: ${[...names].join(', ')}`)).toEqual([]);
  // The specs that set something on the server's clock, their checks and the settings specs
  // share one lane.
  for (const name of ['governed', 'lifecycle']) {
    expect(projects.get(`clock-${name}.spec.ts`)).toEqual(new Set(['settings']));
    expect(projects.get(`when-due-${name}.spec.ts`)).toEqual(new Set(['settings']));
  }
});

it('runs the clock specs early in the settings lane and their checks last', () => {
  // The lane runs its files one at a time in this order (the order of their names): the
  // other settings specs' work fills the minutes until the times come
  // (docs/decisions/0585-clock-specs-hand-over.md). A new settings spec named to sort before
  // `clock-` or after `when-due-` would wait where they should not.
  const lane = [...projectsBySpec()]
    .filter(([, names]) => names.has('settings'))
    .map(([file]) => file);
  expect(lane.length).toBeGreaterThan(6);
  expect(lane.slice(0, 3)).toEqual(
    expect.arrayContaining(['clock-governed.spec.ts', 'clock-lifecycle.spec.ts']),
  );
  expect(lane.slice(-2)).toEqual(['when-due-governed.spec.ts', 'when-due-lifecycle.spec.ts']);
});
