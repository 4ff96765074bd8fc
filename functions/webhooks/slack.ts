// A webhook subscription with `format: 'slack'` (issue 40): the body is a Slack incoming
// webhook's message (https://api.slack.com/messaging/webhooks): `text`, the notification's
// fallback, plus `blocks` of Block Kit (https://api.slack.com/reference/block-kit/blocks):
// one section block of mrkdwn with the sentence, one context block with the event and time.
// A section's text may hold at most 3000 characters; ours are cut well before.
import type { WebhookPayload } from '../shared/webhooks.ts';
import { jobCodeLabel } from '../shared/job-codes.ts';
import { DEFAULT_LOCALE } from '../shared/locales.ts';

const MAX_TEXT = 2900;

/** Slack's mrkdwn escapes: &, < and > (https://api.slack.com/reference/surfaces/formatting#escaping). */
const escape = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

const cut = (text: string) => (text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text);

/**
 * The sentence for an event: "Page “Webinar” published by Jane Doe (PB-2026-0042 v3)", with
 * `byName` the display name of the person in `data.by` (their e-mail when they have none).
 */
export function eventSentence(event: WebhookPayload, byName?: string): string {
  const quoted = (title: string) => `“${title}”`;
  // A version in another language says which (issue 39): “Webinar” (de-DE).
  const named = (title: string, locale: string) =>
    `${quoted(title)}${locale === DEFAULT_LOCALE ? '' : ` (${locale})`}`;
  const payload =
    byName && 'by' in event.data
      ? ({ ...event, data: { ...event.data, by: byName } } as WebhookPayload)
      : event;
  switch (payload.type) {
    case 'page.published':
      return `Page ${named(payload.data.title, payload.data.locale)} published by ${payload.data.by} (${jobCodeLabel(payload.data)})`;
    case 'page.unpublished':
      return `Page ${named(payload.data.title, payload.data.locale)} taken off the site by ${payload.data.by}`;
    case 'page.expired':
      return `Page ${named(payload.data.title, payload.data.locale)} taken off the site: its approval expired`;
    case 'page.submitted':
      return `Page ${named(payload.data.title, payload.data.locale)} submitted for review by ${payload.data.by} (revision ${payload.data.revision})`;
    case 'page.approved':
      return `Page ${named(payload.data.title, payload.data.locale)} signed (${payload.data.meaning}) by ${payload.data.signerName} (revision ${payload.data.revision})`;
    case 'lead.created':
      return `New lead: ${payload.data.name} (${payload.data.company}) from the ${payload.data.formType} form`;
    case 'lead.updated':
      return `Lead ${payload.data.name} updated by ${payload.data.by}: ${payload.data.changes.join(', ')} (status ${payload.data.status}${payload.data.owner ? `, owner ${payload.data.owner}` : ''})`;
    case 'experiment.started':
      return `Experiment ${named(payload.data.name, payload.data.locale)} started by ${payload.data.by}`;
    case 'experiment.ended':
      return `Experiment ${named(payload.data.name, payload.data.locale)} ended by ${payload.data.by}${payload.data.promotedVariantId ? ` (variant ${payload.data.promotedVariantId} promoted)` : ''}`;
    case 'form.changed':
      return `Form ${quoted(payload.data.title)} saved by ${payload.data.by} (revision ${payload.data.revision})`;
    case 'claim.withdrawn':
      return `Claim ${payload.data.key} withdrawn by ${payload.data.by}: ${payload.data.reason}`;
  }
}

export interface SlackMessage {
  text: string;
  blocks: (
    | { type: 'section'; text: { type: 'mrkdwn'; text: string } }
    | { type: 'context'; elements: { type: 'mrkdwn'; text: string }[] }
  )[];
}

/** The Slack body of an event. */
export function slackMessage(payload: WebhookPayload, byName?: string): SlackMessage {
  const sentence = cut(eventSentence(payload, byName));
  return {
    text: escape(sentence),
    blocks: [
      { type: 'section', text: { type: 'mrkdwn', text: escape(sentence) } },
      {
        type: 'context',
        elements: [{ type: 'mrkdwn', text: `\`${payload.type}\` · ${payload.timestamp}` }],
      },
    ],
  };
}
