// A lead's own words: its contact facts (name, e-mail, company, its place among the person's
// submissions, form, page, attribution) and the form's own fields with the consent record.
// Governed by docs/decisions/0185-inbox-by-person.md, docs/decisions/0163-consent-records.md
// and docs/decisions/0392-leads-carry-their-form.md.
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { INQUIRY_LABELS } from '../../../../functions/shared/contact.ts';
import { leadFormName } from '../../../../functions/shared/leads/basics.ts';
import { type LeadDetail, type LeadView } from '../../../../functions/shared/leads/lead.ts';
import type { LandingPage } from '../common/pages-api.ts';
import { InfoTip } from '../ui.tsx';
import { leadLocale, leadPage, longTime, ordinal } from './format.ts';
import { formLabels, humanise } from './leads-api.ts';

/** Who sent the lead, from where; "All submissions from this person" opens the person. */
export function ContactSection({
  detail,
  pages,
  headingId,
  onOpenContact,
}: {
  detail: LeadDetail;
  pages: LandingPage[] | undefined;
  headingId: string;
  onOpenContact: () => void;
}) {
  const { lead } = detail;
  const page = leadPage(lead, pages);
  const inquiry = lead.inquiryType ? INQUIRY_LABELS[lead.inquiryType] : undefined;
  const attribution = lead.attribution;
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="font-semibold text-ink">
        Contact
      </h3>
      <dl className="mt-2 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
        <Field label="Name">{lead.name}</Field>
        <Field label="Email">
          <a href={`mailto:${lead.email}`} className="text-brand-700 underline break-all">
            {lead.email}
          </a>
        </Field>
        <Field label="Company">{lead.company || '—'}</Field>
        <Field label="Submissions">
          <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <span data-testid="lead-submission">
              {submissionText(detail.contact, lead.status === 'spam')}
            </span>
            {(detail.contact?.submissions ?? 0) > 1 || lead.status === 'spam' ? (
              <button
                type="button"
                onClick={onOpenContact}
                className="text-brand-700 underline underline-offset-2"
              >
                All submissions from this person
              </button>
            ) : null}
          </span>
        </Field>
        {lead.role && <Field label="Role">{lead.role}</Field>}
        <Field label="Form">{leadFormName(lead)}</Field>
        {inquiry && <Field label="Inquiry type">{inquiry}</Field>}
        <Field label="Landing page">{page ?? '—'}</Field>
        <Field label="Received">{longTime(lead.createdAt)}</Field>
        <Field label="Locale">
          <span className="flex items-center gap-2" data-testid="lead-locale">
            {leadLocale(lead).code}, {leadLocale(lead).name}
            <InfoTip about="the locale">
              The language version of the page the form was sent from. The consent recorded below is
              the text that locale showed, with its own version.
            </InfoTip>
          </span>
        </Field>
        {attribution?.referrerHost && <Field label="Referrer">{attribution.referrerHost}</Field>}
        {attribution?.utmSource && <Field label="UTM source">{attribution.utmSource}</Field>}
        {attribution?.utmMedium && <Field label="UTM medium">{attribution.utmMedium}</Field>}
        {attribution?.utmCampaign && <Field label="UTM campaign">{attribution.utmCampaign}</Field>}
        <Field label="Lead id">
          <span className="font-mono text-xs break-all">{lead.id}</span>
        </Field>
      </dl>
    </section>
  );
}

/** "2nd of 3 submissions from this e-mail address" (spam is not counted). */
function submissionText(contact: LeadDetail['contact'], spam: boolean): string {
  if (!contact) return '—';
  const total = `${contact.submissions} submission${contact.submissions === 1 ? '' : 's'}`;
  if (spam || !contact.submission) {
    return `Spam, not counted (${total} from this e-mail address)`;
  }
  if (contact.submissions === 1) return 'The only submission from this e-mail address';
  return `${ordinal(contact.submission)} of ${total} from this e-mail address`;
}

/** The form's own fields (label: value) and the consent record, when the lead has them. */
export function FormAndConsent({ lead, headingId }: { lead: LeadView; headingId: string }) {
  const stored = Object.entries(lead.fields ?? {});
  const labels = useQuery({
    queryKey: ['/api/forms', lead.formId ?? ''],
    queryFn: () => formLabels(lead.formId!),
    enabled: Boolean(lead.formId) && stored.length > 0,
  });
  // In the form's order when we know it; by name for fields the form no longer has.
  const order = Object.keys(labels.data ?? {});
  const rank = (name: string) => (order.includes(name) ? order.indexOf(name) : order.length);
  const fields = stored.sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b));
  const consent = lead.consent;
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="font-semibold text-ink">
        Form fields and consent
      </h3>
      <dl className="mt-2 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
        {lead.formId && (
          <Field label="Form id">
            <span className="font-mono text-xs">{lead.formId}</span>
          </Field>
        )}
        {fields.map(([name, value]) => (
          <Field key={name} label={labels.data?.[name] ?? humanise(name)}>
            <span data-testid="lead-field" className="break-words whitespace-pre-wrap">
              {typeof value === 'boolean' ? (value ? 'Yes' : 'No') : value || '—'}
            </span>
          </Field>
        ))}
        <Field label="Consent">
          <span data-testid="lead-consent">
            {consent ? (
              <>
                {consent.given ? 'Consent given' : 'Consent not given'} on{' '}
                <time dateTime={consent.at}>{longTime(consent.at)}</time> to: “{consent.text}”
                (version {consent.version})
                {consent.privacyUrl && (
                  <>
                    {' '}
                    <a
                      href={consent.privacyUrl}
                      target="_blank"
                      rel="noreferrer"
                      className="text-brand-700 underline"
                    >
                      Privacy notice shown
                    </a>
                  </>
                )}
              </>
            ) : (
              'No consent record: the form asked for none (or the lead predates consent records).'
            )}
          </span>
        </Field>
      </dl>
      {fields.length === 0 && (
        <p className="mt-2 text-sm text-slate-600">The form had no fields of its own.</p>
      )}
    </section>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-medium text-slate-600">{label}</dt>
      <dd className="min-w-0 text-slate-900">{children}</dd>
    </>
  );
}
