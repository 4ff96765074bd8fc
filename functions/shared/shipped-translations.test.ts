// The German copy of the landing template (content/translations/landing-template.de.json,
// functions/shared/shipped-translations.ts) against the template it translates: every unit's
// English source is the template's text at that id, now, so a template change that leaves the
// copy behind fails here; each text is translated, consistently, with its placeholders, and
// without a wording the claims library forbids (content/claims.json `variants`).
import { describe, expect, test } from 'vitest';
import claims from '../../content/claims.json' with { type: 'json' };
import { splitPlaceholders } from '../localization/placeholders.ts';
import { textsOf } from '../localization/source-diff.ts';
import { SHIPPED_TRANSLATIONS, shippedTranslation } from './shipped-translations.ts';
import { landingTemplate } from './template.ts';

const template = textsOf({
  title: 'PharmaBridge home',
  content: landingTemplate(),
});
const german = SHIPPED_TRANSLATIONS['de']!;
const placeholdersOf = (text: string) =>
  splitPlaceholders(text).flatMap((part) =>
    part.kind === 'text' ? [] : [part.placeholder.original],
  );

describe('the German copy of the landing template', () => {
  test('each unit is a template text, at its id, word for word', () => {
    const stale = german.filter((unit) => template[unit.id] !== unit.source);
    expect(stale.map((unit) => unit.id)).toEqual([]);
  });

  test('every template text is translated but names that stay as they are', () => {
    const covered = new Set(german.map((unit) => unit.id));
    const missing = Object.keys(template).filter((id) => !covered.has(id));
    // The brand and the plan names are the same word in German.
    expect(missing.map((id) => `${id}: ${template[id]}`)).toEqual([
      'brand.name: PharmaBridge',
      'pricing.plans.0.name: Starter',
      'pricing.plans.1.name: Professional',
      'pricing.plans.2.name: Enterprise',
    ]);
    for (const unit of german) expect(unit.target.trim(), unit.id).not.toBe(unit.source.trim());
  });

  test('one source, one translation; placeholders come back unchanged', () => {
    const bySource = new Map<string, string>();
    for (const unit of german) {
      const earlier = bySource.get(unit.source);
      if (earlier !== undefined) expect(unit.target, unit.id).toBe(earlier);
      bySource.set(unit.source, unit.target);
      expect(placeholdersOf(unit.target), unit.id).toEqual(placeholdersOf(unit.source));
    }
  });

  test('no wording the claims library forbids', () => {
    const forbidden = claims.variants.map(
      (variant) => new RegExp(variant.pattern, `${variant.flags}u`),
    );
    const found = german.flatMap((unit) =>
      forbidden.flatMap((regex) =>
        regex.test(unit.target) ? [`${unit.id}: ${regex.source}`] : [],
      ),
    );
    expect(found).toEqual([]);
  });

  test('the lookup: by the English text, in German locales only', () => {
    expect(shippedTranslation('de-DE', 'Request Demo')).toBe('Demo anfragen');
    expect(shippedTranslation('de-AT', 'Frequently Asked Questions')).toBe('Häufige Fragen');
    expect(shippedTranslation('de-DE', 'Request a demo')).toBeUndefined();
    expect(shippedTranslation('en-GB', 'Request Demo')).toBeUndefined();
  });
});
