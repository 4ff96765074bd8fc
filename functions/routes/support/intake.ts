// The steps of event intake that the event routes (POST /api/conversions) and the lead
// routes (POST /api/contact, the public forms) share: the bot filter, the experiment variant
// count (docs/decisions/0320-experiment-visitor-key.md), and counting a stored lead for form and
// file goals and the funnel (docs/decisions/0412-form-and-file-goals.md).
import { variantOfKey, visitorKey } from '../../lib/experiment-visitor.ts';
import type { VisitorServices } from '../../lib/context.ts';
import { deviceClass, type VariantId } from '../../shared/events.ts';
import { publicPath } from '../../shared/slug.ts';

/** Crawlers, monitors, headless tools and HTTP libraries: counted as no one. */
const BOT_USER_AGENT =
  /bot|crawl|spider|slurp|headless|lighthouse|pagespeed|preview|monitor|curl|wget|python|java\/|go-http|okhttp|axios|node-fetch|undici|libwww|httpclient|scrapy|phantom|puppeteer|playwright|selenium|wrk|autocannon|apachebench/i;

/** No user agent, a short one, or a crawler's, monitor's or tool's: counted as no one. */
export function isBot(userAgent: string | undefined): boolean {
  return !userAgent || userAgent.length < 10 || BOT_USER_AGENT.test(userAgent);
}

/**
 * Counts an event or a lead for an experiment's variant (docs/decisions/
 * 0320-experiment-visitor-key.md): only when the variant belongs to a running experiment and
 * is the one the sender was assigned, recomputed from the visitor key the edge assigned
 * with (functions/lib/experiment-visitor.ts). A stale page, a paused experiment, or a
 * variant claimed by someone it was not served to counts for nobody, without a word to the
 * sender. `type` is an event type or 'lead'; the experiment's goal makes it a conversion,
 * anything else shows the visitor saw the variant.
 */
export async function countVariant(
  services: Pick<VisitorServices, 'experiments' | 'log'>,
  pageId: string,
  served: { experimentId?: string | undefined; variantId: VariantId },
  sender: { ip: string; userAgent: string },
  type: string,
): Promise<void> {
  const { experimentId, variantId } = served;
  try {
    // The experiment the page names (the pricing dialog's lead is filed under the default
    // page although it was sent from this one), else the running one of the event's page.
    const experiment = experimentId
      ? await services.experiments.runningById(experimentId)
      : await services.experiments.runningFor(pageId);
    if (!experiment || !experiment.variants.some((variant) => variant.id === variantId)) return;
    const secret = await services.experiments.assignmentSecret();
    const key = visitorKey(experiment.id, secret, sender.ip, sender.userAgent);
    if (variantOfKey(key, experiment.variants) !== variantId) return;
    await services.experiments.count(
      experiment,
      variantId,
      key,
      experiment.goal === type ? 'goal' : 'view',
    );
  } catch (error) {
    // The event itself is stored; a failed variant count is logged, never answered.
    services.log.error('event not counted in its experiment', {
      pageId,
      error: error instanceof Error ? error.message : String(error),
    });
  }
}

/**
 * Counts a stored lead's form (and its gated file) for form and file goals and the funnel
 * (EventRepository.recordSubmission): the caller has ruled out spam, bots and opted-out
 * visitors.
 */
export async function countSubmission(
  services: VisitorServices,
  input: {
    formId: string;
    assetId: string | undefined;
    page: { id: string; slug: string } | undefined;
    ip: string;
    userAgent: string;
    /** The locale scope it counts in (countedLocale); none on a site with one locale. */
    locale?: string | undefined;
  },
): Promise<void> {
  const [visitor, funnel] = await Promise.all([
    services.events.visitorHash(input.ip, input.userAgent),
    services.goals.funnelDefinition(),
  ]);
  await services.events.recordSubmission(
    { formId: input.formId, assetId: input.assetId },
    {
      pageId: input.page?.id,
      path: input.page ? publicPath(input.page.slug) : null,
      visitor,
      locale: input.locale,
    },
    { device: deviceClass(input.userAgent) },
    funnel,
  );
}
