// Experiments per locale (issue 39, docs/decisions/0576-experiments-per-locale.md): an
// experiment runs on one locale's version of a page (`{pageId, locale}`), its variants are
// copies of that version, its lock is the version's, the build reads it under the
// localized address, the events that name it count for it alone, and a promoted variant
// becomes the version's working copy. Real DynamoDB Local through the app
// (functions/test/experiment-team.ts).
import { describe, expect, inject, it } from 'vitest';
import type { ErrorEnvelope } from '../../shared/error-envelope.ts';
import type { ExperimentDetail, ExperimentList } from '../../shared/experiments.ts';
import type { LandingPage } from '../landing-pages/page-item.ts';
import { translationId } from '../../shared/translation-ids.ts';
import { readActivePages, readRunningExperiments } from '../../site-data/store.ts';
import { team } from '../../test/experiment-team.ts';

type Team = Awaited<ReturnType<typeof team>>;

const GERMAN_HEADLINE = 'Saubere Lieferantendaten, vom ersten Upload an';
const TWO = [
  { name: 'Kontrolle', weight: 50 },
  { name: 'Kürzer', weight: 50 },
];

/** The team with de-DE (and de-AT, without any version) configured and a live German version. */
async function withGerman(): Promise<Team & { german: LandingPage }> {
  const t = await team();
  const set = await t.as('admin')('PUT', '/api/admin/settings', {
    locales: ['en-US', 'de-DE', 'de-AT'],
  });
  expect(set.status).toBe(200);
  const saved = await t.as('editor')('PUT', `/api/landing-pages/${t.page.id}/locales/de-DE/draft`, {
    title: 'Frühjahrskampagne',
    slug: 'fruehling',
    content: { ...t.page.content, hero: { ...t.page.content.hero, headline: GERMAN_HEADLINE } },
    revision: 0,
  });
  expect(saved.status).toBe(200);
  const published = await t.as('publisher')(
    'POST',
    `/api/landing-pages/${t.page.id}/locales/de-DE/publish`,
    {},
  );
  expect(published.status).toBe(200);
  const german = await t.services.pages.getById(translationId(t.page.id, 'de-DE'));
  return { ...t, german: german! };
}

const errorOf = async (answer: Response) => ((await answer.json()) as ErrorEnvelope).error;

describe('experiments per locale: creating one', () => {
  it("runs on the locale's version: its variants are copies of the German page, and the list shows the locale", async () => {
    const t = await withGerman();
    const created = await t.create('editor', { locale: 'de-DE', variants: TWO });
    expect(created.status).toBe(201);
    const german = (await created.json()) as ExperimentDetail;
    expect(german).toMatchObject({ pageId: t.page.id, locale: 'de-DE', status: 'draft' });
    // The control and the copy are the German live version, not the English page.
    expect(german.variants.map((v) => v.content.hero.headline)).toEqual([
      GERMAN_HEADLINE,
      GERMAN_HEADLINE,
    ]);
    const english = (await (await t.create()).json()) as ExperimentDetail;
    expect(english).toMatchObject({ pageId: t.page.id, locale: 'en-US' });
    expect(english.variants[1]!.content.hero.headline).toBe(t.page.content.hero.headline);

    const list = (await (
      await t.as('reviewer')('GET', `/api/admin/experiments?pageId=${t.page.id}`)
    ).json()) as ExperimentList;
    expect(list.experiments.map((e) => [e.id, e.locale]).sort()).toEqual(
      [
        [german.id, 'de-DE'],
        [english.id, 'en-US'],
      ].sort(),
    );
    const read = (await (
      await t.as('reviewer')('GET', `/api/admin/experiments/${german.id}`)
    ).json()) as ExperimentDetail;
    expect(read.locale).toBe('de-DE');
    expect(read.variants[0]!.content.hero.headline).toBe(GERMAN_HEADLINE);
  });

  it('refuses a locale that is not configured, malformed, the default, without a version, and a translation id', async () => {
    const t = await withGerman();
    const refused = async (body: object, status: number) => {
      const answer = await t.create('editor', { variants: TWO, ...body });
      expect(answer.status, JSON.stringify(body)).toBe(status);
      return errorOf(answer);
    };
    const notConfigured = await refused({ locale: 'fr-FR' }, 400);
    expect(notConfigured.fields?.['locale']?.[0]).toBe(
      "fr-FR is not one of the site's locales (en-US, de-DE, de-AT): an administrator adds it in Settings first",
    );
    expect(notConfigured.message).toMatch(/^Invalid request: locale fr-FR is not/);
    expect((await refused({ locale: 'de_DE' }, 400)).fields?.['locale']?.[0]).toContain(
      '"de_DE" is not a BCP 47 locale',
    );
    expect((await refused({ locale: 'de-de' }, 400)).fields?.['locale']?.[0]).toBe(
      '"de-de" is written de-DE',
    );
    expect((await refused({ locale: 'en-US' }, 400)).fields?.['locale']?.[0]).toBe(
      'must be left out for en-US, the default locale (the page itself)',
    );
    const noVersion = await refused({ locale: 'de-AT' }, 409);
    expect(noVersion.fields?.['locale']?.[0]).toBe(
      'names a locale the page has no version in: translate and publish its de-AT version first',
    );
    expect(noVersion.message).toBe(
      'The page "Spring campaign" has no de-AT version: translate and publish it first, an experiment compares variants of a live page',
    );
    // The locale is its own field: a translation's id is not a page id.
    expect(
      (await refused({ pageId: translationId(t.page.id, 'de-DE') }, 400)).fields?.['pageId']?.[0],
    ).toBe('must be a page id (letters, digits and hyphens)');
    // Nothing was created.
    const list = (await (
      await t.as('reviewer')('GET', '/api/admin/experiments')
    ).json()) as ExperimentList;
    expect(list.experiments).toEqual([]);
  });
});

describe('experiments per locale: running one beside the English one', () => {
  it('locks only its version, is built under /<prefix>/<slug>, counts only its own events, and promotes into the version', async () => {
    const t = await withGerman();
    const germanId = (
      (await (
        await t.create('editor', { locale: 'de-DE', variants: TWO })
      ).json()) as ExperimentDetail
    ).id;
    const englishId = ((await (await t.create()).json()) as ExperimentDetail).id;
    // Variant B of the German experiment: a shorter German headline.
    const edited = await t.as('editor')('PUT', `/api/admin/experiments/${germanId}/variants/b`, {
      content: { ...t.german.content, hero: { ...t.german.content.hero, headline: 'Kürzer' } },
      revision: 1,
    });
    expect(edited.status).toBe(200);
    for (const id of [germanId, englishId]) {
      const started = await t.as('publisher')('POST', `/api/admin/experiments/${id}/start`);
      expect(started.status, id).toBe(200);
      expect(((await started.json()) as ExperimentDetail).status).toBe('running');
    }
    // A second German experiment finds the version locked, naming it.
    const second = (await (
      await t.create('editor', { locale: 'de-DE', variants: TWO })
    ).json()) as ExperimentDetail;
    const blocked = await t.as('publisher')('POST', `/api/admin/experiments/${second.id}/start`);
    expect(blocked.status).toBe(409);
    expect((await errorOf(blocked)).message).toBe(
      `Another experiment ("Shorter headline") is running or paused on this page's de-DE version: end it first`,
    );

    // What the site build reads: both, each under its own address and variant path (de-DE's
    // prefix is the whole code, as de-AT is configured too).
    const env = {
      TABLE_NAME: t.services.config.env.TABLE_NAME,
      DYNAMODB_ENDPOINT: inject('dynamoEndpoint'),
    };
    const pages = (await readActivePages(env))!;
    const { experiments, secret } = await readRunningExperiments(pages, env);
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    const byId = new Map(experiments.map((e) => [e.id, e]));
    expect(byId.get(germanId)).toMatchObject({
      pageId: t.page.id,
      locale: 'de-DE',
      path: '/de-de/fruehling',
      variantSlug: 'de-de.fruehling',
    });
    expect(byId.get(germanId)!.variants.map((v) => [v.id, v.content.hero.headline])).toEqual([
      ['a', GERMAN_HEADLINE],
      ['b', 'Kürzer'],
    ]);
    expect(byId.get(englishId)).toMatchObject({ path: '/spring', variantSlug: 'spring' });
    expect(byId.get(englishId)!.locale).toBeUndefined();
    expect(byId.get(englishId)!.variants[0]!.content.hero.headline).toBe(
      t.page.content.hero.headline,
    );

    // Events name their experiment (the German page's <html data-experiment>): each counts
    // for its own. An event without one is the English experiment's, as before.
    const ip = '203.0.113.40';
    const germanVariant = await t.servedTo(germanId, ip);
    expect((await t.event(ip, germanVariant, 'page_view', { experimentId: germanId })).status).toBe(
      202,
    );
    const totals = async (id: string) =>
      (await t.results(id)).variants.map((v) => v.visitors).reduce((a, b) => a + b, 0);
    expect(await totals(germanId)).toBe(1);
    expect(await totals(englishId)).toBe(0);
    await t.event('203.0.113.41', await t.servedTo(englishId, '203.0.113.41'));
    expect(await totals(englishId)).toBe(1);
    expect(await totals(germanId)).toBe(1);

    // Promoting the German B: the German version's copy, published (no approvals here);
    // the English page keeps its headline and its own experiment.
    const promoted = await t.as('publisher')('POST', `/api/admin/experiments/${germanId}/promote`, {
      variantId: 'b',
    });
    expect(promoted.status).toBe(200);
    expect(await promoted.json()).toMatchObject({
      published: true,
      status: 'stopped',
      locale: 'de-DE',
    });
    const version = await t.services.pages.getById(translationId(t.page.id, 'de-DE'));
    expect(version!.content.hero.headline).toBe('Kürzer');
    expect(version!.slug).toBe('de-de/fruehling');
    expect((await t.services.pages.getById(t.page.id))!.content.hero.headline).toBe(
      t.page.content.hero.headline,
    );
    // The version is free again: the second German experiment starts.
    expect(
      (await t.as('publisher')('POST', `/api/admin/experiments/${second.id}/start`)).status,
    ).toBe(200);
    const running = await readRunningExperiments(await readActivePages(env).then((p) => p!), env);
    expect(running.experiments.map((e) => e.id).sort()).toEqual([second.id, englishId].sort());
  });
});
