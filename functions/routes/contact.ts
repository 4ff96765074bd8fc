// POST /api/contact (docs/requirements.md §7, docs/requirements.md §10 (forms and leads)): the contact dialog, the
// contact page and /pilot. The lead is stored before anything else happens with it, then
// the team is notified by e-mail (NOTIFY_EMAIL); a filled honeypot is answered like a
// lead but stored as spam and notifies nobody; each network has a quota.
import { Hono, type Context } from 'hono';
import { validator } from 'hono/validator';
import type * as z from 'zod';
import {
  contactBodySchema,
  contactResponseSchema,
  contactSubmissionSchema,
  formPostSchema,
  type ContactResponse,
  type ContactSubmission,
  type FormPost,
} from '../shared/contact.ts';
import { BUILT_IN_FORM_TYPES, FORM_FOR_TYPE, isBuiltInForm } from '../shared/forms/built-in.ts';
import { consentVersion, type ConsentRecord } from '../shared/forms/consent.ts';
import { type FormDefinition } from '../shared/forms/definition.ts';
import { RESERVED_FIELDS } from '../shared/forms/fields.ts';
import { localizeForm } from '../shared/forms/translations.ts';
import {
  checkSubmission,
  type FieldValue,
  type SubmissionIssue,
} from '../shared/forms/submission.ts';
import { validationError, type ErrorBody } from '../lib/errors.ts';
import type { VisitorEnv, VisitorServices } from '../lib/context.ts';
import { limitBody, requireJson } from '../lib/validate.ts';
import { notifyNewLead } from '../mail/lead-notification.ts';
import { sendAutoReply } from '../mail/auto-reply.ts';
import { assignNewLead } from '../webhooks/lead-assignment.ts';
import type { Lead } from '../data/leads/lead-item.ts';
import { deviceClass, type Attribution } from '../shared/events.ts';
import { countSubmission, countVariant, isBot } from './support/intake.ts';
import { defineVisitorRoute, mount } from './support/define-route.ts';
import { countedLocale, visitorLocale } from './support/visitor-locale.ts';
import {
  assetIdFromPath,
  DOWNLOAD_LINK_SECONDS,
  gateSchema,
  shownGatedBlock,
  type AssetRecord,
  type DownloadLink,
  type Gate,
} from '../shared/assets.ts';

/** Whether an attribution says where the visit came from (a referrer or a campaign tag). */
const hasSource = (attribution: Attribution | undefined) =>
  Boolean(
    attribution?.referrerHost ||
    attribution?.utmSource ||
    attribution?.utmMedium ||
    attribution?.utmCampaign,
  );

/** Every field at its maximum fits in about 6 KiB; 32 KiB leaves room for JSON escapes. */
export const CONTACT_MAX_BYTES = 32 * 1024;
export const CONTACT_WINDOW_SECONDS = 600;

/** docs/requirements.md §7's body, or a form's (issue 26): told apart by `formId`. */
type ContactInput = (
  { kind: 'spec'; body: ContactSubmission } | { kind: 'form'; body: FormPost }
) & {
  /** A gated download's block the form was sent from (issue 27, functions/shared/assets.ts). */
  gate?: Gate | undefined;
};

/**
 * The body, checked part by part (contactBodySchema describes the whole): a bad `gate` is
 * refused on its own, then `formId` picks the shape whose fields a refusal names.
 */
const contactBody = validator('json', (value): ContactInput => {
  // `gate` rides beside either body and is checked on its own.
  let gate: Gate | undefined;
  if (value && typeof value === 'object' && 'gate' in value) {
    const { gate: rawGate, ...rest } = value as Record<string, unknown>;
    const parsed = gateSchema.safeParse(rawGate);
    if (!parsed.success) throw validationError(parsed.error.issues, ['gate']);
    gate = parsed.data;
    value = rest;
  }
  if (value && typeof value === 'object' && 'formId' in value) {
    const parsed = formPostSchema.safeParse(value);
    if (!parsed.success) throw validationError(parsed.error.issues);
    return { kind: 'form', body: parsed.data, gate };
  }
  const parsed = contactSubmissionSchema.safeParse(value);
  if (!parsed.success) throw validationError(parsed.error.issues);
  return { kind: 'spec', body: parsed.data, gate };
});

/**
 * The file a gate asks for: the published page's gatedAsset block of that id, shown, with a
 * file that exists, and whose form is the one sent. Anything else is a 400 naming `gate`.
 * The link names the page and block, which each use checks again (functions/routes/downloads.ts).
 */
async function gatedAsset(
  services: VisitorServices,
  gate: Gate,
  formId: string,
): Promise<{ asset: AssetRecord; pageId: string; blockId: string }> {
  const page = await services.pages.getBySlug(gate.slug);
  if (!page?.isActive) throw refuse([{ path: ['gate'], message: 'names no published page' }]);
  const block = shownGatedBlock(page.content.layout, gate.blockId);
  if (!block) {
    throw refuse([{ path: ['gate'], message: 'names no gated download shown on this page' }]);
  }
  const assetId = block.asset ? assetIdFromPath(block.asset) : undefined;
  const asset = assetId ? await services.assets.get(assetId) : undefined;
  if (!asset) {
    throw refuse([{ path: ['gate'], message: 'names a gated download without a file' }]);
  }
  if ((block.formId || DIALOG_FORM) !== formId) {
    throw refuse([{ path: ['gate'], message: 'belongs to another form than the one sent' }]);
  }
  return { asset, pageId: page.id, blockId: block.id };
}

/** The form of a gatedAsset block without its own (the landing dialog's demo request). */
const DIALOG_FORM = 'demo-request';

const refuse = (issues: SubmissionIssue[]) =>
  validationError(
    issues.map((issue) => ({ code: 'custom', input: undefined, ...issue })) as z.core.$ZodIssue[],
  );

/**
 * The submission as a lead, checked against its form's stored definition
 * (docs/decisions/0162-submissions-checked.md): a form body's fields by checkSubmission, the
 * reserved ones becoming the lead's own; a docs/requirements.md body as it always was (its built-in
 * form's custom fields are not asked of it). Both: a required consent must be ticked, and the
 * consent the visitor saw is recorded with its version: the text in the submission's `locale`
 * (issue 39), whose version must be the one that locale's text has now. `form` is the
 * definition in that locale (its auto-reply the one the visitor gets).
 */
async function resolveSubmission(
  services: VisitorServices,
  input: ContactInput,
): Promise<{
  submission: ContactSubmission;
  form: FormDefinition;
  record: Pick<Lead, 'formId' | 'formTitle' | 'fields' | 'phones' | 'consent' | 'locale'>;
}> {
  const formId = input.kind === 'form' ? input.body.formId : FORM_FOR_TYPE[input.body.formType];
  const locale = await visitorLocale(services, input.body.locale);
  const stored = await services.forms.getCached(formId);
  if (!stored) throw refuse([{ path: ['formId'], message: 'is not a form of this site' }]);
  const form = localizeForm(stored.form, locale);
  const issues: SubmissionIssue[] = [];
  let submission: ContactSubmission;
  let fields: Record<string, FieldValue> = {};
  let phones: Record<string, string> = {};
  if (input.kind === 'form') {
    const checked = checkSubmission(form, input.body.fields);
    if (!checked.ok) issues.push(...checked.issues);
    const values = checked.ok ? checked.values : {};
    phones = checked.ok ? checked.phones : {};
    const text = (name: string) => (typeof values[name] === 'string' ? values[name] : undefined);
    const { landingPageId, attribution, variantId, experimentId, website } = input.body;
    submission = {
      ...(landingPageId !== undefined ? { landingPageId } : {}),
      ...(attribution ? { attribution } : {}),
      ...(variantId ? { variantId } : {}),
      ...(experimentId ? { experimentId } : {}),
      ...(website !== undefined ? { website } : {}),
      name: text('name') ?? '',
      email: text('email') ?? '',
      company: text('company') ?? '',
      message: text('message') ?? '',
      ...(text('role') ? { role: text('role') } : {}),
      ...(text('inquiryType')
        ? { inquiryType: text('inquiryType') as ContactSubmission['inquiryType'] }
        : {}),
      formType: isBuiltInForm(formId) ? BUILT_IN_FORM_TYPES[formId] : 'general',
    };
    fields = Object.fromEntries(
      Object.entries(values).filter(
        ([name]) => !(RESERVED_FIELDS as readonly string[]).includes(name),
      ),
    );
  } else {
    submission = input.body;
  }
  let consent: ConsentRecord | undefined;
  if (form.consent.text) {
    const version = await consentVersion(form.consent.text);
    if (input.body.consentVersion && input.body.consentVersion !== version) {
      issues.push({
        path: ['consent'],
        message: 'changed since this page was loaded: reload the page and read it again',
      });
    } else if (form.consent.required && input.body.consent !== true) {
      issues.push({ path: ['consent'], message: 'must be ticked to send this form' });
    }
    consent = {
      given: input.body.consent === true,
      text: form.consent.text,
      version,
      at: services.now().toISOString(),
      ...(form.consent.privacyUrl ? { privacyUrl: form.consent.privacyUrl } : {}),
    };
  }
  if (issues.length) throw refuse(issues);
  return {
    submission,
    form,
    record: {
      formId,
      locale,
      // The title as sent: the lead keeps it, whatever the form is called later.
      ...(form.title ? { formTitle: form.title } : {}),
      ...(Object.keys(fields).length ? { fields } : {}),
      ...(Object.keys(phones).length ? { phones } : {}),
      ...(consent ? { consent } : {}),
    },
  };
}

/** What contactBody stored: Hono's context, typed without that validator, cannot say. */
const contactInput = (c: Context<VisitorEnv>) =>
  (c.req.valid.bind(c.req) as (target: 'json') => ContactInput)('json');

export const submitContact = defineVisitorRoute(
  {
    method: 'post',
    path: '/',
    permission: 'public',
    summary:
      'A visitor sends a form: the lead is stored, then the team is notified (a filled honeypot is answered alike)',
    middleware: [requireJson, limitBody(CONTACT_MAX_BYTES), contactBody],
    request: { ownBody: { schema: contactBodySchema, contentTypes: ['application/json'] } },
    responses: { 201: contactResponseSchema },
  },
  async (c) => {
    const services = c.get('services');
    const input = contactInput(c);
    const { submission, form, record } = await resolveSubmission(services, input);
    // Checked before the quota and the lead: a refused gate stores nothing.
    const gated = input.gate
      ? await gatedAsset(services, input.gate, record.formId ?? '')
      : undefined;
    const asset = gated?.asset;
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
    // Attribution (docs/decisions/0079-attribution.md): the page's id resolved from the wire
    // landingPageId, and the visit's source unless the browser asked not to be tracked.
    const userAgent = c.req.header('user-agent') ?? '';
    const optedOut = c.req.header('sec-gpc') === '1' || c.req.header('dnt') === '1';
    const page = submission.landingPageId
      ? await services.pageResolver.resolve(submission.landingPageId)
      : undefined;
    // A form on a page without a source of its own (the contact page, reached from a campaign
    // landing page) takes the visitor's first source of the day, kept server-side without a
    // cookie (docs/decisions/0158-one-definition-of-a-lead.md).
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
    // Who is mailed and whether the CRM gets it: the lead routing settings in effect (saved
    // in the admin, else the environment's; functions/webhooks/lead-routing.ts). The CRM
    // delivery is stored in the lead's own transaction.
    const routing = services.leadRouting;
    // The lead says which file it asked for, as one of its fields (the inbox and the CRM
    // show it like the form's own).
    if (asset) {
      record.fields = {
        ...record.fields,
        [GATED_DOWNLOAD_FIELD]: `${asset.fileName} (${asset.path})`,
      };
    }
    const lead = await services.leads.create(submission, {
      spam,
      notify:
        (await routing.recipientsFor({ formId: record.formId, formType: submission.formType }))
          .length > 0,
      forward: await routing.forwards(),
      ...(Object.keys(attribution).length ? { attribution } : {}),
      form: record,
    });
    // One definition of a lead for every figure (issue 25,
    // docs/decisions/0158-one-definition-of-a-lead.md): every lead the inbox lists (all but spam)
    // counts in the analytics totals, on its page and day. One that cannot be attributed (a bot's
    // user agent, GPC or DNT) counts in no source, campaign or device: the dashboard shows it as
    // "Unattributed". The lead is kept whatever happens here, so a failed count is logged, not
    // answered.
    // On a site with several locales, also in the lead's locale
    // (docs/decisions/0574-analytics-by-locale.md).
    const countLocale = spam
      ? undefined
      : await countedLocale(services, record.locale).catch(() => undefined);
    if (!spam) {
      await services.events
        .recordLead(
          page?.id,
          optedOut || isBot(userAgent)
            ? undefined
            : { device: deviceClass(userAgent), attribution: visit },
          countLocale,
        )
        .catch((error: unknown) =>
          services.log.error('lead not counted in analytics', {
            leadId: lead.id,
            error: error instanceof Error ? error.message : String(error),
          }),
        );
    }
    // The form sent (and its gated file) as events, what form and file goals and the funnel
    // count (docs/decisions/0412-form-and-file-goals.md); only for a visitor who is tracked.
    if (!spam && !optedOut && !isBot(userAgent) && record.formId) {
      await countSubmission(services, {
        formId: record.formId,
        assetId: asset?.id,
        page,
        ip,
        userAgent,
        locale: countLocale,
      }).catch((error: unknown) =>
        services.log.error('form not counted in analytics', {
          leadId: lead.id,
          error: error instanceof Error ? error.message : String(error),
        }),
      );
    }
    // A lead from a page under an experiment counts for its variant (a lead is the default
    // goal); never for spam, bots or visitors who asked not to be tracked.
    if (submission.variantId && page && !spam && !optedOut && !isBot(userAgent)) {
      await countVariant(
        services,
        page.id,
        { experimentId: submission.experimentId, variantId: submission.variantId },
        { ip, userAgent },
        'lead',
      );
    }
    services.log.info(spam ? 'contact honeypot filled' : 'lead received', {
      leadId: lead.id,
      formType: lead.formType,
    });
    // The form joins the inbox's Form filter (functions/data/form-leads.ts), and an assignment
    // rule may give the lead its owner (functions/webhooks/lead-assignment.ts). The lead is
    // stored whatever happens here, so a failure is logged, not answered.
    await services.leads.forms.touch(lead).catch((error: unknown) =>
      services.log.error('lead form not recorded', {
        leadId: lead.id,
        error: error instanceof Error ? error.message : String(error),
      }),
    );
    if (!spam) {
      await assignNewLead(services, lead).catch((error: unknown) =>
        services.log.error('lead not assigned', {
          leadId: lead.id,
          error: error instanceof Error ? error.message : String(error),
        }),
      );
    }
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
    // The visitor's confirmation, when the form asks for one: never for spam or bots, and
    // within the limits of functions/mail/auto-reply.ts (one per recipient an hour, a number
    // per domain and for the site), so the form cannot be used to mail-bomb someone.
    // The download link, only now that the lead is stored; never for a filled honeypot.
    const download = gated && !spam ? await downloadLink(services, gated, lead.id) : undefined;
    if (form.autoReply.enabled && !spam && !isBot(userAgent)) {
      await sendAutoReply(
        services,
        form,
        lead,
        download && asset
          ? { url: `${services.config.siteUrl}${download.url}`, fileName: asset.fileName }
          : undefined,
      );
    }
    c.header('Cache-Control', 'no-store');
    return c.json<ContactResponse>(
      { id: lead.id, status: 'received', ...(download ? { download } : {}) },
      201,
    );
  },
);

export const contact = mount(new Hono<VisitorEnv>(), [submitContact]);

/** The lead's field that names the gated file it asked for. */
export const GATED_DOWNLOAD_FIELD = 'gatedDownload';

/** A signed link to the gated file for `leadId`, valid DOWNLOAD_LINK_SECONDS. */
async function downloadLink(
  services: VisitorServices,
  { asset, pageId, blockId }: { asset: AssetRecord; pageId: string; blockId: string },
  leadId: string,
): Promise<DownloadLink> {
  const exp = Math.floor(services.now().getTime() / 1000) + DOWNLOAD_LINK_SECONDS;
  const token = await services.assets.signLink({
    assetId: asset.id,
    leadId,
    pageId,
    blockId,
    exp,
  });
  return { url: `/api/downloads/${token}`, expiresAt: new Date(exp * 1000).toISOString() };
}
