// What a landing page does in the browser, without React
// (docs/decisions/0094-landing-page-javascript.md): the page view with the visit's attribution, the
// scroll reveal, the video blocks' players (video-embed.ts, on a click only), and the contact
// dialog's openers, and the form blocks (form-blocks.ts: their code is imported as they come near).
// Openers are plain buttons marked `data-contact="general|pricing"` (and
// `data-track="<event type>"` when the click is a conversion event); one listener on the page
// handles them all. The dialog (React, Radix) is imported on the first click, or earlier as the
// pointer, a touch or the keyboard focus reaches an opener; a click made while it is still loading
// is remembered and the dialog opens once it has arrived. The form's definition (GET
// /api/forms/:id: the root's data-form-id, the page's content.formId, for the general dialog) is
// asked for at the same moment as the dialog's module, so the two travel in parallel
// (docs/decisions/0166-forms-on-the-public-site.md). The prerendered pages run this from
// LandingPage.astro's script, /legacy after its render. First of all it puts the URL's parameters
// into the page's dynamic text (docs/decisions/0179-dynamic-text.md): as text, capped, for every
// visitor (nothing is sent or kept).
import type { EventType } from '../../../functions/shared/events.ts';
import type * as DialogHost from './dialog-host.tsx';
import type { DialogRequest } from './dialog-host.tsx';
import { startReveal } from './reveal.ts';
import { startVideos } from './video-embed.ts';
import { startFormBlocks } from './form-blocks.ts';
import { dialogFormId, loadPublicForm } from '../forms/load-form.ts';
import { pageIdFromPath, track, visitAttribution } from './tracking.ts';
import { dynamicTextValue } from '../../../functions/shared/dynamic-text.ts';

type DialogModule = typeof DialogHost;

/** Where the visitor goes when the dialog cannot be loaded: the contact page's same form. */
export const CONTACT_FALLBACK = '/demo';

let loading: Promise<DialogModule> | undefined;

/** The dialog module, imported once; a failed import is tried again on the next call. */
export function loadDialog(): Promise<DialogModule> {
  loading ??= import('./dialog-host.tsx').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

export interface LandingOptions {
  /** The default page's id, for the pricing submission's event (docs/requirements.md §7). */
  defaultPageId?: string | undefined;
  /** Whether the buttons and submissions send their events (the page view always goes). */
  trackConversions?: boolean;
}

/**
 * Fills each `[data-dtr]` element inside `root` (dynamic-text.tsx) from the URL parameter
 * it names: its text only (textContent, never HTML), cut to its `data-dtr-max`. A missing
 * or blank parameter leaves the prerendered fallback. The <title> and meta tags keep theirs.
 */
export function applyDynamicText(root: ParentNode, search: string): void {
  const params = new URLSearchParams(search);
  for (const element of root.querySelectorAll<HTMLElement>('[data-dtr]')) {
    const value = dynamicTextValue(
      params.get(element.dataset['dtr']!),
      Number(element.dataset['dtrMax']) || undefined,
    );
    if (value !== undefined) element.textContent = value;
  }
}

/**
 * A gated download's button (data-gate: its block): the gate the form is sent with, its
 * page's slug from data-gate-slug, else from the address (`/` the default page, /legacy/x x).
 */
export function gateOf(opener: HTMLElement): DialogRequest['gate'] {
  const blockId = opener.dataset['gate'];
  if (!blockId) return undefined;
  const path = window.location.pathname.replace(/^\/+|\/+$/g, '').replace(/^legacy(\/|$)/, '');
  return { slug: opener.dataset['gateSlug'] || path || 'default', blockId };
}

const openerOf = (target: EventTarget | null): HTMLElement | null =>
  target instanceof Element ? target.closest<HTMLElement>('[data-contact]') : null;

/**
 * Starts the page's behavior inside `root` (the element holding the navigation and the
 * sections) and marks it `data-landing-ready`. Returns a function that stops it.
 */
export function startLanding(root: HTMLElement, options: LandingOptions = {}): () => void {
  const trackConversions = options.trackConversions ?? true;
  applyDynamicText(root, window.location.search);
  const pageId = () => pageIdFromPath(window.location.pathname);
  // The visit's source goes with its page view only (docs/decisions/0079-attribution.md).
  track(pageId(), 'page_view', undefined, visitAttribution());
  const stopReveal = startReveal(root);
  // The video blocks' players, on the visitor's click only (video-embed.ts).
  const stopVideos = startVideos(root);
  // The prerendered form blocks, live as they come near or are touched (form-blocks.ts).
  const stopForms = startFormBlocks(root, trackConversions);

  /** The opener's form; its definition starts on its way (beside the dialog's module). */
  const formOf = (opener: HTMLElement) => {
    // A gated download's button names its own form (blocks/gated-asset/renderer.tsx), and so
    // may a hero's or a final call to action's (docs/decisions/0401-buttons-open-a-chosen-form.md).
    const id =
      opener.dataset['formId'] ||
      dialogFormId(
        opener.dataset['contact'] === 'pricing' ? 'pricing' : 'general',
        root.dataset['formId'],
      );
    loadPublicForm(id).catch(() => undefined);
    return id;
  };

  let stopped = false;
  // The latest click while the dialog is loading: opened once, when it has arrived.
  let wanted: DialogRequest | undefined;

  const onClick = (event: MouseEvent) => {
    const opener = openerOf(event.target);
    if (!opener || !root.contains(opener)) return;
    const eventType = opener.dataset['track'] as EventType | undefined;
    // Sent before anything loads, so a visitor who leaves at once is still counted.
    if (eventType && trackConversions) track(pageId(), eventType);
    const formType = opener.dataset['contact'] === 'pricing' ? 'pricing' : 'general';
    wanted = {
      formType,
      formId: formOf(opener),
      opener,
      defaultPageId: options.defaultPageId,
      trackConversions,
      gate: gateOf(opener),
    };
    loadDialog().then(
      (dialog) => {
        if (stopped || !wanted) return;
        const request = wanted;
        wanted = undefined;
        dialog.openContactDialog(request);
      },
      (error: unknown) => {
        if (stopped || !wanted) return;
        wanted = undefined;
        // A lost chunk (say, a deployment replaced it while the page was open) must not
        // lose the lead: the contact page has the same form.
        console.error('Failed to load the contact dialog', error);
        window.location.assign(CONTACT_FALLBACK);
      },
    );
  };
  const prefetch = (event: Event) => {
    const opener = openerOf(event.target);
    if (!opener) return;
    loadDialog().catch(() => undefined);
    formOf(opener);
  };

  root.addEventListener('click', onClick);
  root.addEventListener('pointerover', prefetch);
  root.addEventListener('focusin', prefetch);
  root.addEventListener('touchstart', prefetch, { passive: true });
  root.dataset['landingReady'] = 'true';
  return () => {
    stopped = true;
    stopReveal();
    stopVideos();
    stopForms();
    root.removeEventListener('click', onClick);
    root.removeEventListener('pointerover', prefetch);
    root.removeEventListener('focusin', prefetch);
    root.removeEventListener('touchstart', prefetch);
    delete root.dataset['landingReady'];
  };
}

/**
 * The prebuilt page's library images show a ThumbHash placeholder under them until they
 * have loaded (media-image.tsx does this itself where React renders it, on /legacy).
 */
export function dropPlaceholdersOnLoad(root: HTMLElement): void {
  for (const placeholder of root.querySelectorAll<HTMLImageElement>(
    '[data-media] > img[aria-hidden="true"]',
  )) {
    const image = placeholder.nextElementSibling;
    if (!(image instanceof HTMLImageElement)) continue;
    if (image.complete && image.naturalWidth > 0) placeholder.remove();
    else image.addEventListener('load', () => placeholder.remove(), { once: true });
  }
}
