// The decision records (docs/decisions/): every record has the shape its README gives, every
// file it cites exists, its supersede links resolve both ways, and the index lists every record
// under its topic and nothing else. Each check reports every problem at once, naming the record
// and the path, so a rename that breaks ten records shows all ten.
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const REPO = join(import.meta.dirname, '..');
const FOLDER = 'docs/decisions';

const TOPICS = [
  'publishing',
  'analytics',
  'forms',
  'blocks',
  'security',
  'storage',
  'performance',
  'operations',
] as const;

const FILE_NAME = /^(\d{4})-[a-z0-9]+(?:-[a-z0-9]+)*\.md$/;
const LINK = /\[(\d{4})\]\(((\d{4})-[^)\s]+\.md)\)/g;
const META_ORDER = ['Status', 'Topic', 'Issue', 'Files', 'Supersedes'] as const;
const SECTIONS = ['Context', 'Decision', 'Consequences'] as const;
const PREFIXES = '(?:functions|site|infra|scripts|content|e2e|docs)';

interface DecisionRecord {
  /** The record's path from the repository root, as problems name it. */
  path: string;
  file: string;
  number: string;
  title?: string;
  meta: Map<string, string>;
  /** File names (NNNN-x.md) the record's status says supersede it. */
  supersededBy: string[];
  /** File names its Supersedes line links. */
  supersedes: string[];
  body: string;
  text: string;
}

function links(text: string): { number: string; file: string }[] {
  return [...text.matchAll(LINK)].map((m) => ({ number: m[1]!, file: m[2]! }));
}

/** Reads every record of `dir` (relative to `root`); the README is the index, not a record. */
function readRecords(root: string, dir: string): DecisionRecord[] {
  return readdirSync(join(root, dir))
    .filter((file) => file.endsWith('.md') && file !== 'README.md')
    .sort()
    .map((file) => {
      const text = readFileSync(join(root, dir, file), 'utf8');
      const lines = text.split('\n');
      const title = /^# (\d{4})\. (\S.*)$/.exec(lines[0] ?? '');
      const meta = new Map<string, string>();
      let i = 1;
      for (; i < lines.length && !lines[i]!.startsWith('## '); i++) {
        const m = /^- ([A-Za-z]+): (.*)$/.exec(lines[i]!);
        if (m) meta.set(m[1]!, m[2]!.trim());
      }
      const status = meta.get('Status') ?? '';
      return {
        path: `${dir}/${file}`,
        file,
        number: FILE_NAME.exec(file)?.[1] ?? '',
        ...(title ? { title: `${title[1]}. ${title[2]}` } : {}),
        meta,
        supersededBy: status.startsWith('superseded by') ? links(status).map((l) => l.file) : [],
        supersedes: links(meta.get('Supersedes') ?? '').map((l) => l.file),
        body: lines.slice(i).join('\n'),
        text,
      };
    });
}

/** The title line, the metadata lines in their order and the three sections. */
function shapeProblems(records: DecisionRecord[]): string[] {
  const problems: string[] = [];
  for (const r of records) {
    const say = (problem: string) => problems.push(`${r.path}: ${problem}`);
    if (!FILE_NAME.test(r.file)) say('the file name is not NNNN-kebab-title.md');
    if (!r.title) say('the first line is not "# NNNN. Title"');
    else if (!r.title.startsWith(`${r.number}. `))
      say(`the title "${r.title}" is not numbered ${r.number} like its file`);
    const lines = r.text.split('\n');
    const metaLines = lines.slice(
      1,
      lines.findIndex((l) => l.startsWith('## ')),
    );
    const keys = metaLines
      .filter((l) => l.startsWith('- '))
      .map((l) => /^- ([A-Za-z]+):/.exec(l)?.[1] ?? l);
    const known = keys.filter((k): k is (typeof META_ORDER)[number] =>
      (META_ORDER as readonly string[]).includes(k),
    );
    for (const k of keys) if (!known.includes(k as never)) say(`unknown metadata line "${k}"`);
    for (const k of ['Status', 'Topic', 'Issue', 'Files'] as const)
      if (!r.meta.has(k)) say(`has no "- ${k}:" line`);
    const order = known.map((k) => META_ORDER.indexOf(k));
    if (order.some((n, j) => j > 0 && n <= order[j - 1]!))
      say(`metadata lines are not in the order ${META_ORDER.join(', ')}`);
    const status = r.meta.get('Status');
    if (status !== undefined && status !== 'accepted' && !/^superseded by \[\d{4}\]\(/.test(status))
      say(`status "${status}" is neither "accepted" nor "superseded by [NNNN](NNNN-title.md)"`);
    const topic = r.meta.get('Topic');
    if (topic !== undefined && !(TOPICS as readonly string[]).includes(topic))
      say(`topic "${topic}" is not one of ${TOPICS.join(', ')}`);
    const issue = r.meta.get('Issue');
    if (issue !== undefined && !/^\d+(?:, \d+)*$/.test(issue))
      say(`issue "${issue}" is not issue numbers separated by commas`);
    const files = r.meta.get('Files');
    if (files !== undefined && !/^`[^`]+`(?:, `[^`]+`)*$/.test(files))
      say('files are not backticked paths separated by commas');
    const supersedes = r.meta.get('Supersedes');
    if (supersedes !== undefined && r.supersedes.length === 0)
      say('Supersedes links no record (write [NNNN](NNNN-title.md))');
    const headings = r.body
      .split('\n')
      .filter((l) => l.startsWith('## '))
      .map((l) => l.slice(3).trim());
    if (headings.join('|') !== SECTIONS.join('|'))
      say(`sections are "${headings.join('", "')}", not "${SECTIONS.join('", "')}"`);
    for (const section of SECTIONS) {
      const m = new RegExp(`^## ${section}\\n([\\s\\S]*?)(?=^## |(?![\\s\\S]))`, 'm').exec(r.body);
      if (m && m[1]!.trim() === '') say(`the ${section} section is empty`);
    }
  }
  return problems;
}

/** The repository paths a record cites: its Files and every path of the repo's top folders. */
function citedPaths(r: DecisionRecord): string[] {
  const found = new Set<string>();
  for (const m of (r.meta.get('Files') ?? '').matchAll(/`([^`]+)`/g)) found.add(m[1]!);
  for (const m of r.body.matchAll(/`([^`\n]+)`/g)) {
    const path = new RegExp(`^(${PREFIXES}/\\S*)`).exec(m[1]!);
    if (path) found.add(path[1]!);
  }
  const prose = r.body.replace(/`[^`\n]*`/g, ' ');
  for (const m of prose.matchAll(new RegExp(`(?<![\\w/.@~-])(${PREFIXES}/[^\\s'",;()]*)`, 'g'))) {
    const path = m[1]!.replace(/[.,:;)]+$/, '');
    if (path.endsWith('/') || /\.\w+$/.test(path)) found.add(path);
  }
  return [...found]
    .map((p) => p.replace(/(?::\d+)+$/, '').replace(/[.,:;)]+$/, ''))
    .filter((p) => !/[*<{]/.test(p) && !p.includes('...'));
}

function missingFiles(root: string, records: DecisionRecord[]): string[] {
  return records.flatMap((r) =>
    citedPaths(r)
      .filter((p) => !existsSync(join(root, p)))
      .map((p) => `${r.path}: cites ${p}, which does not exist`),
  );
}

/** Every link to a record resolves; supersedes and superseded-by name each other. */
function linkProblems(records: DecisionRecord[]): string[] {
  const problems: string[] = [];
  const byFile = new Map(records.map((r) => [r.file, r]));
  for (const r of records) {
    for (const l of links(r.text)) {
      if (!byFile.has(l.file)) problems.push(`${r.path}: links ${l.file}, which does not exist`);
      else if (!l.file.startsWith(`${l.number}-`))
        problems.push(
          `${r.path}: the link [${l.number}](${l.file}) shows another number than its file`,
        );
    }
    for (const newer of r.supersededBy) {
      const other = byFile.get(newer);
      if (other && !other.supersedes.includes(r.file))
        problems.push(`${r.path}: is superseded by ${newer}, whose Supersedes does not name it`);
    }
    for (const older of r.supersedes) {
      const other = byFile.get(older);
      if (older === r.file) problems.push(`${r.path}: supersedes itself`);
      else if (other && !other.supersededBy.includes(r.file))
        problems.push(
          `${r.path}: supersedes ${older}, whose status does not say "superseded by" it`,
        );
    }
  }
  return problems;
}

/** The index (README.md) lists each record once under its topic, marks superseded ones, and no more. */
function indexProblems(root: string, dir: string, records: DecisionRecord[]): string[] {
  const problems: string[] = [];
  const index = `${dir}/README.md`;
  if (!existsSync(join(root, index))) return [`${index}: the index does not exist`];
  const listed = new Map<string, { topic: string; line: string }[]>();
  let topic: string | undefined;
  for (const line of readFileSync(join(root, index), 'utf8').split('\n')) {
    const heading = /^## (.+)$/.exec(line);
    if (heading) {
      const name = heading[1]!.trim().toLowerCase();
      topic = (TOPICS as readonly string[]).includes(name) ? name : undefined;
      continue;
    }
    if (!topic || !line.startsWith('- ')) continue;
    const first = links(line)[0];
    if (!first) continue;
    listed.set(first.file, [...(listed.get(first.file) ?? []), { topic, line }]);
  }
  const files = new Set(records.map((r) => r.file));
  for (const file of listed.keys())
    if (!files.has(file)) problems.push(`${index}: lists ${file}, which does not exist`);
  for (const r of records) {
    const entries = listed.get(r.file) ?? [];
    const own = r.meta.get('Topic');
    if (entries.length === 0) problems.push(`${index}: does not list ${r.path}`);
    else if (entries.length > 1) problems.push(`${index}: lists ${r.path} ${entries.length} times`);
    for (const e of entries) {
      if (e.topic !== own)
        problems.push(`${index}: lists ${r.path} under ${e.topic}, but its topic is ${own}`);
      const marked = /superseded by/i.test(e.line);
      if (r.supersededBy.length > 0 && !marked)
        problems.push(`${index}: does not mark ${r.path} as superseded`);
      if (r.supersededBy.length === 0 && marked)
        problems.push(`${index}: marks ${r.path} as superseded, but its status is not`);
    }
  }
  return problems;
}

/** The one file the records replaced; built so that this file does not name it. */
const GONE = ['docs', 'decisions.md'].join('/');
const SKIP = new Set([
  'node_modules',
  'dist',
  'cdk.out',
  '.data',
  '.git',
  '.astro',
  '.bench',
  'test-results',
  'playwright-report',
]);
const TEXT = /\.(?:md|ts|tsx|js|mjs|cjs|json|astro|css|ya?ml|sh|html|example)$/;

/** Files under `root` (its source folders and top-level files) that still name the old file. */
function namingTheOldFile(root: string, dir = ''): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = dir ? `${dir}/${name}` : name;
    if (SKIP.has(name)) return [];
    if (statSync(join(root, path)).isDirectory()) return namingTheOldFile(root, path);
    if (!TEXT.test(name) || !readFileSync(join(root, path), 'utf8').includes(GONE)) return [];
    return [`${path}: names ${GONE}, which the records in ${FOLDER}/ replaced`];
  });
}

describe('the decision records of docs/decisions/', () => {
  const records = readRecords(REPO, FOLDER);

  it('exist', () => {
    expect(records.length).toBeGreaterThan(0);
  });

  it('each have the shape: numbered title, Status, Topic, Issue, Files and the three sections', () => {
    expect(shapeProblems(records)).toEqual([]);
  });

  it('cite only files that exist', () => {
    expect(missingFiles(REPO, records)).toEqual([]);
  });

  it('link records that exist, and supersede each other both ways', () => {
    expect(linkProblems(records)).toEqual([]);
  });

  it('are each listed once in the index, under their topic', () => {
    expect(indexProblems(REPO, FOLDER, records)).toEqual([]);
  });

  it('leave nothing naming the file they replaced', () => {
    expect(namingTheOldFile(REPO)).toEqual([]);
  });
});

// The checks themselves, on a folder of broken records: each must find what is wrong.
describe('the checks', () => {
  const root = mkdtempSync(join(tmpdir(), 'decision-records-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  mkdirSync(join(root, 'dir'));
  mkdirSync(join(root, 'functions'));
  writeFileSync(join(root, 'functions/real.ts'), '');
  const record = (
    head: string[],
    body = '## Context\n\nc\n\n## Decision\n\nd\n\n## Consequences\n\ne\n',
  ) => `${head.join('\n')}\n\n${body}`;
  writeFileSync(
    join(root, 'dir/0001-old.md'),
    record([
      '# 0001. Old',
      '',
      '- Status: superseded by [0002](0002-new.md)',
      '- Topic: storage',
      '- Issue: 2',
      '- Files: `functions/real.ts`',
    ]),
  );
  writeFileSync(
    join(root, 'dir/0002-new.md'),
    record(
      [
        '# 0003. New',
        '',
        '- Status: accepted',
        '- Topic: food',
        '- Issue: two',
        '- Files: `functions/gone.ts`',
      ],
      '## Context\n\nSee `site/missing.tsx` and [0009](0009-none.md).\n\n## Decision\n\n## Consequences\n\ne\n',
    ),
  );
  writeFileSync(
    join(root, 'dir/README.md'),
    '# Index\n\n## Storage\n\n- [0001](0001-old.md) Old\n- [0004](0004-gone.md) Gone\n',
  );
  const broken = readRecords(root, 'dir');

  it('find a wrong number, topic, issue and an empty section', () => {
    expect(shapeProblems(broken)).toEqual([
      'dir/0002-new.md: the title "0003. New" is not numbered 0002 like its file',
      'dir/0002-new.md: topic "food" is not one of publishing, analytics, forms, blocks, security, storage, performance, operations',
      'dir/0002-new.md: issue "two" is not issue numbers separated by commas',
      'dir/0002-new.md: the Decision section is empty',
    ]);
  });

  it('find missing files in Files and in the text', () => {
    expect(missingFiles(root, broken)).toEqual([
      'dir/0002-new.md: cites functions/gone.ts, which does not exist',
      'dir/0002-new.md: cites site/missing.tsx, which does not exist',
    ]);
  });

  it('find a dangling link and a supersede that is one-sided', () => {
    expect(linkProblems(broken)).toEqual([
      'dir/0001-old.md: is superseded by 0002-new.md, whose Supersedes does not name it',
      'dir/0002-new.md: links 0009-none.md, which does not exist',
    ]);
  });

  it('find an unlisted record, a missing one and an unmarked superseded one', () => {
    expect(indexProblems(root, 'dir', broken)).toEqual([
      'dir/README.md: lists 0004-gone.md, which does not exist',
      'dir/README.md: does not mark dir/0001-old.md as superseded',
      'dir/README.md: does not list dir/0002-new.md',
    ]);
  });
});
