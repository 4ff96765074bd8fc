// POST /api/contact (docs/requirements.md §7, docs/requirements.md §10 (forms and leads)): the contact dialog, the
// contact page and /pilot. The lead is stored before anything else happens with it, then
// the team is notified by e-mail (NOTIFY_EMAIL); a filled honeypot is answered like a
// lead but stored as spam and notifies nobody; each network has a quota.
import { Hono } from 'hono';
import { contactSubmissionSchema } from '../shared/contact.ts';
import type { ErrorBody } from '../lib/errors.ts';
import type { VisitorEnv } from '../lib/context.ts';
import { jsonBody, limitBody, requireJson } from '../lib/validate.ts';
import { notifyNewLead } from '../mail/lead-notification.ts';
import { deviceClass, type Attribution } from '../shared/events.ts';
import { countVariant, isBot } from './conversions.ts';

/** Every field at its maximum fits in about 6 KiB; 32 KiB leaves room for JSON escapes. */
/** Whether an attribution says where the visit came from (a referrer or a campaign tag). */
const hasSource = (attribution: Attribution | undefined) =>
  Boolean(
    attribution?.referrerHost ||
    attribution?.utmSource ||
    attribution?.utmMedium ||
    attribution?.utmCampaign,
  );

export const CONTACT_MAX_BYTES = 32 * 1024;
export const CONTACT_WINDOW_SECONDS = 600;

export const contact = new Hono<VisitorEnv>().post(
  '/',
  requireJson,
  limitBody(CONTACT_MAX_BYTES),
  jsonBody(contactSubmissionSchema),
  async (c) => {
    const services = c.get('services');
    const submission = c.req.valid('json');
    const ip = services.clientIp(c);
    // Honeypot and bot submissions have a quota of their own, so a bot on a shared office
    // address cannot use up the quota of the real prospects behind it (issue 26).
    const suspect = Boolean(submission.website?.trim()) || isBot(c.req.header('user-agent') ?? '');
    const decision = await services.rateLimiter.hit(suspect ? 'contact-bots' : 'contact', ip, {
      limit: services.config.env.CONTACT_RATE_LIMIT,
      windowSeconds: CONTACT_WINDOW_SECONDS,
    });
    if (!decision.allowed) {
      const minutes = Math.max(1, Math.ceil(decision.retryAfterSeconds / 60));
      c.header('Retry-After', String(Math.max(1, decision.retryAfterSeconds)));
      return c.json<ErrorBody>(
        {
          error: {
            code: 'rate_limited',
            message: `Too many submissions from your network; please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
          },
        },
        429,
      );
    }
    const spam = Boolean(submission.website?.trim());
    // Attribution (docs/decisions.md, Analytics): the page's id resolved from the wire
    // landingPageId, and the visit's source unless the browser asked not to be tracked.
    const userAgent = c.req.header('user-agent') ?? '';
    const optedOut = c.req.header('sec-gpc') === '1' || c.req.header('dnt') === '1';
    const page = submission.landingPageId
      ? await services.pageResolver.resolve(submission.landingPageId)
      : undefined;
    // A form on a page without a source of its own (the contact page, reached from a campaign
    // landing page) takes the visitor's first source of the day, kept server-side without a
    // cookie (docs/decisions.md "One definition of a lead").
    let visit = submission.attribution;
    if (!optedOut && !spam && !isBot(userAgent) && !hasSource(visit)) {
      const first = await services.events
        .firstSource(await services.events.visitorHash(ip, userAgent))
        .catch(() => undefined);
      if (first) visit = { ...first, ...visit };
    }
    const attribution = {
      ...(page ? { pageId: page.id } : {}),
      ...(optedOut ? {} : visit),
    };
    // The CRM delivery (if LEAD_WEBHOOK_URL is set) is stored in the lead's own transaction.
    const lead = await services.leads.create(submission, {
      spam,
      notify: Boolean(services.config.env.NOTIFY_EMAIL),
      forward: Boolean(services.config.env.LEAD_WEBHOOK_URL),
      ...(Object.keys(attribution).length ? { attribution } : {}),
    });
    // One definition of a lead for every figure (issue 25, docs/decisions.md "One definition
    // of a lead"): every lead the inbox lists (all but spam) counts in the analytics totals,
    // on its page and day. One that cannot be attributed (a bot's user agent, GPC or DNT)
    // counts in no source, campaign or device: the dashboard shows it as "Unattributed".
    // The lead is kept whatever happens here, so a failed count is logged, not answered.
    if (!spam) {
      await services.events
        .recordLead(
          page?.id,
          optedOut || isBot(userAgent)
            ? undefined
            : { device: deviceClass(userAgent), attribution: visit },
        )
        .catch((error: unknown) =>
          services.log.error('lead not counted in analytics', {
            leadId: lead.id,
            error: error instanceof Error ? error.message : String(error),
          }),
        );
    }
    // A lead from a page under an experiment counts for its variant (a lead is the default
    // goal); never for spam, bots or visitors who asked not to be tracked.
    if (submission.variantId && page && !spam && !optedOut && !isBot(userAgent)) {
      const visitor = await services.events.visitorHash(ip, userAgent);
      await countVariant(
        services,
        page.id,
        { experimentId: submission.experimentId, variantId: submission.variantId },
        visitor,
        'lead',
      );
    }
    services.log.info(spam ? 'contact honeypot filled' : 'lead received', {
      leadId: lead.id,
      formType: lead.formType,
    });
    if (!spam) services.leadWebhook?.kick();
    // Only now, with the lead stored: a failed or slow notification cannot lose it.
    const notification = await notifyNewLead(services, lead);
    if (notification.status !== lead.notification?.status) {
      // For the admin's view only: failing to record it must not fail the stored lead.
      await services.leads.recordNotification(lead.id, notification).catch((error: unknown) =>
        services.log.error('lead notification outcome not recorded', {
          leadId: lead.id,
          error: error instanceof Error ? error.message : String(error),
        }),
      );
    }
    c.header('Cache-Control', 'no-store');
    return c.json({ id: lead.id, status: 'received' as const }, 201);
  },
);
