// The body the CRM webhook receives for a lead (docs/webhooks.md), and the `lead.created`
// event's payload of the webhook subscriptions (functions/shared/webhooks.ts): a module of its
// own, importing only types, so the leads' store (functions/data/leads/store.ts) writes the
// event without importing the delivery (./lead-webhook.ts), which imports the leads' types.
import type { Lead } from '../data/leads/lead-item.ts';
import type { LeadWebhookPayload } from '../shared/leads/webhook.ts';

/** The body the CRM receives (shared/leads/webhook.ts leadWebhookPayloadSchema). */
export function webhookPayload(lead: Lead): LeadWebhookPayload {
  return {
    type: 'lead.created',
    timestamp: lead.createdAt,
    data: {
      id: lead.id,
      name: lead.name,
      email: lead.email,
      company: lead.company,
      message: lead.message,
      formType: lead.formType,
      createdAt: lead.createdAt,
      ...(lead.role ? { role: lead.role } : {}),
      ...(lead.inquiryType ? { inquiryType: lead.inquiryType } : {}),
      ...(lead.landingPageId ? { landingPageId: lead.landingPageId } : {}),
      ...(lead.attribution ? { attribution: lead.attribution } : {}),
      ...(lead.formId ? { formId: lead.formId } : {}),
      ...(lead.fields ? { fields: lead.fields } : {}),
      ...(lead.phones ? { phones: lead.phones } : {}),
      ...(lead.consent ? { consent: lead.consent } : {}),
      ...(lead.locale ? { locale: lead.locale } : {}),
    },
  };
}
