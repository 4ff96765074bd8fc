// The leads CSV export's columns (docs/decisions/0351-leads-csv-one-column-per-field.md):
// the fixed ones, then one per custom field. Part of functions/shared/leads/ (docs/decisions/0485-shared-contracts-by-concern.md).
import type { LeadView } from './lead.ts';

/**
 * The CSV export's fixed columns, in order; then one column per custom field of the leads
 * exported (csvFieldColumns), so a value cannot pass for another field.
 */
export const LEAD_CSV_HEADER = [
  'Received (UTC)',
  'Name',
  'Email',
  'Company',
  'Role',
  'Form',
  'Inquiry type',
  'Landing page',
  'Status',
  'Message',
  'Referrer host',
  'UTM source',
  'UTM medium',
  'UTM campaign',
  'Owner',
  'Form id',
  'Consent',
  'Consent version',
  'Consent text',
  /** The locale of the page it was sent from (issue 39); en-US for leads from before locales. */
  'Locale',
  'Lead id',
] as const;

/** A custom field's column: what was typed, or a phone field's E.164 form (`phones`). */
export interface CsvFieldColumn {
  header: string;
  name: string;
  from: 'fields' | 'phones';
}

/**
 * The custom fields' columns of an export: every field name its leads have, by name (so two
 * exports of the same forms have the same columns), each followed by its E.164 column when
 * one of the leads has a phone number under that name.
 */
export function csvFieldColumns(
  leads: readonly Pick<LeadView, 'fields' | 'phones'>[],
): CsvFieldColumn[] {
  const names = new Set<string>();
  const phones = new Set<string>();
  for (const lead of leads) {
    for (const name of Object.keys(lead.fields ?? {})) names.add(name);
    for (const name of Object.keys(lead.phones ?? {})) phones.add(name);
  }
  return [...new Set([...names, ...phones])]
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .flatMap((name) => [
      ...(names.has(name) ? [{ header: `Field: ${name}`, name, from: 'fields' as const }] : []),
      ...(phones.has(name)
        ? [{ header: `Field: ${name} (E.164)`, name, from: 'phones' as const }]
        : []),
    ]);
}
