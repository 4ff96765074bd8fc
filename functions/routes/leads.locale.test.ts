// Leads by locale (issue 39, docs/decisions/0575-leads-by-locale.md) through the real app and
// DynamoDB Local: `locale` filters the list alone and with the form, status and date filters,
// pages with the cursor (and across a read budget), filters the CSV, counts a lead stored
// before locales as en-US, and a malformed code is a 400 naming `locale`. GET
// /api/admin/leads/locales gives the Language filter's choices to the inbox's readers.
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { keys } from '../data/keys.ts';
import type { ErrorBody } from '../lib/errors.ts';
import { UTF8_BOM } from '../shared/csv.ts';
import { leadListSchema, leadLocalesSchema } from '../shared/leads/list.ts';
import { adminTestApp, BROWSER_USER_AGENT } from '../test/harness.ts';

async function setUp() {
  const clock = { now: new Date('2027-03-16T09:00:00.000Z') };
  const app = await adminTestApp({ CONTACT_RATE_LIMIT: '1000' }, { now: () => clock.now });
  const settings = await app.json('PUT', '/api/admin/settings', { locales: ['en-US', 'de-DE'] });
  expect(settings.status, await settings.clone().text()).toBe(200);
  /** A lead of the built-in dialog form (demo-request), a minute after the one before. */
  const send = async (name: string, locale?: string, formType = 'general') => {
    const response = await app.anonJson(
      'POST',
      '/api/contact',
      {
        name,
        email: `${name.split(' ')[0]!.toLowerCase()}@example-pharma.com`,
        company: 'Example Pharma',
        message: 'A demo, please.',
        formType,
        ...(locale ? { locale } : {}),
      },
      { 'user-agent': BROWSER_USER_AGENT },
    );
    expect(response.status, await response.clone().text()).toBe(201);
    clock.now = new Date(clock.now.getTime() + 60_000);
    return ((await response.json()) as { id: string }).id;
  };
  /** As a release from before locales stored it: no locale on the item. */
  const forgetLocale = async (id: string) => {
    await app.services.db.send(
      new UpdateCommand({
        TableName: app.services.tableName,
        Key: keys.lead(id),
        UpdateExpression: 'REMOVE #locale',
        ExpressionAttributeNames: { '#locale': 'locale' },
      }),
    );
  };
  const page = async (query: string) => {
    const response = await app.json('GET', `/api/admin/leads${query}`);
    expect(response.status, await response.clone().text()).toBe(200);
    return leadListSchema.parse(await response.json());
  };
  const names = async (query: string) => (await page(query)).leads.map((lead) => lead.name);
  return { ...app, clock, send, forgetLocale, page, names };
}

/** The CSV's rows as header-keyed records, read by an outside parser. */
async function csvRows(response: Response): Promise<Record<string, string>[]> {
  expect(response.status).toBe(200);
  return parse((await response.text()).replace(UTF8_BOM, ''), { columns: true });
}

describe('leads by locale', () => {
  it('filters the list by locale, alone and with the form, status and date filters', async () => {
    const app = await setUp();
    const old = await app.send('Olga Old'); // stored before locales: en-US
    await app.forgetLocale(old);
    await app.send('Erik English', 'en-US');
    const dora = await app.send('Dora Deutsch', 'de-DE');
    await app.send('Paul Preis', 'de-DE', 'pricing');
    await app.send('Nina Noname'); // no locale named: the default, stored as en-US

    expect(await app.names('')).toEqual([
      'Nina Noname',
      'Paul Preis',
      'Dora Deutsch',
      'Erik English',
      'Olga Old',
    ]);
    expect(await app.names('?locale=de-DE')).toEqual(['Paul Preis', 'Dora Deutsch']);
    // The default locale: the leads sent in it and those from before locales.
    expect(await app.names('?locale=en-US')).toEqual(['Nina Noname', 'Erik English', 'Olga Old']);
    expect((await app.page('?locale=en-US')).leads.map((lead) => lead.locale)).toEqual([
      'en-US',
      'en-US',
      undefined,
    ]);
    // A locale no lead was sent in (nor one the site has) filters to nothing.
    expect(await app.names('?locale=fr-FR')).toEqual([]);

    // With the form (its own index), the form type, the status and the dates.
    expect(await app.names('?locale=de-DE&formId=demo-request')).toEqual(['Dora Deutsch']);
    expect(await app.names('?locale=en-US&formId=demo-request')).toEqual([
      'Nina Noname',
      'Erik English',
      'Olga Old',
    ]);
    expect(await app.names('?locale=de-DE&form=pricing')).toEqual(['Paul Preis']);
    const patched = await app.json('PATCH', `/api/admin/leads/${dora}`, { status: 'contacted' });
    expect(patched.status).toBe(200);
    expect(await app.names('?locale=de-DE&status=contacted')).toEqual(['Dora Deutsch']);
    expect(await app.names('?locale=en-US&status=contacted')).toEqual([]);
    expect(await app.names('?locale=de-DE&status=new')).toEqual(['Paul Preis']);
    expect(await app.names('?locale=de-DE&formId=demo-request&status=contacted')).toEqual([
      'Dora Deutsch',
    ]);
    // Dora was sent at 09:02, Paul at 09:03.
    expect(await app.names('?locale=de-DE&from=2027-03-16T09:03:00.000Z')).toEqual(['Paul Preis']);
    expect(await app.names('?locale=de-DE&q=dora')).toEqual(['Dora Deutsch']);
    // An empty parameter (the form's "All languages") is no filter.
    expect(await app.names('?locale=')).toHaveLength(5);
  });

  it('pages through one locale with the cursor, across the read budget too', async () => {
    const app = await setUp();
    const german: string[] = [];
    for (let index = 1; index <= 5; index++) {
      german.push(`De${index} Deutsch`);
      await app.send(`De${index} Deutsch`, 'de-DE');
      await app.send(`En${index} English`, 'en-US');
    }
    german.reverse();
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const next = await app.page(
        `?locale=de-DE&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      seen.push(...next.leads.map((lead) => lead.name));
      expect(next.partial).toBe(false);
      cursor = next.cursor;
      pages++;
    } while (cursor && pages < 10);
    expect(seen).toEqual(german);
    expect(pages).toBe(3);

    // With the form's index: the same pages.
    const first = await app.page('?locale=de-DE&formId=demo-request&limit=3');
    expect(first.leads.map((lead) => lead.name)).toEqual(german.slice(0, 3));
    const second = await app.page(
      `?locale=de-DE&formId=demo-request&limit=3&cursor=${encodeURIComponent(first.cursor!)}`,
    );
    expect(second.leads.map((lead) => lead.name)).toEqual(german.slice(3));
    expect(second.cursor).toBeUndefined();

    // A cursor of another filter is refused, naming the cursor.
    const other = await app.page('?formId=demo-request&limit=1');
    const mixed = await app.json(
      'GET',
      `/api/admin/leads?locale=de-DE&limit=1&cursor=${encodeURIComponent(other.cursor!)}`,
    );
    expect(mixed.status).toBe(400);
    expect(Object.keys(((await mixed.json()) as ErrorBody).error.fields ?? {})).toEqual(['cursor']);

    // A read budget of three items: the page stops partial and the cursor goes on from the
    // last item read, so nothing is skipped or listed twice.
    const budgeted: string[] = [];
    let position: Parameters<typeof app.services.leads.list>[1]['cursor'];
    let partials = 0;
    for (let round = 0; round < 20; round++) {
      const result = await app.services.leads.list(
        { locale: 'de-DE' },
        { limit: 2, cursor: position, budget: 3 },
      );
      budgeted.push(...result.leads.map((lead) => lead.name));
      if (result.partial) partials++;
      position = result.cursor;
      if (!position) break;
    }
    expect(budgeted).toEqual(german);
    expect(partials).toBeGreaterThan(0);
  });

  it('exports the CSV of a locale, counting leads from before locales as en-US', async () => {
    const app = await setUp();
    const old = await app.send('Olga Old');
    await app.forgetLocale(old);
    await app.send('Dora Deutsch', 'de-DE');
    await app.send('Erik English', 'en-US');

    const german = await csvRows(await app.json('GET', '/api/admin/leads/export?locale=de-DE'));
    expect(german.map((row) => [row['Name'], row['Locale']])).toEqual([['Dora Deutsch', 'de-DE']]);
    const english = await csvRows(await app.json('GET', '/api/admin/leads/export?locale=en-US'));
    expect(english.map((row) => [row['Name'], row['Locale']])).toEqual([
      ['Erik English', 'en-US'],
      ['Olga Old', 'en-US'],
    ]);
    const both = await csvRows(
      await app.json('GET', '/api/admin/leads/export?locale=de-DE&formId=demo-request'),
    );
    expect(both.map((row) => row['Name'])).toEqual(['Dora Deutsch']);
    // The audit line names the locale the export was filtered by.
    const { entries } = await app.services.audit.list(5);
    expect(entries.map((entry) => entry.summary).join('\n')).toMatch(
      /Leads exported as CSV: 1 row \(form id demo-request, locale de-DE\)/,
    );
  });

  it('refuses a malformed locale with a 400 naming locale, on the list and the CSV', async () => {
    const app = await setUp();
    for (const [query, problem] of [
      ['locale=german', /BCP 47/],
      ['locale=de-de', /written de-DE/],
      ['locale=de_DE', /BCP 47|written de-DE/],
      ['locale=de', /BCP 47/],
    ] as const) {
      for (const path of ['/api/admin/leads', '/api/admin/leads/export']) {
        const response = await app.json('GET', `${path}?${query}`);
        expect(response.status, `${path}?${query}`).toBe(400);
        const fields = ((await response.json()) as ErrorBody).error.fields ?? {};
        expect(Object.keys(fields), `${path}?${query}`).toEqual(['locale']);
        expect(fields['locale']!.join(' '), `${path}?${query}`).toMatch(problem);
      }
    }
  });

  it("lists the site's locales as the Language filter's choices, for a sales account too", async () => {
    const app = await setUp();
    const { cookie } = await app.signIn('sales@pharmabridge.test', 'sales');
    const response = await app.anonJson('GET', '/api/admin/leads/locales', undefined, { cookie });
    expect(response.status).toBe(200);
    expect(leadLocalesSchema.parse(await response.json()).locales).toEqual([
      { code: 'en-US', label: 'American English', default: true },
      { code: 'de-DE', label: 'German (Germany)', default: false },
    ]);
    await app.json('PUT', '/api/admin/settings', { locales: ['en-US'] });
    const one = leadLocalesSchema.parse(
      await (await app.json('GET', '/api/admin/leads/locales')).json(),
    );
    expect(one.locales.map((locale) => locale.code)).toEqual(['en-US']);
  });
});
