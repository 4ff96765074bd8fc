// Conversion event types (SPEC.md §7) plus page_view, so rates can be computed.
import { z } from 'zod';

export const EVENT_TYPES = [
  'page_view',
  'hero_primary_cta',
  'pricing_contact',
  'contact_form_submit',
  'nav_cta_click',
  'final_cta_primary',
  'final_cta_secondary',
] as const;

export type EventType = (typeof EVENT_TYPES)[number];

export const conversionEventSchema = z.strictObject({
  landingPageId: z.string().trim().min(1, 'is required').max(200, 'must be at most 200 characters'),
  eventType: z.enum(EVENT_TYPES),
  metadata: z
    .strictObject({ source: z.string().trim().max(100, 'must be at most 100 characters') })
    .optional(),
});

export type ConversionEvent = z.infer<typeof conversionEventSchema>;
