// The event repository's recording: a browser's or the server's event written raw and
// counted on its page's, the site's and the goals' counters, a stored lead counted, and a
// form sent counted as its events (docs/decisions/0081-analytics-storage-and-reads.md,
// docs/decisions/0082-sharded-counters.md, docs/decisions/0412-form-and-file-goals.md; the
// split: docs/decisions/0441-data-modules-by-concern.md).
import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { CTA_EVENT_TYPES, type Attribution, type ConversionEvent } from '../../shared/events.ts';
import {
  add,
  addDimensions,
  DIMENSION_CAP,
  EVENT_PARTITIONS,
  eventKey,
  GOAL_SOURCE_CAP,
  GOALS_SCOPE,
  localeScope,
  NO_PAGE_SCOPE,
  PAIR,
  SITE_DIMENSION_CAP,
  SITE_SCOPE,
  type VisitContext,
} from '../event-counters.ts';
import { goalSourceValue } from '../goal-counters.ts';
import { funnelCounter, stepsMatched, type FunnelDefinition } from '../funnel.ts';
import { keys } from '../keys.ts';
import { utcDay } from '../salts.ts';
import { DAY_SECONDS } from './store.ts';
import { VisitorDays } from './visitor-day.ts';

export const EVENT_TTL_DAYS = 400;

const CTA_TYPES: ReadonlySet<string> = new Set(CTA_EVENT_TYPES);

/**
 * What record() writes: a browser's event (docs/requirements.md §7), or one the server counts
 * itself (a form sent, a gated file downloaded), which has no wire id of its own.
 */
export type RecordedEvent = Pick<ConversionEvent, 'eventType' | 'metadata' | 'attribution'> & {
  landingPageId?: string | undefined;
};

export class EventRecording extends VisitorDays {
  /**
   * Writes the event of a resolved page and counts it on the page's and the site's item.
   * A page view also counts its visit's attribution once per visitor and day. `context.target`
   * names the form sent or the gated file downloaded (counted under eventKey as well as the
   * type: docs/decisions/0412-form-and-file-goals.md); `context.path` is the page's public path,
   * which page goals of the funnel match. With `funnel`, an event that takes the visitor one
   * step further in it, in order, counts that step (docs/decisions/0411-funnels-in-order.md).
   */
  async record(
    event: RecordedEvent,
    pageId: string,
    visitor: string,
    context: VisitContext & {
      target?: string | undefined;
      path?: string | null | undefined;
      locale?: string | undefined;
    },
    funnel?: FunnelDefinition,
  ): Promise<void> {
    const at = this.now();
    const day = utcDay(at);
    const time = at.toISOString();
    const type = event.eventType;
    const isView = type === 'page_view';
    const targetKey = context.target ? eventKey(type, context.target) : undefined;
    const steps = funnel
      ? stepsMatched(funnel, { type, target: context.target, path: context.path })
      : [];
    // Round trip one: the raw event, the visitor's marker, which says whether this is the
    // visitor's first such event today, and (for an event the funnel counts) the visitor's
    // step in the funnel; round trip two: the counter items at once.
    const [visitorFirst, , reached] = await Promise.all([
      this.markVisitor(
        day,
        visitor,
        pageId,
        type,
        targetKey,
        isView ? event.attribution : undefined,
        context.locale,
      ),
      this.db.send(
        new PutCommand({
          TableName: this.table,
          Item: {
            ...keys.event(
              pageId,
              day,
              time,
              randomUUID(),
              Math.floor(this.random() * EVENT_PARTITIONS),
            ),
            pageId,
            ...(event.landingPageId ? { landingPageId: event.landingPageId } : {}),
            eventType: type,
            ...(event.metadata ? { metadata: event.metadata } : {}),
            ...(context.target ? { target: context.target } : {}),
            ...(isView && event.attribution ? { attribution: event.attribution } : {}),
            ...(isView ? { device: context.device } : {}),
            visitor,
            createdAt: time,
            expiresAt: Math.floor(at.getTime() / 1000) + EVENT_TTL_DAYS * DAY_SECONDS,
          },
        }),
      ),
      funnel && steps.length ? this.advanceFunnel(day, visitor, funnel.version, steps) : undefined,
    ]);
    const page = this.counterWrite(pageId, day, DIMENSION_CAP);
    const site = this.counterWrite(SITE_SCOPE, day, SITE_DIMENSION_CAP);
    add(page, `n:${type}`);
    add(site, `n:${type}`);
    if (visitorFirst.page) add(page, `v:${type}`);
    if (targetKey) {
      add(page, `n:${targetKey}`);
      add(site, `n:${targetKey}`);
      if (visitorFirst.targetPage) add(page, `v:${targetKey}`);
      if (visitorFirst.targetSite) add(site, `v:${targetKey}`);
    }
    if (funnel && reached) add(site, `fn:${funnelCounter(funnel.version, reached)}`);
    if (isView) {
      add(site, `pc:${pageId}`);
      if (visitorFirst.page) {
        add(site, `pl:${pageId}`);
        addDimensions(page, 1, context.device, event.attribution);
      }
      if (visitorFirst.site) {
        add(site, 'v:page_view');
        // The page of the visitor's first view of the day: an entry page (issue 25).
        add(site, `en:${pageId}`);
        addDimensions(site, 1, context.device, event.attribution);
      }
    } else {
      if (CTA_TYPES.has(type)) add(site, `pc:${pageId}`, PAIR);
      // Visitors with this event anywhere on the site today: a goal's converters (issue 25).
      if (visitorFirst.site) add(site, `v:${type}`);
    }
    // The locale's share of the site's figures, on a site with several locales
    // (docs/decisions/0574-analytics-by-locale.md): ALL's figures but the funnel's and the
    // goals' visitors, its visitors those of the locale.
    const local = context.locale
      ? this.counterWrite(localeScope(context.locale), day, SITE_DIMENSION_CAP)
      : undefined;
    if (local) {
      add(local, `n:${type}`);
      if (targetKey) add(local, `n:${targetKey}`);
      if (isView) {
        add(local, `pc:${pageId}`);
        if (visitorFirst.localePage) add(local, `pl:${pageId}`);
        if (visitorFirst.localeSite) {
          add(local, 'v:page_view');
          add(local, `en:${pageId}`);
          addDimensions(local, 1, context.device, event.attribution);
        }
      } else if (CTA_TYPES.has(type)) {
        add(local, `pc:${pageId}`, PAIR);
      }
    }
    // The 404 page counts the missing paths, capped like the referrers (the rest: other).
    if (type === 'not_found' && event.metadata?.source) {
      page.capped.push({ dimension: 'nf', value: event.metadata.source, amount: 1 });
    }
    // Every event but a view, by page and by the visit's source: goals' breakdowns (issue 25);
    // a form's or a file's too, under its key.
    const goals = isView ? undefined : this.counterWrite(GOALS_SCOPE, day, GOAL_SOURCE_CAP);
    if (goals) {
      add(goals, `pe:${type}:${pageId}`, 1 + (visitorFirst.page ? PAIR : 0));
      goals.capped.push({
        dimension: 'gs',
        value: goalSourceValue(type, visitorFirst.entrySource),
        amount: 1 + (visitorFirst.site ? PAIR : 0),
      });
      if (targetKey) {
        add(goals, `pe:${targetKey}:${pageId}`, 1 + (visitorFirst.targetPage ? PAIR : 0));
        goals.capped.push({
          dimension: 'gs',
          value: goalSourceValue(targetKey, visitorFirst.entrySource),
          amount: 1 + (visitorFirst.targetSite ? PAIR : 0),
        });
      }
    }
    await Promise.all([
      this.count(page),
      this.count(site),
      ...(goals ? [this.count(goals)] : []),
      ...(local ? [this.count(local)] : []),
    ]);
  }

  /**
   * Counts a stored lead (never spam) on its page (OTHER when it came from no landing
   * page) and on the site. `visit` is absent when the browser asked not to be tracked:
   * the lead then counts in the totals but in no referrer, campaign or device. With `locale`
   * (a site with several locales: the lead's locale), on that locale's item too.
   */
  async recordLead(
    pageId: string | undefined,
    visit: (VisitContext & { attribution?: Attribution | undefined }) | undefined,
    locale?: string,
  ): Promise<void> {
    const day = utcDay(this.now());
    const scope = pageId ?? NO_PAGE_SCOPE;
    const page = this.counterWrite(scope, day, DIMENSION_CAP);
    const site = this.counterWrite(SITE_SCOPE, day, SITE_DIMENSION_CAP);
    const local = locale
      ? this.counterWrite(localeScope(locale), day, SITE_DIMENSION_CAP)
      : undefined;
    add(page, 'leads');
    for (const whole of local ? [site, local] : [site]) {
      add(whole, 'leads');
      add(whole, `pl:${scope}`, PAIR);
      if (visit) addDimensions(whole, PAIR, visit.device, visit.attribution);
    }
    if (visit) addDimensions(page, PAIR, visit.device, visit.attribution);
    await Promise.all([this.count(page), this.count(site), ...(local ? [this.count(local)] : [])]);
  }

  /**
   * A form sent by a tracked visitor (never spam, a bot, or a visitor who asked not to be
   * tracked): a form_submit event about the form, and for a gated file a file_download event
   * about the file (the link is handed out with the answer), each counted like a browser's
   * event on the page (NO_PAGE_SCOPE off a landing page) and in the funnel
   * (docs/decisions/0412-form-and-file-goals.md).
   */
  async recordSubmission(
    submission: { formId: string; assetId?: string | undefined },
    visit: {
      pageId: string | undefined;
      path: string | null;
      visitor: string;
      locale?: string | undefined;
    },
    context: VisitContext,
    funnel: FunnelDefinition,
  ): Promise<void> {
    const pageId = visit.pageId ?? NO_PAGE_SCOPE;
    const counted = (type: 'form_submit' | 'file_download', target: string) =>
      this.record(
        { eventType: type },
        pageId,
        visit.visitor,
        { ...context, target, path: visit.path, locale: visit.locale },
        funnel,
      );
    // One after the other: the form is sent before its file is handed out (the funnel's order).
    await counted('form_submit', submission.formId);
    if (submission.assetId) await counted('file_download', submission.assetId);
  }
}
