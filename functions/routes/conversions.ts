// POST /api/conversions (docs/requirements.md §7, docs/requirements.md §10 (tracking)): fire-and-forget events from
// landing pages and, through the site-wide script, the marketing site's pages. Bots and
// visitors asking not to be tracked are answered 202 and dropped; everything else is stored
// with its counters, keyed by the resolved page, before the 202.
import { Hono, type MiddlewareHandler } from 'hono';
import { limitBody } from '../lib/validate.ts';
import { publicPath } from '../shared/slug.ts';
import { conversionEventSchema, deviceClass, LANDING_EVENT_TYPES } from '../shared/events.ts';
import { siteEventSourceIssue, siteRouteAccepts, siteRouteScope } from '../shared/site-routes.ts';
import { ApiError, validationError } from '../lib/errors.ts';
import { limitKey } from '../core/client-address.ts';
import { countVariant, isBot } from './support/intake.ts';
import { defineVisitorRoute, mount } from './support/define-route.ts';
import { countedLocale } from './support/visitor-locale.ts';
import type { VisitorEnv, VisitorServices } from '../lib/context.ts';
import type { ConversionEvent } from '../shared/events.ts';

export const CONVERSION_MAX_BYTES = 4 * 1024;

/**
 * navigator.sendBeacon sends a string as text/plain (a simple request, no preflight);
 * fetch sends application/json. Both carry the same JSON.
 */
const ACCEPTED_TYPE = /^(application\/([\w.-]+\+)?json|text\/plain)\s*(;|$)/i;

/** landingPageId goes into keys: a path without its leading slash, or a page id. */
const PAGE_ID = /^[A-Za-z0-9._~-]+(\/[A-Za-z0-9._~-]+)*$/;

const LANDING_TYPES: ReadonlySet<string> = new Set(LANDING_EVENT_TYPES);

/**
 * Where an event counts, or undefined when nowhere: a marketing page of the site-wide script
 * (functions/shared/site-routes.ts) under `/` + its path, for the events that page sends; a
 * landing page under its id, resolved from the wire id as before, for a landing page's
 * events; anything else is nobody's (docs/decisions/0085-site-wide-tracking.md).
 */
async function countedPage(
  resolver: VisitorServices['pageResolver'],
  event: ConversionEvent,
): Promise<{ id: string; landing: boolean; path: string } | undefined> {
  const scope = siteRouteScope(event.landingPageId);
  if (scope) {
    // A site route's scope is its public path (`/pricing`).
    return siteRouteAccepts(event.landingPageId, event.eventType)
      ? { id: scope, landing: false, path: scope }
      : undefined;
  }
  if (!LANDING_TYPES.has(event.eventType)) return undefined;
  const page = await resolver.resolve(event.landingPageId);
  return page && { id: page.id, landing: true, path: publicPath(page.slug) };
}

/** navigator.sendBeacon's text/plain or fetch's JSON; anything else is 415. */
const acceptedType: MiddlewareHandler<VisitorEnv> = async (c, next) => {
  if (!ACCEPTED_TYPE.test(c.req.header('content-type') ?? '')) {
    throw new ApiError(
      415,
      'unsupported_media_type',
      'The request body must be JSON (Content-Type: application/json or text/plain)',
    );
  }
  await next();
};

export const recordConversion = defineVisitorRoute(
  {
    method: 'post',
    path: '/',
    permission: 'public',
    summary: 'A page view or conversion event from a page (202 whether stored or dropped)',
    middleware: [acceptedType, limitBody(CONVERSION_MAX_BYTES, 'A conversion event')],
    request: {
      ownBody: {
        schema: conversionEventSchema,
        contentTypes: ['application/json', 'text/plain'],
      },
    },
    responses: { 202: null },
  },
  async (c) => {
    const services = c.get('services');
    const text = await c.req.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new ApiError(400, 'bad_request', 'The request body is not valid JSON');
    }
    const parsed = conversionEventSchema.safeParse(body);
    if (!parsed.success) throw validationError(parsed.error.issues);
    const event = parsed.data;
    if (!PAGE_ID.test(event.landingPageId)) {
      throw validationError([
        {
          code: 'custom',
          path: ['landingPageId'],
          message: 'must be a page path or id (letters, digits, - . _ ~ and /)',
          input: event.landingPageId,
        },
      ]);
    }
    if (event.eventType === 'form_submit') {
      // Counted by the server when it stores a lead (docs/decisions/0412-form-and-file-goals.md).
      throw validationError([
        {
          code: 'custom',
          path: ['eventType'],
          message: 'form_submit is counted by the server when a form is sent, never sent by a page',
          input: event.eventType,
        },
      ]);
    }
    const sourceIssue = siteEventSourceIssue(event.eventType, event.metadata?.source);
    if (sourceIssue) {
      throw validationError([{ code: 'custom', ...sourceIssue, input: event.metadata?.source }]);
    }
    c.header('Cache-Control', 'no-store');
    const userAgent = c.req.header('user-agent');
    // Global Privacy Control and Do Not Track are honoured here too, not only in the page.
    const optedOut = c.req.header('sec-gpc') === '1' || c.req.header('dnt') === '1';
    if (optedOut || isBot(userAgent)) return c.body(null, 202);
    // Unknown or inactive pages, and addresses and visitors over their per-minute caps,
    // are dropped silently: the answer is the same 202, so a prober learns nothing. The
    // address cap comes first: a flood beyond it costs no lookup and no write. It counts
    // an IPv6 client by its /64 (limitKey); the visitor hash keeps the full address.
    const ip = services.clientIp(c);
    if (!services.eventCap.allowAddress(limitKey(ip))) return c.body(null, 202);
    const page = await countedPage(services.pageResolver, event);
    if (!page) return c.body(null, 202);
    const [visitor, locale] = await Promise.all([
      services.events.visitorHash(ip, userAgent ?? ''),
      countedLocale(services, event.locale),
    ]);
    if (!services.eventCap.allow(visitor)) return c.body(null, 202);
    // Counted under the page's id, not the path the browser saw
    // (docs/decisions/0077-analytics-counting.md); the device class is the server's reading of the
    // user agent. The funnel's steps are counted in order as the events arrive
    // (docs/decisions/0411-funnels-in-order.md). On a site with several locales, also in the
    // page's locale (docs/decisions/0574-analytics-by-locale.md).
    await services.events.record(
      event,
      page.id,
      visitor,
      { device: deviceClass(userAgent ?? ''), path: page.path, locale },
      await services.goals.funnelDefinition(),
    );
    if (event.eventType === 'page_view') {
      // Realtime (issue 25): a failure there is logged, never answered.
      await services.realtime
        .view(page.id, visitor, event.attribution?.referrerHost)
        .catch((error: unknown) =>
          services.log.error('page view not noted in realtime', {
            error: error instanceof Error ? error.message : String(error),
          }),
        );
    }
    // Experiments run on landing pages only.
    if (event.variantId && page.landing) {
      const served = { experimentId: event.experimentId, variantId: event.variantId };
      await countVariant(
        services,
        page.id,
        served,
        { ip, userAgent: userAgent ?? '' },
        event.eventType,
      );
    }
    return c.body(null, 202);
  },
);

export const conversions = mount(new Hono<VisitorEnv>(), [recordConversion]);
