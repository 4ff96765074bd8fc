// The API reference of /admin (/admin/api; issue 40, docs/decisions/0566-openapi-description.md):
// the OpenAPI description the API generates from its routes (GET /api/openapi.json), rendered
// by Scalar. Scalar is its own chunk (scalar-reference.ts), loaded only when this view opens,
// never with the admin's first load.
import { useEffect, useRef, useState } from 'react';
import { Button } from '../ui.tsx';

export function ApiView({ onClose }: { onClose: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  // Opening the view moves focus to its heading, as the Account area does.
  useEffect(() => heading.current?.focus(), []);
  useEffect(() => {
    let unmount: (() => void) | undefined;
    let live = true;
    import('./scalar-reference.ts')
      .then(async ({ mountReference }) => {
        if (!live || !container.current) return;
        const remove = await mountReference(container.current);
        if (!live) return remove();
        unmount = remove;
        setState('ready');
      })
      .catch(() => live && setState('failed'));
    return () => {
      live = false;
      unmount?.();
    };
  }, []);
  return (
    // A section, not a <main>: Scalar renders the page's <main> (one per page, axe's
    // landmark-no-duplicate-main).
    <section
      aria-labelledby="api-reference-heading"
      className="mx-auto max-w-7xl px-4 py-8"
      data-testid="api-view"
    >
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1
            id="api-reference-heading"
            ref={heading}
            tabIndex={-1}
            className="text-3xl font-bold text-ink outline-none"
          >
            API reference
          </h1>
          <p className="mt-1 text-slate-600">
            Every route of the API with its request, answers and the permission it needs, generated
            from the routes themselves (
            <a className="text-brand-700 underline" href="/api/openapi.json">
              openapi.json
            </a>
            )
          </p>
        </div>
        <Button onClick={onClose}>
          <span aria-hidden="true">←</span> Back to the Landing Page Manager
        </Button>
      </div>
      {state === 'loading' && (
        <p role="status" className="mt-6 text-slate-600">
          Loading the API reference...
        </p>
      )}
      {state === 'failed' && (
        <p role="alert" className="mt-6 text-red-700">
          The API reference could not be loaded. Reload the page to try again.
        </p>
      )}
      <div
        ref={container}
        data-testid="api-reference"
        className="mt-6 overflow-hidden rounded-xl border border-slate-200 bg-white"
      />
    </section>
  );
}
