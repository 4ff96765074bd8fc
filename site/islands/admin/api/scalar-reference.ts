// Scalar's API reference over GET /api/openapi.json, self-hosted (its prebuilt browser module,
// served by the site: functions/shared/api-reference.ts; docs/decisions/0566-openapi-description.md):
// no fonts, telemetry, proxy or other request to scalar.com, and nothing the admin's CSP
// (functions/shared/security-headers.ts) refuses. Imported only by api-view.tsx, lazily.
import type { createApiReference as CreateApiReference } from '@scalar/api-reference';
import { SCALAR_MODULE_URL } from '../../../../functions/shared/api-reference.ts';

/** A style attribute in HTML a script assigns (`innerHTML`), renamed so the parser skips it. */
const STYLE_ATTRIBUTE = /(<[a-z][^<>]*?\s)style="([^"<>]*)"/gi;
const DEFERRED = 'data-cssom-style';

/**
 * While Scalar is mounted, style attributes that Scalar's own scripts write are applied as
 * `style.cssText`: the same declarations through the CSSOM, which CSP does not govern (React's
 * and Vue's style props use it), instead of a style attribute, which the admin's
 * `style-src-attr 'none'` refuses. Two places need it: on mount Scalar measures the
 * scrollbar with a probe element styled by `setAttribute('style', ...)`
 * (`hasObtrusiveScrollbars` of @scalar/themes), and its code highlighter writes
 * `<pre style="--line-count: N">` into `innerHTML` (v-html). Markup the browser parses from
 * the server stays refused. Returns what puts both back.
 * (docs/decisions/0566-openapi-description.md)
 */
function stylesThroughCssom(): () => void {
  const setAttribute = Element.prototype.setAttribute;
  const innerHtml = Object.getOwnPropertyDescriptor(Element.prototype, 'innerHTML')!;
  Element.prototype.setAttribute = function (this: Element, name: string, value: string) {
    if (name.toLowerCase() === 'style' && this instanceof HTMLElement) {
      this.style.cssText = value;
      return;
    }
    setAttribute.call(this, name, value);
  };
  Object.defineProperty(Element.prototype, 'innerHTML', {
    ...innerHtml,
    set(this: Element, value: unknown) {
      // Vue hands v-html over as TrustedHTML where the browser has Trusted Types.
      const html =
        typeof value === 'object' && value !== null && 'trustedTypes' in window
          ? String(value)
          : value;
      if (typeof html !== 'string' || !html.includes('style="')) {
        innerHtml.set!.call(this, value);
        return;
      }
      innerHtml.set!.call(this, html.replace(STYLE_ATTRIBUTE, `$1${DEFERRED}="$2"`));
      for (const element of this.querySelectorAll<HTMLElement>(`[${DEFERRED}]`)) {
        element.style.cssText = element.getAttribute(DEFERRED) ?? '';
        element.removeAttribute(DEFERRED);
      }
    },
  });
  return () => {
    Element.prototype.setAttribute = setAttribute;
    Object.defineProperty(Element.prototype, 'innerHTML', innerHtml);
  };
}

/** Renders the reference into `element`; resolves to what removes it. */
export async function mountReference(element: HTMLElement): Promise<() => void> {
  // The module injects its own stylesheet (a <style> element, which the CSP allows).
  const { createApiReference } = (await import(/* @vite-ignore */ SCALAR_MODULE_URL)) as {
    createApiReference: typeof CreateApiReference;
  };
  if (!element.isConnected) return () => {};
  const restoreStyles = stylesThroughCssom();
  const reference = createApiReference(element, {
    url: '/api/openapi.json',
    _integration: 'react',
    // The admin's own fonts; Scalar's default ones come from its CDN.
    withDefaultFonts: false,
    telemetry: false,
    // The "test request" client would send real requests with the session cookie; the
    // reference documents, it does not call.
    hideClientButton: true,
    hideTestRequestButton: true,
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
  });
  return () => {
    reference.destroy();
    restoreStyles();
  };
}
