// The `locales` setting as the event intake reads it (docs/decisions/0574-analytics-by-locale.md):
// POST /api/conversions counts an event in its locale's scope on a site with several locales.
// The conversion route is one of the public function's cold routes, which must not load the
// workflow's repository (docs/decisions/0545-public-function-cold-start.md), so the event
// repository reads the one attribute itself: one GetItem, at most once per LOCALES_CACHE_MS
// per process (like the funnel, functions/data/goals.ts); the settings route forgets it in
// the process that changed it, so its own change takes effect at once.
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { DEFAULT_LOCALE } from '../../shared/locales.ts';
import { keys } from '../keys.ts';
import { EventRecording } from './recording.ts';

/** How long a process keeps the `locales` setting it read for the event intake. */
const LOCALES_CACHE_MS = 30_000;

/** The locales layer of the event repository (layers: functions/data/events/repository.ts). */
export class EventLocales extends EventRecording {
  private localesRead: { locales: string[]; until: number } | undefined;

  /** The site's locales, the default first ([en-US] while the setting was never saved). */
  async siteLocales(): Promise<string[]> {
    const at = this.now().getTime();
    if (this.localesRead && this.localesRead.until > at) return this.localesRead.locales;
    const { Item } = await this.db.send(
      new GetCommand({
        TableName: this.table,
        Key: keys.settings(),
        ProjectionExpression: '#locales',
        ExpressionAttributeNames: { '#locales': 'locales' },
      }),
    );
    const stored: unknown = Item?.['locales'];
    const locales =
      Array.isArray(stored) && stored.length > 0 && stored.every((l) => typeof l === 'string')
        ? (stored as string[])
        : [DEFAULT_LOCALE];
    this.localesRead = { locales, until: at + LOCALES_CACHE_MS };
    return locales;
  }

  /** Read the setting again next time (the settings route, after a change). */
  forgetSiteLocales(): void {
    this.localesRead = undefined;
  }
}
