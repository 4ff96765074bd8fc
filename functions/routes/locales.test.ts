// A page's versions in other locales (issue 39, functions/routes/locales.ts,
// docs/decisions/0573-pages-per-locale.md): the locales setting, each locale's own working
// copy, approvals (e-signatures), publication and job code, "source changed" with its field
// diff, the XLIFF round trip through an outside parser and writer (the `xliff` package) and
// each refusal naming what is wrong. Real DynamoDB Local through the app
// (functions/test/workflow-team.ts).
import { describe, expect, inject, it } from 'vitest';
import xliff2js from 'xliff/xliff2js';
import js2xliff from 'xliff/js2xliff';
import type { ErrorEnvelope } from '../shared/error-envelope.ts';
import type { Publication } from '../shared/job-codes.ts';
import type { PageDetail } from '../shared/translations.ts';
import type { WorkflowSummaries, WorkingCopy } from '../shared/workflow.ts';
import { readActivePages } from '../site-data/store.ts';
import { approve, team } from '../test/workflow-team.ts';

type Team = Awaited<ReturnType<typeof team>>;

const GERMAN_HEADLINE = 'Saubere Lieferantendaten, vom ersten Upload an';

async function withGerman(approvals = 1) {
  const t = await team(approvals);
  const set = await t.as('admin')('PUT', '/api/admin/settings', { locales: ['en-US', 'de-DE'] });
  expect(set.status).toBe(200);
  return t;
}

const detail = async (t: Team) =>
  (await (await t.as('admin')('GET', `/api/admin/pages/${t.live.id}`)).json()) as PageDetail;

/** Starts (revision 0) or saves the German working copy with `headline`. */
const germanDraft = (t: Team, headline: string, revision: number, slug = 'fruehling') =>
  t.as('editor')('PUT', `/api/landing-pages/${t.live.id}/locales/de-DE/draft`, {
    title: 'Frühjahrskampagne',
    slug,
    content: { ...t.live.content, hero: { ...t.live.content.hero, headline } },
    revision,
  });

const de = (t: Team, action: string, who: string, body: unknown = {}) =>
  t.as(who)('POST', `/api/landing-pages/${t.live.id}/locales/de-DE/${action}`, body);

const errorOf = async (answer: Response) => ((await answer.json()) as ErrorEnvelope).error;

describe('the locales setting', () => {
  it('takes BCP 47 codes, en-US first, in languages the site speaks; refusals name the setting', async () => {
    const t = await team();
    const ok = await t.as('admin')('PUT', '/api/admin/settings', {
      locales: ['en-US', 'de-DE', 'de-AT'],
    });
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { locales: string[] }).locales).toEqual([
      'en-US',
      'de-DE',
      'de-AT',
    ]);
    for (const [locales, message] of [
      [['de-DE', 'en-US'], 'must start with en-US, the default'],
      [['en-US', 'fr-FR'], 'fr-FR: the site has no text in French'],
      [['en-US', 'de_DE'], '"de_DE" is not a BCP 47 locale'],
    ] as const) {
      const refused = await t.as('admin')('PUT', '/api/admin/settings', { locales });
      expect(refused.status).toBe(400);
      const error = await errorOf(refused);
      expect(Object.keys(error.fields ?? {}).some((field) => field.startsWith('locales'))).toBe(
        true,
      );
      expect(
        Object.values(error.fields ?? {})
          .flat()
          .join(' '),
      ).toContain(message);
    }
    // Only administrators change it.
    expect(
      (await t.as('publisher')('PUT', '/api/admin/settings', { locales: ['en-US'] })).status,
    ).toBe(403);
  });
});

describe('a page version per locale', () => {
  it('has its own working copy, approvals, publication and job code; the default locale is untouched', async () => {
    const t = await withGerman();
    const started = await germanDraft(t, GERMAN_HEADLINE, 0);
    expect(started.status).toBe(200);
    const copy = (await started.json()) as WorkingCopy;
    expect(copy).toMatchObject({ slug: 'fruehling', state: 'draft', title: 'Frühjahrskampagne' });

    let page = await detail(t);
    expect(page.locales['de-DE']).toMatchObject({
      prefix: 'de',
      path: '/de/fruehling',
      live: null,
      workingCopy: { slug: 'fruehling', revision: copy.revision },
      sourceChanged: false,
    });
    // The English page has no working copy and no approvals: the German one is its own.
    expect(page.workflow.workingCopy).toBeNull();

    expect((await de(t, 'submit', 'editor')).status).toBe(200);
    // One approval is required: publishing before it is refused.
    const early = await de(t, 'publish', 'publisher');
    expect(early.status).toBe(409);
    const signed = await de(t, 'approve', 'reviewer', approve());
    expect(signed.status).toBe(201);
    page = await detail(t);
    expect(page.locales['de-DE']!.workflow!.approvals).toHaveLength(1);
    expect(page.workflow.approvals).toHaveLength(0);

    const published = await de(t, 'publish', 'publisher');
    expect(published.status).toBe(200);
    expect(await published.json()).toMatchObject({ slug: 'fruehling', isActive: true });
    page = await detail(t);
    const live = page.locales['de-DE']!.live as { publication?: Publication } | null;
    expect(live).toMatchObject({
      title: 'Frühjahrskampagne',
      content: { hero: { headline: GERMAN_HEADLINE } },
    });
    // Its own job code, with the German reviewer's signature in its publication record.
    expect(live?.publication?.jobCode).toMatch(/^PB-2026-\d{4}$/);
    expect(live?.publication?.approvals?.map((entry) => entry.signerEmail)).toEqual([
      'reviewer@pharmabridge.test',
    ]);
    // Visitors of the English page still read the English headline.
    expect(await t.publicHeadline()).toBe(t.live.content.hero.headline);

    // The site build gets the German version with the English page, under its prefix.
    const built = await readActivePages({
      TABLE_NAME: t.services.config.env.TABLE_NAME,
      DYNAMODB_ENDPOINT: inject('dynamoEndpoint'),
    });
    const spring = built!.find((entry) => entry.id === t.live.id)!;
    expect(spring.translations).toEqual([
      expect.objectContaining({
        locale: 'de-DE',
        prefix: 'de',
        slug: 'fruehling',
        title: 'Frühjahrskampagne',
        publication: expect.objectContaining({ jobCode: `${live?.publication?.jobCode} v1` }),
      }),
    ]);
    // Never in the Pages list of its own.
    expect(built!.some((entry) => entry.id.includes('.'))).toBe(false);
    const listed = (await (await t.as('admin')('GET', '/api/landing-pages')).json()) as {
      id: string;
    }[];
    expect(listed.some((entry) => entry.id.includes('.'))).toBe(false);

    // Taken down in German only.
    const down = await de(t, 'unpublish', 'publisher');
    expect(down.status).toBe(200);
    page = await detail(t);
    expect(page.locales['de-DE']!.live).toBeNull();
    expect(page.isActive).toBe(true);
  });

  it('schedules its own publish, shown in its workflow, cancelled on its own', async () => {
    const t = await withGerman(0);
    expect((await germanDraft(t, GERMAN_HEADLINE, 0)).status).toBe(200);
    const at = new Date(Date.now() + 3_600_000).toISOString();
    const scheduled = await de(t, 'publish', 'publisher', { at });
    expect(scheduled.status).toBe(202);
    expect(await scheduled.json()).toMatchObject({ action: 'publish', at });
    let page = await detail(t);
    expect(page.locales['de-DE']!.workflow!.schedule).toEqual([
      expect.objectContaining({ action: 'publish', at }),
    ]);
    // The English page's schedule is its own: empty.
    expect(page.workflow.schedule).toEqual([]);
    const cancel = (action: string, who = 'publisher') =>
      t.as(who)('DELETE', `/api/landing-pages/${t.live.id}/locales/de-DE/schedule/${action}`);
    // Nothing scheduled to unpublish: a 404 that says so.
    const none = await cancel('unpublish');
    expect(none.status).toBe(404);
    expect((await errorOf(none)).message).toBe('No unpublish is scheduled for this page');
    // An editor may not; the publisher cancels, and the schedule is gone.
    expect((await cancel('publish', 'editor')).status).toBe(403);
    expect((await cancel('publish')).status).toBe(204);
    page = await detail(t);
    expect(page.locales['de-DE']!.workflow!.schedule).toEqual([]);
    expect(page.locales['de-DE']!.live).toBeNull();
    expect((await cancel('publish')).status).toBe(404);
  });

  it('flags a translation whose source changed after it was approved, with the field diff', async () => {
    const t = await withGerman(0);
    expect((await germanDraft(t, GERMAN_HEADLINE, 0)).status).toBe(200);
    expect((await de(t, 'publish', 'publisher')).status).toBe(200);
    expect((await detail(t)).locales['de-DE']!.sourceChanged).toBe(false);

    // The English live version changes.
    const before = t.live.content.hero.headline;
    expect(
      (await t.draft('Clean supplier data from the first upload', t.live.revision)).status,
    ).toBe(200);
    expect(
      (await t.as('publisher')('POST', `/api/landing-pages/${t.live.id}/publish`, {})).status,
    ).toBe(200);

    const page = await detail(t);
    expect(page.locales['de-DE']).toMatchObject({
      sourceChanged: true,
      sourceDiff: [
        { path: 'hero.headline', before, after: 'Clean supplier data from the first upload' },
      ],
    });
    const summaries = (await (
      await t.as('editor')('GET', '/api/admin/workflow')
    ).json()) as WorkflowSummaries;
    expect(summaries[t.live.id]!.locales).toEqual({
      'de-DE': { live: true, state: null, sourceChanged: true },
    });

    // A new German copy made from the changed source, published: no longer flagged.
    const revision = (await detail(t)).locales['de-DE']!.live!.revision;
    expect(
      (await germanDraft(t, 'Saubere Lieferantendaten ab dem ersten Upload', revision)).status,
    ).toBe(200);
    expect((await de(t, 'publish', 'publisher')).status).toBe(200);
    expect((await detail(t)).locales['de-DE']).toMatchObject({
      sourceChanged: false,
      sourceDiff: [],
    });
  });

  it('refuses a locale that is not configured, the default, a malformed code, a taken address and a stale start', async () => {
    const t = await withGerman(0);
    for (const [locale, message] of [
      ['fr-FR', "fr-FR is not one of the site's locales (en-US, de-DE)"],
      ['en-US', 'en-US is the default locale'],
      ['de_DE', '"de_DE" is not a BCP 47 locale'],
    ] as const) {
      const answer = await t.as('editor')(
        'PUT',
        `/api/landing-pages/${t.live.id}/locales/${locale}/draft`,
        { title: 'x', slug: 'x', content: t.live.content, revision: 0 },
      );
      expect(answer.status).toBe(400);
      expect((await errorOf(answer)).fields?.['locale']?.[0]).toContain(message);
    }
    expect((await germanDraft(t, GERMAN_HEADLINE, 0)).status).toBe(200);
    // Started meanwhile by someone else: revision 0 again is a conflict, nothing overwritten.
    const twice = await germanDraft(t, 'Anders', 0);
    expect(twice.status).toBe(409);
    expect((await detail(t)).locales['de-DE']!.workingCopy!.content.hero.headline).toBe(
      GERMAN_HEADLINE,
    );
    // Another page's German version cannot take the same address.
    const other = await t.services.pages.create({
      title: 'Autumn',
      slug: 'autumn',
      isActive: true,
      content: t.live.content,
    });
    const taken = await t.as('editor')(
      'PUT',
      `/api/landing-pages/${other.id}/locales/de-DE/draft`,
      {
        title: 'Herbst',
        slug: 'fruehling',
        content: other.content,
        revision: 0,
      },
    );
    expect(taken.status).toBe(409);
    expect((await errorOf(taken)).fields?.['slug']).toBeDefined();
    // A page without a German version: nothing to submit.
    expect(
      (await t.as('editor')('POST', `/api/landing-pages/${other.id}/locales/de-DE/submit`, {}))
        .status,
    ).toBe(404);
  });

  it('keeps published addresses: no locale with live pages removed, no prefix moved', async () => {
    const t = await withGerman(0);
    expect((await germanDraft(t, GERMAN_HEADLINE, 0)).status).toBe(200);
    expect((await de(t, 'publish', 'publisher')).status).toBe(200);
    const moved = await t.as('admin')('PUT', '/api/admin/settings', {
      locales: ['en-US', 'de-DE', 'de-AT'],
    });
    expect(moved.status).toBe(409);
    expect((await errorOf(moved)).fields?.['locales']?.[0]).toContain(
      'The pages of de-DE would move from /de/ to /de-de/',
    );
    const removed = await t.as('admin')('PUT', '/api/admin/settings', { locales: ['en-US'] });
    expect(removed.status).toBe(409);
    expect((await errorOf(removed)).fields?.['locales']?.[0]).toContain(
      'The locale de-DE cannot be removed while pages are live in it (/de/fruehling)',
    );
    const settings = (await (await t.as('admin')('GET', '/api/admin/settings')).json()) as {
      locales: string[];
    };
    expect(settings.locales).toEqual(['en-US', 'de-DE']);
  });
});

describe('XLIFF 2.1 through the API', () => {
  const xliffPath = (t: Team, query = '') =>
    `/api/landing-pages/${t.live.id}/locales/de-DE/xliff${query}`;
  /** Sends the document as an editor, with its own Content-Type. */
  const putXliff = async (
    t: Team,
    document: string,
    revision: number,
    type = 'application/xliff+xml',
  ) => {
    const { cookie } = await t.signIn(
      `translator-${revision}-${type.length}@pharmabridge.test`,
      'editor',
    );
    return t.json('PUT', xliffPath(t, `?revision=${revision}`), document, {
      cookie,
      'content-type': type,
    });
  };

  it('round-trips through an outside parser and writer into the German working copy', async () => {
    const t = await withGerman(0);
    const exported = await t.as('editor')('GET', xliffPath(t));
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-type')).toBe('application/xliff+xml; charset=utf-8');
    expect(exported.headers.get('content-disposition')).toBe(
      'attachment; filename="spring.de-DE.xlf"',
    );
    const parsed = await xliff2js(await exported.text());
    expect(parsed.sourceLanguage).toBe('en-US');
    expect(parsed.targetLanguage).toBe('de-DE');
    const units = parsed.resources[t.live.id]!;
    expect(units['hero.headline']!.source).toBe(t.live.content.hero.headline);
    // The vendor translates two units.
    units['title']!.target = 'Frühjahrskampagne';
    units['hero.headline']!.target = GERMAN_HEADLINE;
    const translated = await js2xliff(parsed, { targetXliffVersion: '2.1', indent: '' });

    const imported = await putXliff(t, translated, 0);
    expect(imported.status).toBe(200);
    const answer = (await imported.json()) as { units: number; workingCopy: WorkingCopy };
    expect(answer.units).toBe(2);
    // A new version starts at the English slug, with the translations written in.
    expect(answer.workingCopy).toMatchObject({
      slug: 'spring',
      title: 'Frühjahrskampagne',
      content: { hero: { headline: GERMAN_HEADLINE } },
    });
    // Exported again: the targets come back filled.
    const again = await xliff2js(await (await t.as('editor')('GET', xliffPath(t))).text());
    expect(again.resources[t.live.id]!['hero.headline']!.target).toBe(GERMAN_HEADLINE);

    // A stale revision is refused, the copy unchanged.
    const stale = await putXliff(t, translated, answer.workingCopy.revision - 1);
    expect(stale.status).toBe(409);
  });

  it('refuses, naming the unit, a changed source, an unknown unit, a changed placeholder and a malformed document', async () => {
    const t = await withGerman(0);
    // A page text with a placeholder the translation must keep.
    expect(
      (await t.draft('Clean data for {{param:utm_term|supplier teams}}', t.live.revision)).status,
    ).toBe(200);
    expect(
      (await t.as('publisher')('POST', `/api/landing-pages/${t.live.id}/publish`, {})).status,
    ).toBe(200);
    const document = await (await t.as('editor')('GET', xliffPath(t))).text();

    const cases: [string, string, string][] = [
      [
        'changed source',
        document.replace('<source>Spring campaign</source>', '<source>Autumn campaign</source>'),
        'unit ',
      ],
      ['unknown unit', document.replace('<unit id="title">', '<unit id="hero.nonsense">'), 'unit '],
      [
        'placeholder dropped',
        document.replace(
          /(<unit id="hero.headline">[\s\S]*?<\/source>)/,
          '$1<target>Saubere Daten für Lieferanten</target>',
        ),
        'unit hero.headline',
      ],
      ['malformed', document.slice(0, document.length / 2), 'document'],
    ];
    for (const [name, body, field] of cases) {
      expect(body, name).not.toBe(document);
      const answer = await putXliff(t, body, 0);
      expect(answer.status, name).toBe(400);
      const error = await errorOf(answer);
      expect(Object.keys(error.fields ?? {}).join(), name).toContain(field);
    }
    // Nothing was stored by any of them.
    expect((await detail(t)).locales['de-DE']!.workingCopy).toBeNull();

    expect((await putXliff(t, document, 0, 'application/json')).status).toBe(415);
    const huge = document.replace('</xliff>', `<!--${'x'.repeat(2 * 1024 * 1024)}--></xliff>`);
    const tooBig = await putXliff(t, huge, 0);
    expect(tooBig.status).toBe(413);
    expect((await errorOf(tooBig)).message).toContain('The XLIFF document must be at most');
  });
});
