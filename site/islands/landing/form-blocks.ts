// The form blocks of a prerendered landing page (docs/decisions/0400-form-block.md): each is drawn
// by the build with its definition, its submit button disabled; its code (React, the forms'
// renderer and submission: blocks/form/form-block-host.tsx) is imported only when a block comes
// within FORM_NEAR_MARGIN of the viewport, or as the pointer, a touch or the focus reaches it,
// the way the dialog's module waits for its first opener. Its definition is asked for at the same
// moment (GET /api/forms/:id, forms/load-form.ts), so a form saved since the build shows. Plain DOM
// code, part of the landing page's first script (landing-behavior.ts): keep it small.
import type * as FormBlockHost from './blocks/form/form-block-host.tsx';
import { loadPublicForm } from '../forms/load-form.ts';

/** How far outside the viewport a form block starts loading its code. */
export const FORM_NEAR_MARGIN = '600px 0px';

let loading: Promise<typeof FormBlockHost> | undefined;

/** The form blocks' module, imported once; a failed import is tried again on the next call. */
function loadHost(): Promise<typeof FormBlockHost> {
  loading ??= import('./blocks/form/form-block-host.tsx').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/** Watches the form blocks inside `root`; returns a function that stops it. */
export function startFormBlocks(root: HTMLElement, trackConversions: boolean): () => void {
  const blocks = root.querySelectorAll<HTMLElement>('[data-form-block]');
  if (blocks.length === 0) return () => {};
  let stopped = false;
  let observer: IntersectionObserver | undefined;
  const wake = (block: HTMLElement) => {
    if (stopped || block.dataset['formWaking']) return;
    block.dataset['formWaking'] = 'true';
    observer?.unobserve(block);
    loadPublicForm(block.dataset['formId'] ?? '').catch(() => undefined);
    loadHost().then(
      (host) => {
        if (!stopped) host.mountFormBlock(block, { trackConversions });
      },
      (error: unknown) => {
        // The prerendered form stays; the next approach or touch tries again.
        delete block.dataset['formWaking'];
        console.error('Failed to load the form', error);
      },
    );
  };
  if (typeof IntersectionObserver === 'function') {
    observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) if (entry.isIntersecting) wake(entry.target as HTMLElement);
      },
      { rootMargin: FORM_NEAR_MARGIN },
    );
    for (const block of blocks) observer.observe(block);
  } else {
    for (const block of blocks) wake(block);
  }
  const touched = (event: Event) => {
    const block =
      event.target instanceof Element
        ? event.target.closest<HTMLElement>('[data-form-block]')
        : null;
    if (block && root.contains(block)) wake(block);
  };
  root.addEventListener('focusin', touched);
  root.addEventListener('pointerover', touched);
  root.addEventListener('touchstart', touched, { passive: true });
  return () => {
    stopped = true;
    observer?.disconnect();
    root.removeEventListener('focusin', touched);
    root.removeEventListener('pointerover', touched);
    root.removeEventListener('touchstart', touched);
  };
}
