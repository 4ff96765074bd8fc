// The event repository's visitor-day item: whether an event is the visitor's first of its
// kind today (page, site, form or file), the visit's entry and first source, and the
// funnel step reached in order (docs/decisions/0411-funnels-in-order.md,
// docs/decisions/0158-one-definition-of-a-lead.md; the split: docs/decisions/0441-data-modules-by-concern.md).
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { visitSource } from '../../shared/attribution.ts';
import type { Attribution, EventType } from '../../shared/events.ts';
import { DIRECT_SOURCE } from '../event-counters.ts';
import { keys } from '../keys.ts';
import { dayEndSeconds, utcDay } from '../salts.ts';
import { isConditionalFailure } from '../table.ts';
import { EventReads } from './reads.ts';
import { DAY_SECONDS } from './store.ts';

export class VisitorDays extends EventReads {
  /**
   * Takes the visitor one step further in the funnel of `version` when they stand just
   * before one of `steps` (1-based): one conditional update of their day item, whose
   * `fs:<version>` holds the highest step reached in order (absent: none yet). One event
   * moves them one step at most, and of two events racing for the same step one counts.
   * Returns the step reached, or undefined when the event takes them nowhere.
   */
  protected async advanceFunnel(
    day: string,
    visitor: string,
    version: string,
    steps: number[],
  ): Promise<number | undefined> {
    const attribute = `fs:${version}`;
    const before = Object.fromEntries(steps.map((step, index) => [`:p${index}`, step - 1]));
    const conditions = [`#fs IN (${Object.keys(before).join(', ')})`];
    if (steps.includes(1)) conditions.unshift('attribute_not_exists(#fs)');
    try {
      const result = await this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: keys.visitor(day, visitor),
          UpdateExpression:
            'SET #fs = if_not_exists(#fs, :zero) + :one, expiresAt = if_not_exists(expiresAt, :expires)',
          ConditionExpression: conditions.join(' OR '),
          ExpressionAttributeNames: { '#fs': attribute },
          ExpressionAttributeValues: {
            ':zero': 0,
            ':one': 1,
            ':expires': dayEndSeconds(day) + DAY_SECONDS,
            ...before,
          },
          ReturnValues: 'UPDATED_NEW',
        }),
      );
      const reached = Number(result.Attributes?.[attribute]);
      return reached > 0 ? reached : undefined;
    } catch (error) {
      if (isConditionalFailure(error)) return undefined;
      throw error;
    }
  }

  /**
   * The source of the visitor's first page view today that had one (a referrer or a
   * campaign), kept on their day item (no cookie): what a lead without its own source is
   * attributed to (docs/decisions/0158-one-definition-of-a-lead.md).
   */
  async firstSource(visitor: string): Promise<Attribution | undefined> {
    const result = await this.db.send(
      new GetCommand({
        TableName: this.table,
        Key: keys.visitor(utcDay(this.now()), visitor),
        ProjectionExpression: 'firstSource',
      }),
    );
    const source = result.Item?.['firstSource'] as Attribution | undefined;
    return source && typeof source === 'object' ? source : undefined;
  }

  /**
   * Whether this is the visitor's first event of this type on this page today, and their
   * first of this type on the site today (the same for `targetKey`, the event's form or
   * file, when it has one). One item per visitor and day with an atomic ADD per question,
   * so repeat visits cost no exception on either side. Also the visit's entry source: the
   * source of the visitor's first page view today (visitSource: its utm_source, else its
   * referrer's host; (direct) without either), kept as `entrySource` and returned by the
   * same update (UPDATED_NEW: the SET writes the value it already has), which the goals'
   * counters count an event under.
   */
  protected async markVisitor(
    day: string,
    visitor: string,
    pageId: string,
    type: EventType,
    targetKey: string | undefined,
    attribution: Attribution | undefined,
    locale?: string,
  ) {
    // A view counted in a locale's scope (docs/decisions/0574-analytics-by-locale.md): is it
    // the visitor's first in that locale today, and their first of this page in it?
    const local = locale && type === 'page_view' ? locale : undefined;
    // The day's first source with something to say (a referrer or a campaign): a lead sent
    // later from a page without one (the contact page) is attributed to it (firstSource).
    const source = attribution && Object.keys(attribution).length > 0 ? attribution : undefined;
    const result = await this.db.send(
      new UpdateCommand({
        TableName: this.table,
        Key: keys.visitor(day, visitor),
        UpdateExpression: `ADD #page :one, #site :one${targetKey ? ', #tpage :one, #tsite :one' : ''}${local ? ', #lsite :one, #lpage :one' : ''} SET expiresAt = if_not_exists(expiresAt, :expires), #entry = if_not_exists(#entry, :entry)${source ? ', firstSource = if_not_exists(firstSource, :source)' : ''}`,
        ExpressionAttributeNames: {
          '#page': `${pageId}:${type}`,
          '#site': `site:${type}`,
          ...(targetKey
            ? { '#tpage': `${pageId}:${targetKey}`, '#tsite': `site:${targetKey}` }
            : {}),
          ...(local
            ? { '#lsite': `locale:${local}:${type}`, '#lpage': `locale:${local}:${pageId}:${type}` }
            : {}),
          '#entry': 'entrySource',
        },
        ExpressionAttributeValues: {
          ':one': 1,
          ':expires': dayEndSeconds(day) + DAY_SECONDS,
          // A view's source; any other event (a view comes first) says direct.
          ':entry': (type === 'page_view' && visitSource(attribution)) || DIRECT_SOURCE,
          ...(source ? { ':source': source } : {}),
        },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    const attributes = result.Attributes ?? {};
    const entry = attributes['entrySource'];
    const first = (name: string) => Number(attributes[name]) === 1;
    return {
      page: first(`${pageId}:${type}`),
      site: first(`site:${type}`),
      targetPage: targetKey ? first(`${pageId}:${targetKey}`) : false,
      targetSite: targetKey ? first(`site:${targetKey}`) : false,
      localeSite: local ? first(`locale:${local}:${type}`) : false,
      localePage: local ? first(`locale:${local}:${pageId}:${type}`) : false,
      entrySource: typeof entry === 'string' && entry ? entry : DIRECT_SOURCE,
    };
  }
}
