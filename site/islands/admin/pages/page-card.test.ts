// The page card's check errors (page-card.tsx, issue 38): "1 check error", "N check errors",
// a button whose accessible name starts with its visible words, with the Review tab hint.
import { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { TooltipProvider } from '../ui.tsx';
import { CheckErrorsBadge, checkErrorsLabel } from './page-card.tsx';

describe("a page card's check errors", () => {
  it('counts them in words', () => {
    expect(checkErrorsLabel(1)).toBe('1 check error');
    expect(checkErrorsLabel(3)).toBe('3 check errors');
  });

  it('is a button named from its visible words first', () => {
    const html = renderToStaticMarkup(
      h(
        TooltipProvider,
        null,
        h(CheckErrorsBadge, { count: 2, title: 'Supplier teams', onOpen: () => {} }),
      ),
    );
    expect(html).toContain('aria-label="2 check errors in Supplier teams: open the Review tab"');
    expect(html).toMatch(/<\/svg>2 check errors<\/button>/);
  });
});
