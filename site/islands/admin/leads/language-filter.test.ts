// The Leads tab's Language filter (issue 39, docs/decisions/0575-leads-by-locale.md): when it
// shows, its choices, and its value through the URL and the API's query string.
import { describe, expect, it } from 'vitest';
import { parseLocation, viewUrl } from '../route.ts';
import {
  EMPTY_FILTER,
  exportUrl,
  filterFromUrl,
  filterParams,
  filterToUrl,
  languageChoices,
} from './leads-api.ts';

const SITE = [
  { code: 'en-US', label: 'American English', default: true },
  { code: 'de-DE', label: 'German (Germany)', default: false },
];

describe('the Language filter', () => {
  it('shows only when the site has more than one locale or the URL names one', () => {
    expect(languageChoices([SITE[0]!], '')).toBeUndefined();
    expect(languageChoices(undefined, '')).toBeUndefined();
    expect(languageChoices(SITE, '')).toEqual([
      { code: 'en-US', label: 'American English (en-US)' },
      { code: 'de-DE', label: 'German (Germany) (de-DE)' },
    ]);
  });

  it('keeps a locale the URL names that the site no longer has, and says so once it knows', () => {
    expect(languageChoices([SITE[0]!], 'de-AT')).toEqual([
      { code: 'en-US', label: 'American English (en-US)' },
      { code: 'de-AT', label: 'Austrian German (de-AT, not a site language)' },
    ]);
    // While the site's locales load: the choice, without a verdict.
    expect(languageChoices(undefined, 'de-DE')).toEqual([
      { code: 'de-DE', label: 'German (Germany) (de-DE)' },
    ]);
  });

  it('survives a reload in the URL and reaches the list and the CSV as locale', () => {
    const filter = { ...EMPTY_FILTER, locale: 'de-DE', status: 'new' as const };
    const url = viewUrl('leads', filterToUrl(filter));
    expect(url).toBe('/admin/leads?status=new&locale=de-DE');
    const { params } = parseLocation(url.split('?')[0]!, `?${url.split('?')[1]}`);
    expect(filterFromUrl(params)).toEqual(filter);
    expect(filterParams(filter).get('locale')).toBe('de-DE');
    expect(exportUrl(filter)).toBe('/api/admin/leads/export?status=new&locale=de-DE');
    expect(filterParams(EMPTY_FILTER).has('locale')).toBe(false);
  });

  it('drops a locale the API would refuse', () => {
    for (const bad of ['german', 'de-de', 'de_DE', 'de', '<script>']) {
      expect(filterFromUrl(new URLSearchParams({ locale: bad })).locale, bad).toBe('');
    }
  });
});
