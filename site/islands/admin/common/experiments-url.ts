// Where the Experiments view is, in its URL (route.ts): /admin/experiments?page=<pageId>
// &experiment=<id>&variant=<variantId>&panel=results|variants. A reload shows the same
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
}

const ID = /^[A-Za-z0-9_-]{1,100}$/;

export function experimentsFromUrl(params: URLSearchParams): ExperimentsLocation {
  const id = (key: string) => {
    const value = params.get(key) ?? '';
    return ID.test(value) ? value : undefined;
  };
  const experimentId = id('experiment');
  const variant = params.get('variant') ?? '';
  const panel = params.get('panel') ?? '';
  return {
    pageId: id('page'),
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
  });
}

/** The panel an experiment opens on: its variants while a draft, else its results. */
export const defaultPanel = (status: string): Panel =>
  status === 'draft' ? 'variants' : 'results';
