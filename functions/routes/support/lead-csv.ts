// The leads CSV export (docs/decisions/0351-leads-csv-one-column-per-field.md): one row per lead, the
// form's title in the Form column, one column per custom field, every text cell through
// toCsv's formula guard.
import type { Context } from 'hono';
import type { Lead } from '../../data/leads/lead-item.ts';
import type { AppEnv } from '../../lib/context.ts';
import { INQUIRY_LABELS } from '../../shared/contact.ts';
import { toCsv } from '../../shared/csv.ts';
import { leadFormName, leadFromPage } from '../../shared/leads/basics.ts';
import { csvFieldColumns, LEAD_CSV_HEADER, type CsvFieldColumn } from '../../shared/leads/csv.ts';
import { STATUS_LABELS } from '../../shared/leads/lead.ts';
import { leadLocale } from '../../shared/leads/list.ts';
import { withFormTitles } from './lead-forms.ts';

const csvRow = (lead: Lead, pages: { id: string; slug: string }[], columns: CsvFieldColumn[]) => {
  const page = pages.find((candidate) => leadFromPage(lead, candidate));
  const inquiry = lead.inquiryType ? INQUIRY_LABELS[lead.inquiryType] : undefined;
  return [
    lead.createdAt,
    lead.name,
    lead.email,
    lead.company,
    lead.role,
    leadFormName(lead),
    inquiry,
    page ? `/${page.slug === 'default' ? '' : page.slug}` : lead.landingPageId,
    STATUS_LABELS[lead.status],
    lead.message,
    lead.attribution?.referrerHost,
    lead.attribution?.utmSource,
    lead.attribution?.utmMedium,
    lead.attribution?.utmCampaign,
    lead.owner,
    lead.formId,
    lead.consent ? (lead.consent.given ? 'given' : 'not given') : 'none',
    lead.consent?.version,
    lead.consent?.text,
    leadLocale(lead),
    lead.id,
    // One cell per custom field (issue 33: joined into one "name=value; ..." cell, a value
    // holding "; budget=..." passed for a second field). Every text cell goes through
    // toCsv's formula guard.
    ...columns.map(({ name, from }) => {
      const value = lead[from]?.[name];
      return typeof value === 'boolean' ? (value ? 'yes' : 'no') : value;
    }),
  ];
};

/** The CSV of `rows` as an attachment named for today. */
export async function csvAnswer(c: Context<AppEnv>, rows: Lead[]) {
  const services = c.get('services');
  const pages = await services.pages.list();
  const columns = csvFieldColumns(rows);
  const titled = await withFormTitles(c, rows);
  const csv = toCsv(
    [...LEAD_CSV_HEADER, ...columns.map((column) => column.header)],
    titled.map((lead) => csvRow(lead, pages, columns)),
  );
  const day = services.now().toISOString().slice(0, 10);
  return c.body(csv, 200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="leads-${day}.csv"`,
  });
}
