// Scalar's API reference over GET /api/openapi.json, self-hosted (bundled from
// @scalar/api-reference; docs/decisions/0566-openapi-description.md): no fonts, telemetry,
// proxy or other request to scalar.com, and nothing the admin's CSP
// (functions/shared/security-headers.ts) refuses. Imported only by api-view.tsx, lazily.
import { createApiReference } from '@scalar/api-reference';
import '@scalar/api-reference/style.css';

/**
 * Runs `mount` with `setAttribute('style', value)` applied as `style.cssText = value`. When it
 * mounts, Scalar measures the scrollbar's width with a probe element styled by two style
 * attributes (`hasObtrusiveScrollbars` of @scalar/themes), which the admin's
 * `style-src-attr 'none'` refuses; the same declarations set through the CSSOM are what
 * React's and Vue's style props do, which CSP does not govern. Only for the synchronous mount
 * (Vue runs the root's onMounted inside `app.mount`): markup parsed from HTML stays refused.
 * (docs/decisions/0566-openapi-description.md)
 */
function withStylesThroughCssom<T>(mount: () => T): T {
  const setAttribute = Element.prototype.setAttribute;
  Element.prototype.setAttribute = function (this: Element, name: string, value: string) {
    if (name.toLowerCase() === 'style' && this instanceof HTMLElement) {
      this.style.cssText = value;
      return;
    }
    setAttribute.call(this, name, value);
  };
  try {
    return mount();
  } finally {
    Element.prototype.setAttribute = setAttribute;
  }
}

/** Renders the reference into `element`; returns what removes it. */
export function mountReference(element: HTMLElement): () => void {
  const reference = withStylesThroughCssom(() =>
    createApiReference(element, {
      url: '/api/openapi.json',
      _integration: 'react',
      // The admin's own fonts; Scalar's default ones come from its CDN.
      withDefaultFonts: false,
      telemetry: false,
      // The "test request" client would send real requests with the session cookie; the
      // reference documents, it does not call.
      hideClientButton: true,
      showDeveloperTools: 'never',
      hideDarkModeToggle: true,
      forceDarkModeState: 'light',
      mcp: { disabled: true },
      operationTitleSource: 'summary',
      defaultOpenFirstTag: false,
      // The document is at /api/openapi.json, linked above the reference.
      documentDownloadType: 'none',
      // Scalar's AI chat sends the document to scalar.com.
      agent: { disabled: true },
    }),
  );
  return () => reference.destroy();
}
