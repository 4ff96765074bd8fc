// The translator view's model (translation.ts) held to functions/localization: placeholders
// must come back exactly; units group per block.
import { describe, expect, test } from 'vitest';
import { BUILT_IN_TEMPLATES } from '../../../../../functions/shared/page-templates.ts';
// The server's own definitions, to hold the admin's copy to them (the layering rule lets tests
// import what they need; the views rule has no such exception).
/* eslint-disable admin/view-imports */
import { translatableUnits } from '../../../../../functions/localization/units.ts';
import { splitPlaceholders } from '../../../../../functions/localization/placeholders.ts';
/* eslint-enable admin/view-imports */
import {
  draftTexts,
  fieldLabel,
  groupUnits,
  placeholderProblem,
  suggestedTargets,
  type TextPart,
  type XliffUnit,
} from './translation.ts';
import { localeBadgeText } from './locale-badges.tsx';

const NOW = new Date('2026-12-06T09:00:00Z');

/** A unit as the XLIFF export gives it (its placeholders as the server splits them). */
function unitOf(id: string, text: string, target: string | null = null): XliffUnit {
  const source: TextPart[] = splitPlaceholders(text).map((part) =>
    part.kind === 'text'
      ? part
      : {
          kind: 'placeholder',
          placeholder: { original: part.placeholder.original, display: part.placeholder.display },
        },
  );
  return { id, source, sourceText: text, target };
}

describe('draftTexts', () => {
  test('an empty target keeps the English text and is counted as untranslated', () => {
    const template = BUILT_IN_TEMPLATES[0]!;
    const page = { title: template.name, content: template.content(NOW) };
    const units = translatableUnits(page).map((unit) => unitOf(unit.id, unit.text));
    const draft = draftTexts(page, units, new Map([['title', 'Titel']]));
    expect(draft.title).toBe('Titel');
    expect(draft.content).toEqual(page.content);
    expect(draft.untranslated).toBe(units.length - 1);
  });

  test('a target from the export is kept when not edited', () => {
    const template = BUILT_IN_TEMPLATES[0]!;
    const page = { title: template.name, content: template.content(NOW) };
    const units = [unitOf('title', page.title, 'Vorhandener Titel')];
    expect(draftTexts(page, units, new Map()).title).toBe('Vorhandener Titel');
  });
});

describe('placeholderProblem', () => {
  const unit = unitOf(
    'layout.2.markdown',
    'Hello {{param:company|there}}, see {{claim:efficacy-1}} and [the pilot](/pilot).',
  );

  test('the same placeholders, in any order, pass', () => {
    expect(
      placeholderProblem(
        unit,
        'Siehe [den Pilot](/pilot) und {{claim:efficacy-1}}, hallo {{param:company|there}}.',
      ),
    ).toBeUndefined();
  });

  test('a changed or missing placeholder is named', () => {
    expect(
      placeholderProblem(unit, 'Hallo {{param:firma|there}}, {{claim:efficacy-1}} [x](/pilot).'),
    ).toBe(
      'Keep “{{param:company|there}}” exactly as the English text has it, and remove “{{param:firma|there}}”.',
    );
    expect(placeholderProblem(unit, 'Hallo {{param:company|there}}, [x](/pilot).')).toBe(
      'Keep “{{claim:efficacy-1}}” exactly as the English text has it.',
    );
  });

  test('a link target changed is named; a token added is refused', () => {
    expect(
      placeholderProblem(
        unit,
        'Hallo {{param:company|there}}, {{claim:efficacy-1}} [x](/pilot-de).',
      ),
    ).toMatch(/^Keep “\]\(\/pilot\)” .* remove “\]\(\/pilot-de\)”\.$/);
    expect(placeholderProblem(unitOf('title', 'Plain'), 'Schlicht {{claim:x}}')).toBe(
      'Remove “{{claim:x}}”: the English text does not have it.',
    );
  });
});

describe('grouping and labels', () => {
  test('units group per block, named by the block type', () => {
    const template = BUILT_IN_TEMPLATES[0]!;
    const page = { title: template.name, content: template.content(NOW) };
    const units = translatableUnits(page).map((unit) => unitOf(unit.id, unit.text));
    const groups = groupUnits(page.content, units);
    expect(groups[0]).toMatchObject({ key: 'title', label: 'Page' });
    expect(groups.flatMap((group) => group.units)).toEqual(units);
    const keys = groups.map((group) => group.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(fieldLabel('layout.2.items.0.question')).toBe('items · 1 · question');
    expect(fieldLabel('title')).toBe('Title');
  });

  test('a page card badge says what the locale has', () => {
    expect(localeBadgeText({ live: true, state: null, sourceChanged: false })).toBe('live');
    expect(localeBadgeText({ live: true, state: 'draft', sourceChanged: true })).toBe(
      'live, draft',
    );
    expect(localeBadgeText({ live: false, state: 'in_review', sourceChanged: false })).toBe(
      'in review',
    );
    expect(localeBadgeText({ live: false, state: null, sourceChanged: true })).toBeUndefined();
  });
});

describe('suggestedTargets', () => {
  test('untranslated template texts get the shipped German, in German locales only', () => {
    const units = [
      unitOf('hero.primaryCTA', 'Request Demo'),
      unitOf('faq.headline', 'Frequently Asked Questions', 'Fragen und Antworten'),
      unitOf('hero.headline', 'Our own headline'),
    ];
    // A text already translated keeps its translation; a text not the template's gets none.
    expect([...suggestedTargets(units, 'de-DE')]).toEqual([['hero.primaryCTA', 'Demo anfragen']]);
    expect(suggestedTargets(units, 'en-GB').size).toBe(0);
  });
});
