// Where the Experiments view is, in its URL (route.ts): /admin/experiments?page=<pageId>
// &experiment=<id>&variant=<variantId>&panel=results|variants&locale=<code> (the list's
// language, issue 39). A reload shows the same
// experiment, panel and open variant; a value the view cannot show (a typo, an old
// bookmark) is dropped.
import { VARIANT_IDS, type VariantId } from '../../../../functions/shared/experiments.ts';
import { viewUrl } from '../route.ts';

export const PANELS = ['variants', 'results'] as const;
export type Panel = (typeof PANELS)[number];

export interface ExperimentsLocation {
  /** The page whose experiments are listed; every page's when absent. */
  pageId?: string | undefined;
  experimentId?: string | undefined;
  /** The variant open in the editor (or, read-only, in the viewer). */
  variantId?: VariantId | undefined;
  /** The experiment's panel; its status's default when absent. */
  panel?: Panel | undefined;
  /**
   * The language whose experiments the list shows, and a new experiment's (issue 39,
   * docs/decisions/0576-experiments-per-locale.md); every language's when absent.
   */
  locale?: string | undefined;
}

const ID = /^[A-Za-z0-9_-]{1,100}$/;
/** A locale code as the settings hold it (functions/shared/locales.ts): `de-DE`. */
const LOCALE = /^[a-z]{2,3}-[A-Z]{2}$/;

export function experimentsFromUrl(params: URLSearchParams): ExperimentsLocation {
  const id = (key: string) => {
    const value = params.get(key) ?? '';
    return ID.test(value) ? value : undefined;
  };
  const experimentId = id('experiment');
  const variant = params.get('variant') ?? '';
  const panel = params.get('panel') ?? '';
  const locale = params.get('locale') ?? '';
  return {
    pageId: id('page'),
    ...(LOCALE.test(locale) ? { locale } : {}),
    experimentId,
    // A variant or a panel belongs to an experiment.
    variantId:
      experimentId && (VARIANT_IDS as readonly string[]).includes(variant)
        ? (variant as VariantId)
        : undefined,
    panel:
      experimentId && (PANELS as readonly string[]).includes(panel) ? (panel as Panel) : undefined,
  };
}

export function experimentsUrl(location: ExperimentsLocation): string {
  return viewUrl('experiments', {
    page: location.pageId,
    experiment: location.experimentId,
    variant: location.experimentId ? location.variantId : undefined,
    panel: location.experimentId ? location.panel : undefined,
    locale: location.locale,
  });
}

/** The panel an experiment opens on: its variants while a draft, else its results. */
export const defaultPanel = (status: string): Panel =>
  status === 'draft' ? 'variants' : 'results';
