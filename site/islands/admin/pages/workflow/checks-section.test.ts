// The Review tab's checks before publishing (checks-section.tsx): the summary sentence, errors
// listed before warnings with their level in words and their category, and "Go to block" for
// a finding inside a block, named after the block.
import { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Block } from '../../../../../functions/shared/blocks.ts';
import type { PageCheck, PageChecks } from '../../../../../functions/shared/page-checks.ts';
import {
  BLOCKING_SENTENCE,
  checksRefuse,
  ChecksSection,
  checksSummary,
} from './checks-section.tsx';

const warning = (id: string, extra: Partial<PageCheck> = {}): PageCheck => ({
  id,
  category: 'search',
  level: 'warning',
  message: `Warning ${id}.`,
  ...extra,
});
const error = (id: string, extra: Partial<PageCheck> = {}): PageCheck => ({
  id,
  category: 'links',
  level: 'error',
  message: `Error ${id}.`,
  ...extra,
});

const checksOf = (checks: PageCheck[], blocking = true): PageChecks => ({
  revision: 7,
  of: 'working-copy',
  checkedAt: '2026-12-05T09:30:00.000Z',
  blocking,
  checks,
});

const blocks = [{ id: 'b-hero', type: 'hero', label: 'Opening hero' }] as unknown as Block[];
const render = (checks: PageChecks | undefined) =>
  renderToStaticMarkup(h(ChecksSection, { checks, blocks }));

describe('the checks summary', () => {
  it('says no problems, or counts errors and warnings in words', () => {
    expect(checksSummary([])).toBe('No problems found.');
    expect(checksSummary([error('a')])).toBe('1 error.');
    expect(checksSummary([warning('a')])).toBe('1 warning.');
    expect(checksSummary([error('a'), error('b'), warning('c'), warning('d'), warning('e')])).toBe(
      '2 errors and 3 warnings.',
    );
  });

  it('refuses while blocking and errors exist, not for warnings or when only listed', () => {
    expect(checksRefuse(checksOf([error('a')]))).toBe(true);
    expect(checksRefuse(checksOf([warning('a')]))).toBe(false);
    expect(checksRefuse(checksOf([error('a')], false))).toBe(false);
    expect(checksRefuse(undefined)).toBe(false);
  });
});

describe('the checks section', () => {
  it('lists errors first, each with its level in words and its category', () => {
    const html = render(
      checksOf([warning('w1'), error('e1', { category: 'accessibility' }), warning('w2')]),
    );
    expect(html).toContain('1 error and 2 warnings.');
    expect(html).toContain(BLOCKING_SENTENCE);
    const order = ['Error e1.', 'Warning w1.', 'Warning w2.'].map((text) => html.indexOf(text));
    expect(order.every((at) => at >= 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(html).toMatch(/<span class="font-semibold">Error<\/span>.*Accessibility/);
    expect(html).toMatch(/<span class="font-semibold">Warning<\/span>.*Search/);
  });

  it('offers "Go to block" named after the block for a finding inside one', () => {
    const html = render(checksOf([error('e1', { blockId: 'b-hero', path: 'content.layout.0' })]));
    expect(html).toContain('aria-label="Go to block Opening hero"');
    expect(html).toContain('>Go to block</button>');
    expect(render(checksOf([error('e1')]))).not.toContain('Go to block');
  });

  it('says no problems and nothing about blocking when the copy is clean', () => {
    const html = render(checksOf([]));
    expect(html).toContain('No problems found.');
    expect(html).not.toContain(BLOCKING_SENTENCE);
    expect(html).not.toContain('data-testid="checks-list"');
  });

  it('does not say errors refuse anything when the settings only list them', () => {
    const html = render(checksOf([error('e1')], false));
    expect(html).not.toContain(BLOCKING_SENTENCE);
    expect(html).toContain('do not refuse submitting or publishing');
  });

  it('renders nothing without checks (an older server answer)', () => {
    expect(render(undefined)).toBe('');
  });
});
