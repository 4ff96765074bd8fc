import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { KEY_SPACE } from './key-space.ts';
import { GSI1PK, GSI2PK, keys, NO_PAGE_SCOPE, PK, SITE_SCOPE, SK } from './keys.ts';

/**
 * Two key forms collide when some key could be written by both: two equal literals, a
 * literal that starts with a prefix form, or a prefix that starts with another (then
 * `begins_with` on the shorter one reads the longer one's items). '' is wholly variable,
 * so it may only stand alone.
 */
function collisions(forms: readonly string[]): string[] {
  const found: string[] = [];
  forms.forEach((a, i) =>
    forms.forEach((b, j) => {
      if (i === j) return;
      if (a === b) found.push(`${a} twice`);
      else if (a === '' || b === '') found.push(`'' beside ${a || b}`);
      else if (b.endsWith('#') && a.startsWith(b)) found.push(`${a} inside ${b}`);
    }),
  );
  return [...new Set(found)];
}

describe('the key space', () => {
  it.each(Object.entries(KEY_SPACE))('no two partition forms of %s collide', (_, partitions) => {
    expect(collisions(Object.keys(partitions))).toEqual([]);
  });

  it('no two sort-key forms of one partition collide', () => {
    const found = Object.values(KEY_SPACE).flatMap((partitions) =>
      Object.entries(partitions).flatMap(([pk, sks]) =>
        collisions(sks).map((collision) => `${pk}: ${collision}`),
      ),
    );
    expect(found).toEqual([]);
  });

  it('finds a collision where there is one (the check itself)', () => {
    expect(collisions(['PAGE#', 'PAGE#VERSION#'])).toEqual(['PAGE#VERSION# inside PAGE#']);
    expect(collisions(['SALT', 'SALT'])).toEqual(['SALT twice']);
    expect(collisions(['', 'DAY'])).toEqual(["'' beside DAY"]);
    expect(collisions(['ADMIN#', 'ADMINS'])).toEqual([]);
  });

  it('lists every form the module defines', () => {
    const listed = (space: keyof typeof KEY_SPACE) => Object.keys(KEY_SPACE[space]).sort();
    expect(listed('table')).toEqual(Object.values(PK).sort());
    expect(listed('gsi1')).toEqual(Object.values(GSI1PK).sort());
    expect(listed('gsi2')).toEqual(Object.values(GSI2PK).sort());
    const sks = new Set(Object.values(KEY_SPACE.table).flat());
    expect(Object.values(SK).filter((form) => !sks.has(form))).toEqual([]);
  });

  it('the site scopes are no page id (page ids are UUIDs)', () => {
    for (const scope of [SITE_SCOPE, NO_PAGE_SCOPE]) expect(scope).not.toMatch(/^[0-9a-f-]{36}$/);
  });
});

/**
 * The bytes the released code wrote, copied from it as literals (git show 414ffa4:
 * functions/data/*.ts): items already in a table are found by these keys, so a builder
 * may never change them.
 */
describe('stored keys are unchanged', () => {
  const id = '0b9e3c2a-6f1d-4e8a-9c3b-2d7f5a1e4b6c';
  const cases: [string, unknown, unknown][] = [
    ['admin', keys.admin('a@example.com'), { pk: 'ADMIN#a@example.com', sk: 'ADMIN' }],
    [
      'admin session',
      keys.adminSession('a@example.com', 'k1'),
      { pk: 'ADMIN#a@example.com', sk: 'SESSION#k1' },
    ],
    [
      'enrolment',
      keys.totpEnrolment('a@example.com'),
      { pk: 'ADMIN#a@example.com', sk: 'TOTP-ENROLMENT' },
    ],
    [
      'recovery code',
      keys.recoveryCode('a@example.com', 'h'),
      { pk: 'ADMIN#a@example.com', sk: 'RECOVERY#h' },
    ],
    [
      'code failures',
      keys.codeFailures('a@example.com'),
      { pk: 'ADMIN#a@example.com', sk: 'CODE-FAILURES' },
    ],
    ['setup token', keys.setupToken('h'), { pk: 'SETUP', sk: 'TOKEN#h' }],
    ['first admin', keys.firstAdmin(), { pk: 'ADMINS', sk: 'FIRST' }],
    ['audit', keys.audit('2026-03', id), { pk: 'AUDIT#2026-03', sk: id }],
    ['audit chain head', keys.auditHead(), { pk: 'AUDIT-HEAD', sk: 'CHAIN-HEAD' }],
    ['build', keys.buildFailure(), { pk: 'BUILD', sk: 'REQUEST_FAILURE' }],
    ['counter', keys.counter('ALL', '2026-03-01'), { pk: 'STATS#ALL', sk: 'DAY#2026-03-01' }],
    [
      'event',
      keys.event(id, '2026-03-01', '2026-03-01T10:00:00.000Z', 'u'),
      { pk: `EVENTS#${id}#2026-03-01`, sk: '2026-03-01T10:00:00.000Z#u' },
    ],
    ['visitor', keys.visitor('2026-03-01', 'h'), { pk: 'VISITOR#2026-03-01#h', sk: 'DAY' }],
    ['salt', keys.salt('2026-03-01'), { pk: 'SALT', sk: '2026-03-01' }],
    ['secret', keys.secret('session'), { pk: 'SECRET', sk: 'session' }],
    ['invitation', keys.invitation(id), { pk: 'INVITES', sk: id }],
    ['page', keys.page(id), { pk: `PAGE#${id}`, sk: 'PAGE' }],
    ['page version', keys.pageVersion(id, 'v'), { pk: `PAGE#${id}`, sk: 'VERSION#v' }],
    ['slug', keys.slug('x'), { pk: 'SLUG#x', sk: 'SLUG' }],
    ['redirect', keys.redirect('/old'), { pk: 'REDIRECTS', sk: '/old' }],
    ['deleted page', keys.deletedPage(id), { pk: `DELETED#${id}`, sk: 'DELETED' }],
    ['lead', keys.lead(id), { pk: `LEAD#${id}`, sk: 'LEAD' }],
    ['lead note', keys.leadNote(id, 't#1'), { pk: `LEAD#${id}`, sk: 'NOTE#t#1' }],
    ['outbox', keys.outbox(id), { pk: `LEAD#${id}`, sk: 'OUTBOX#WEBHOOK' }],
    ['webhook subscription', keys.webhookSubscription(id), { pk: 'WEBHOOKS', sk: id }],
    [
      'webhook delivery',
      keys.webhookDelivery(id, 't#d'),
      { pk: `WEBHOOK#${id}`, sk: 'DELIVERY#t#d' },
    ],
    ['upload', keys.upload(id), { pk: `UPLOAD#${id}`, sk: 'UPLOAD' }],
    ['media', keys.media(id), { pk: `MEDIA#${id}`, sk: 'MEDIA' }],
    ['rate', keys.rate('contact', 'h', 60), { pk: 'RATE#contact#h', sk: '60' }],
    ['session', keys.session('k'), { pk: 'SESSION#k', sk: 'SESSION' }],
    ['pending', keys.pending('h'), { pk: 'PENDING#h', sk: 'SIGN-IN' }],
    [
      'current reset link',
      keys.currentReset('a@example.com'),
      { pk: 'ADMIN#a@example.com', sk: 'PASSWORD-RESET' },
    ],
    ['reset link', keys.resetLink('h'), { pk: 'PASSWORD-RESET#h', sk: 'LINK' }],
    ['throttle pair', keys.throttlePair('h', 60), { pk: 'THROTTLE#PAIR#h', sk: '60' }],
    ['throttle ip', keys.throttleIp('h', 60), { pk: 'THROTTLE#IP#h', sk: '60' }],
    ['throttle account', keys.throttleAccount('h'), { pk: 'THROTTLE#ACCOUNT#h', sk: 'STATE' }],
    ['lead status', keys.leadStatusPartition('new'), 'LEADS#STATUS#new'],
    // Issue 24 and 25 (first written by this release).
    ['experiment', keys.experiment(id), { pk: `EXPERIMENT#${id}`, sk: 'EXPERIMENT' }],
    ['variant', keys.variant(id, 'b'), { pk: `EXPERIMENT#${id}`, sk: 'VARIANT#b' }],
    [
      'variant signature',
      keys.variantSignature(id, 'b', 't#1'),
      { pk: `EXPERIMENT#${id}`, sk: 'SIGNATURE#b#t#1' },
    ],
    [
      'experiment day',
      keys.experimentDay(id, '2026-03-01', 3),
      { pk: `EXPSTATS#${id}`, sk: 'DAY#2026-03-01#3' },
    ],
    // Issues 33 and 35 (first written by this release).
    [
      'experiment visitor key',
      keys.experimentVisitor(id, 7, 'ab'.repeat(32)),
      { pk: `EXPVISITORS#${id}#7`, sk: 'ab'.repeat(32) },
    ],
    [
      "an ended experiment's visitor keys to delete",
      keys.endedExperimentVisitors(id),
      { pk: 'EXPVISITORS-ENDED', sk: id },
    ],
    ['experiment lock', keys.experimentLock(id), { pk: `PAGE#${id}`, sk: 'EXPERIMENT-LOCK' }],
    [
      'source base',
      keys.sourceBase(`${id}.de-DE`, 'live'),
      { pk: `PAGE#${id}.de-DE`, sk: 'SOURCE#LIVE' },
    ],
    ['report settings', keys.reportSettings(), { pk: 'SETTINGS', sk: 'REPORT' }],
    ['job code counter', keys.jobCodeCounter('2026'), { pk: 'SETTINGS', sk: 'JOB-CODES#2026' }],
    ['share', keys.share(id), { pk: 'SHARES', sk: id }],
    ['API token', keys.apiToken(id), { pk: 'API-TOKENS', sk: `TOKEN#${id}` }],
    ['API token hash', keys.apiTokenHash('abc'), { pk: 'API-TOKENS', sk: 'HASH#abc' }],
    ['calendar feed', keys.calendarFeed(id), { pk: 'CALENDAR-FEEDS', sk: id }],
    ['goal', keys.goal(id), { pk: 'GOALS', sk: id }],
    ['page template', keys.template(id), { pk: 'TEMPLATES', sk: id }],
    ['gated file', keys.asset(id), { pk: 'ASSETS', sk: id }],
    ['realtime', keys.realtime('2026-03-01T10:00', 7), { pk: 'LIVE#2026-03-01T10:00', sk: '7' }],
    // Leads by form and owner assignment (issue 35).
    [
      'form lead',
      keys.formLead('webinar-2027', '2026-03-01T10:00:00.000Z', id),
      { pk: 'FORM-LEADS#webinar-2027', sk: `2026-03-01T10:00:00.000Z#${id}` },
    ],
    ['lead form', keys.leadForm('webinar-2027'), { pk: 'LEAD-FORMS', sk: 'webinar-2027' }],
    ['form index marker', keys.formIndexDone(), { pk: 'SETTINGS', sk: 'FORM-INDEX' }],
    ['assignment turn', keys.assignmentTurn('r1'), { pk: 'SETTINGS', sk: 'ASSIGNMENT#r1' }],
    // Counter shards and raw-event partitions (issue 25); shard 0 is the released key.
    [
      'counter shard 0',
      keys.counter('ALL', '2026-03-01', 0),
      { pk: 'STATS#ALL', sk: 'DAY#2026-03-01' },
    ],
    [
      'counter shard',
      keys.counter('ALL', '2026-03-01', 17),
      { pk: 'STATS#ALL', sk: 'DAY#2026-03-01#17' },
    ],
    [
      'event partition',
      keys.event(id, '2026-03-01', '2026-03-01T10:00:00.000Z', 'u', 5),
      { pk: `EVENTS#${id}#2026-03-01#5`, sk: '2026-03-01T10:00:00.000Z#u' },
    ],
    ['events partition 0', keys.eventsPartition(id, '2026-03-01', 0), `EVENTS#${id}#2026-03-01`],
  ];
  it.each(cases)('%s', (_, built, stored) => expect(built).toEqual(stored));

  it('the index partitions', () => {
    expect(GSI1PK).toEqual({
      admins: 'ADMINS',
      pages: 'PAGES',
      leads: 'LEADS',
      media: 'MEDIA',
      outboxDue: 'OUTBOX#DUE',
      webhookDue: 'WEBHOOK#DUE',
      schedules: 'SCHEDULES',
      experiments: 'EXPERIMENTS',
      translations: 'TRANSLATIONS',
    });
    expect(GSI2PK).toEqual({ deleted: 'DELETED', leadStatus: 'LEADS#STATUS#' });
  });
});

describe('counter shards in the sort key', () => {
  it('reads back the day and shard of a counter item, and nothing else', () => {
    expect(keys.counterShard(keys.counter('ALL', '2026-03-01').sk)).toEqual({
      day: '2026-03-01',
      shard: 0,
    });
    expect(keys.counterShard(keys.counter('ALL', '2026-03-01', 255).sk)).toEqual({
      day: '2026-03-01',
      shard: 255,
    });
    // The first release's one item per type, under the same partition.
    expect(keys.counterShard('DAY#2026-03-01#contact_form_submit')).toBeUndefined();
    expect(keys.counterShard('VERSION#2026-03-01')).toBeUndefined();
  });

  it('a range holds every shard of its days and nothing of the days around it', () => {
    const { from, to } = keys.statsDayRange('2026-03-01', '2026-03-02');
    const inside = (sk: string) => sk >= from && sk <= to;
    expect(inside(keys.counter('ALL', '2026-03-01').sk)).toBe(true);
    expect(inside(keys.counter('ALL', '2026-03-02', 255).sk)).toBe(true);
    expect(inside(keys.counter('ALL', '2026-02-28', 255).sk)).toBe(false);
    expect(inside(keys.counter('ALL', '2026-03-03').sk)).toBe(false);
  });
});

describe('no repository spells a key itself', () => {
  // Every server module, not only the repositories: the backup reads items by their keys too.
  const dir = fileURLToPath(new URL('..', import.meta.url));
  const sources = readdirSync(dir, { recursive: true })
    .map(String)
    .filter(
      (name) =>
        name.endsWith('.ts') &&
        !name.endsWith('.test.ts') &&
        name !== join('data', 'keys.ts') &&
        name !== join('data', 'key-forms.ts'),
    )
    .map((name) => ({
      name,
      // Comments may describe keys; code may not spell them.
      code: readFileSync(join(dir, name), 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/^\s*\/\/.*$/gm, '')
        .replace(/\s\/\/.*$/gm, ''),
    }));
  // Every literal form of the key space (prefixes and whole keys), as it would be quoted.
  const forms = new Set(
    Object.values(KEY_SPACE).flatMap((partitions) =>
      Object.entries(partitions).flatMap(([pk, sks]) => [pk, ...sks]),
    ),
  );
  forms.delete('');

  it('no prefix with a # in a string, template or pattern', () => {
    const found = sources.flatMap(({ name, code }) =>
      [...code.matchAll(/['`/^][A-Z][A-Z_-]*#/g)].map((match) => `${name}: ${match[0]}`),
    );
    expect(found).toEqual([]);
  });

  it('no whole key form quoted', () => {
    const found = sources.flatMap(({ name, code }) =>
      [...code.matchAll(/['`]([A-Z][A-Z_#-]*)['`$]/g)]
        .filter((match) => forms.has(match[1]!))
        .map((match) => `${name}: ${match[0]}`),
    );
    expect(found).toEqual([]);
  });
});
