// "Check accessibility" in the Review tab's checks (issue 38): axe-core run in the browser
// over the page as the editor's live preview renders it (common/editor/live-preview.tsx),
// listed beside the server's checks as "In the browser (axe)": each rule broken, its impact,
// its help text and how many elements break it. axe runs inside the preview's own document
// (its window, its layout, so colour contrast is measured there): the site's CSP allows
// scripts from the site only (functions/shared/security-headers.ts), so axe's browser build
// is loaded there by URL, fetched on the first click only, not bundled with the admin.
import { useRef, useState } from 'react';
import type { ImpactValue, Result } from 'axe-core';
import type { LandingContent } from '../../../../../functions/shared/landing-content.ts';
import { LivePreview } from '../../common/editor/live-preview.tsx';
import { Button } from '../../ui.tsx';

export interface AxeFinding {
  id: string;
  impact: ImpactValue | undefined;
  help: string;
  helpUrl: string;
  nodes: number;
}

const IMPACT_ORDER: Record<string, number> = { critical: 0, serious: 1, moderate: 2, minor: 3 };

/** axe's violations as the list shows them: the most serious first, then by rule id. */
export function axeFindings(violations: readonly Result[]): AxeFinding[] {
  return violations
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? undefined,
      help: violation.help,
      helpUrl: violation.helpUrl,
      nodes: violation.nodes.length,
    }))
    .sort(
      (a, b) =>
        (IMPACT_ORDER[a.impact ?? ''] ?? 4) - (IMPACT_ORDER[b.impact ?? ''] ?? 4) ||
        a.id.localeCompare(b.id),
    );
}

/** "axe found no problems.", "axe found 1 problem (3 elements).", ... */
export function axeSummary(findings: readonly AxeFinding[]): string {
  if (findings.length === 0) return 'axe found no problems.';
  const nodes = findings.reduce((sum, finding) => sum + finding.nodes, 0);
  const rules = `${findings.length} problem${findings.length === 1 ? '' : 's'}`;
  return `axe found ${rules} (${nodes} element${nodes === 1 ? '' : 's'}).`;
}

interface AxeWindow extends Window {
  axe?: {
    run: (
      context: Document,
      options: { resultTypes: string[] },
    ) => Promise<{ violations: Result[] }>;
  };
}

const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));

/** Waits until the preview document has rendered the page (at most 10 seconds). */
async function rendered(host: HTMLElement): Promise<HTMLIFrameElement> {
  // The copy's own controls (its width buttons) leave the tab order.
  for (const control of host.querySelectorAll<HTMLElement>('button')) control.tabIndex = -1;
  for (let tries = 0; tries < 100; tries += 1) {
    const iframe = host.querySelector('iframe');
    const doc = iframe?.contentDocument;
    if (iframe && doc?.body.querySelector('main, section, h1')) {
      await doc.fonts?.ready;
      await frame();
      await frame();
      return iframe;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('The preview did not render in time: try again.');
}

/** Loads axe's browser build into the preview document's window (once) and runs it there. */
async function runAxe(iframe: HTMLIFrameElement): Promise<Result[]> {
  const win = iframe.contentWindow as AxeWindow | null;
  const doc = iframe.contentDocument;
  if (!win || !doc) throw new Error('The preview is not ready: try again.');
  if (!win.axe) {
    const { default: url } = await import('axe-core/axe.min.js?url');
    await new Promise<void>((resolve, reject) => {
      const script = doc.createElement('script');
      script.src = url;
      script.onload = () => resolve();
      script.onerror = () => reject(new Error('axe could not be loaded: check the connection.'));
      doc.head.append(script);
    });
  }
  if (!win.axe) throw new Error('axe could not be loaded: check the connection.');
  const results = await win.axe.run(doc, { resultTypes: ['violations'] });
  return results.violations;
}

export function AxeCheck({ content }: { content: LandingContent | undefined }) {
  const [running, setRunning] = useState(false);
  const [findings, setFindings] = useState<AxeFinding[]>();
  const [error, setError] = useState<string>();
  const host = useRef<HTMLDivElement>(null);

  const check = async () => {
    setRunning(true);
    setError(undefined);
    try {
      // The frame renders once `running` mounts it (below).
      await frame();
      if (!host.current) throw new Error('The preview is not ready: try again.');
      setFindings(axeFindings(await runAxe(await rendered(host.current))));
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setRunning(false);
    }
  };

  return (
    <div className="grid gap-2" data-testid="axe-check">
      <h4 className="font-semibold text-ink">In the browser (axe)</h4>
      <p className="text-xs text-slate-600">
        axe-core checks the page as the preview renders it, at desktop width, with your unsaved
        edits: what the server cannot measure, such as colour contrast.
      </p>
      <Button
        className="justify-self-start"
        disabled={!content || running}
        onClick={() => void check()}
        data-control="check-accessibility"
      >
        {running ? 'Checking accessibility...' : 'Check accessibility'}
      </Button>
      <div aria-live="polite" className="grid gap-2">
        {error && <p className="text-red-800">{error}</p>}
        {findings && !running && (
          <>
            <p className="font-medium" data-testid="axe-summary">
              {axeSummary(findings)}
            </p>
            {findings.length > 0 && (
              <ul className="grid gap-1" aria-label="Problems axe found" data-testid="axe-list">
                {findings.map((finding) => (
                  <li
                    key={finding.id}
                    className="rounded-md border border-slate-200 p-2 break-words"
                  >
                    <span className="font-mono text-xs">{finding.id}</span>
                    {finding.impact && (
                      <span className="font-semibold"> · impact: {finding.impact}</span>
                    )}
                    <span className="block">
                      {finding.help} ({finding.nodes} element{finding.nodes === 1 ? '' : 's'}).{' '}
                      <a
                        href={finding.helpUrl}
                        target="_blank"
                        rel="noopener noreferrer"
                        className="underline underline-offset-2"
                      >
                        About {finding.id} (opens in a new tab)
                      </a>
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </div>
      {/* The page axe checks: a preview rendered off screen while it runs, out of the
          accessibility tree and the tab order (a copy of the Preview tab's). Not `inert`: an
          inert frame's document is inert too, and axe's contrast check needs hit testing. */}
      {running && content && (
        <div ref={host} aria-hidden="true" className="fixed top-0 -left-[200vw] w-[1280px]">
          <LivePreview content={content} stale={false} note="(checked by axe)" />
        </div>
      )}
    </div>
  );
}
