// The CRM webhook's body (docs/webhooks.md): the lead as the CRM receives it. Part of
// functions/shared/leads/ (docs/decisions/0485-shared-contracts-by-concern.md).
import * as z from 'zod';
import { isoTime, leadSchema } from './lead.ts';

/** The lead as the CRM receives it (Standard Webhooks payload: type, timestamp, data). */
export const leadWebhookPayloadSchema = z.object({
  type: z.literal('lead.created'),
  /** When the lead was received (the event's time, the same on every attempt). */
  timestamp: isoTime,
  data: leadSchema
    .pick({
      id: true,
      name: true,
      email: true,
      company: true,
      message: true,
      role: true,
      inquiryType: true,
      formType: true,
      landingPageId: true,
      createdAt: true,
      attribution: true,
      formId: true,
      fields: true,
      phones: true,
      consent: true,
      locale: true,
    })
    .strict(),
});
export type LeadWebhookPayload = z.infer<typeof leadWebhookPayloadSchema>;
