// Issue 22 A: admin views and the Leads tab's filters are read from and written to the URL.
import { describe, expect, it } from 'vitest';
import { EMPTY_FILTER, filterFromUrl, filterToUrl } from './leads/leads-api.ts';
import { parseLocation, viewUrl } from './route.ts';
import { FORM_FOR_TYPE } from '../../../functions/shared/forms/built-in.ts';

describe('admin URLs', () => {
  it('names each tab by its path, /admin being the Pages tab', () => {
    expect(parseLocation('/admin', '').view).toBe('pages');
    expect(parseLocation('/admin/', '').view).toBe('pages');
    expect(parseLocation('/admin/leads', '?status=new').view).toBe('leads');
    expect(parseLocation('/admin/account/', '').view).toBe('account');
    expect(parseLocation('/admin/api', '').view).toBe('api');
    expect(parseLocation('/admin/redirects', '').view).toBe('redirects');
    expect(viewUrl('redirects')).toBe('/admin/redirects');
    expect(parseLocation('/admin/experiments/', '?page=p1').view).toBe('experiments');
    expect(viewUrl('experiments', { page: 'p1' })).toBe('/admin/experiments?page=p1');
    expect(parseLocation('/admin/nonsense', '').view).toBe('pages');
  });

  it('keeps a password reset link, token and all, across a reload', () => {
    const link = parseLocation('/admin/reset-password', '?token=abc_DEF-123');
    expect(link.view).toBe('reset-password');
    expect(link.params.get('token')).toBe('abc_DEF-123');
  });

  it("keeps an experiment's page, experiment, variant and panel across a reload", () => {
    const url = viewUrl('experiments', {
      page: 'spring-launch',
      experiment: '0b6f8c1e-3d2a-4f5b-9c8d-7e6f5a4b3c2d',
      variant: 'b',
      panel: 'results',
    });
    const [path, query] = url.split('?') as [string, string];
    const { view, params } = parseLocation(path, `?${query}`);
    expect(view).toBe('experiments');
    expect(Object.fromEntries(params)).toEqual({
      page: 'spring-launch',
      experiment: '0b6f8c1e-3d2a-4f5b-9c8d-7e6f5a4b3c2d',
      variant: 'b',
      panel: 'results',
    });
  });

  it('writes short URLs without empty parameters', () => {
    expect(viewUrl('pages')).toBe('/admin');
    expect(viewUrl('leads', { status: 'new', q: '', lead: undefined })).toBe(
      '/admin/leads?status=new',
    );
  });

  it('reads a lead filter back from the URL it wrote', () => {
    const filter = { ...EMPTY_FILTER, status: 'won' as const, fromDay: '2026-01-02', q: 'acme' };
    const url = viewUrl('leads', filterToUrl(filter));
    const { params } = parseLocation(url.split('?')[0]!, `?${url.split('?')[1]}`);
    expect(filterFromUrl(params)).toEqual(filter);
  });

  it('drops values a bookmark may hold but the form cannot', () => {
    // "Fax Form!" cannot be a form's id (lowercase letters, digits and hyphens).
    const params = new URLSearchParams(
      'status=archived&form=Fax+Form!&from=yesterday&to=2026-02-30x',
    );
    expect(filterFromUrl(params)).toEqual(EMPTY_FILTER);
  });

  it('reads a form id, and an old bookmark’s form type as its built-in form', () => {
    expect(filterFromUrl(new URLSearchParams('form=webinar-2027')).form).toBe('webinar-2027');
    expect(filterFromUrl(new URLSearchParams('form=pricing')).form).toBe(FORM_FOR_TYPE.pricing);
  });
});
