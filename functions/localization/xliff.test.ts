// XLIFF 2.1 export and import (xliff.ts), checked against an outside XLIFF parser and writer
// (the `xliff` package) and refusing, with the unit named, what does not fit the page's source.
import { describe, expect, test } from 'vitest';
import xliff2js from 'xliff/xliff2js';
import js2xliff from 'xliff/js2xliff';
import { BUILT_IN_TEMPLATES } from '../shared/page-templates.ts';
import { landingTemplate } from '../shared/template.ts';
import { translatableUnits } from './units.ts';
import { applyTexts, type PageTexts } from '../shared/page-texts.ts';
import { exportXliff, importXliff, XliffImportError, XLIFF_MAX_BYTES } from './xliff.ts';

const NOW = new Date('2026-12-01T10:00:00Z');
const PAGE_ID = 'webinar-2027';
const LANGS = { srcLang: 'en-US', trgLang: 'de-DE' };

/** The webinar template with placeholders and characters XML must escape. */
function sourcePage(): PageTexts {
  const content = BUILT_IN_TEMPLATES.find((template) => template.id === 'webinar')!.content(NOW);
  content.hero.headline = 'Clean data for {{param:utm_term|supplier teams}} & <partners>';
  content.hero.subheadline = 'We are {{claim:fewer-errors}}, say "customers" and \'analysts\'.';
  content.seo = { title: 'Supplier data webinar', description: 'One hour, live.' };
  const layout = content.layout!;
  const richText = layout.findIndex((block) => block.type === 'richText');
  layout[richText] = {
    ...layout[richText]!,
    type: 'richText',
    markdown:
      '## What you will learn\n\n- How to [validate files](/product/validation) at upload\n- **Why** tokens matter: {{claim:fewer-errors}}',
  };
  return { title: 'Webinar: supplier data', content };
}

const RICH_TEXT = sourcePage().content.layout!.findIndex((block) => block.type === 'richText');
const MARKDOWN_ID = `layout.${RICH_TEXT}.markdown`;

/** A "German" translation of a text: hand-written for some units, marked for the others. */
const GERMAN: Record<string, string> = {
  title: 'Webinar: Lieferantendaten',
  'hero.headline': 'Saubere Daten für {{param:utm_term|supplier teams}} & <Partner>',
  'hero.subheadline': "Wir sind {{claim:fewer-errors}}, sagen „Kunden“ und 'Analysten'.",
  [MARKDOWN_ID]:
    '## Was Sie lernen\n\n- Wie Sie [Dateien beim Hochladen prüfen](/product/validation)\n- **Warum** Tokens zählen: {{claim:fewer-errors}}',
};
const german = (id: string, text: string) => GERMAN[id] ?? `DE ${text} – übersetzt`;

function germanPage(source: PageTexts): PageTexts {
  return applyTexts(
    source,
    Object.fromEntries(translatableUnits(source).map(({ id, text }) => [id, german(id, text)])),
  );
}

const exportOf = (source: PageTexts, target?: PageTexts) =>
  exportXliff({ pageId: PAGE_ID, title: source.title, ...LANGS, source, target });
const importOf = (document: string, source: PageTexts, target?: PageTexts) =>
  importXliff(document, { pageId: PAGE_ID, ...LANGS, source, target });

/** The refusal of a document, its message and unit. */
function refusal(run: () => unknown): XliffImportError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(XliffImportError);
    return error as XliffImportError;
  }
  throw new Error('the document was accepted');
}

describe('export', () => {
  test('parses with an outside XLIFF parser: 2.1, the languages, every unit, <ph> codes', async () => {
    const source = sourcePage();
    const document = exportOf(source);
    const parsed = await xliff2js(document);
    expect(parsed.xliffVersion).toBe('2.1');
    expect(parsed.sourceLanguage).toBe('en-US');
    expect(parsed.targetLanguage).toBe('de-DE');
    const units = parsed.resources[PAGE_ID]!;
    const expected = translatableUnits(source);
    expect(Object.keys(units)).toEqual(expected.map((unit) => unit.id));
    expect(units['hero.headline']!.source).toEqual([
      'Clean data for ',
      {
        Standalone: {
          id: '1',
          dataRef: 'd1',
          equiv: '{{param:utm_term|supplier teams}}',
          disp: 'utm_term: supplier teams',
        },
      },
      ' & <partners>',
    ]);
    expect(units[MARKDOWN_ID]!.source).toEqual([
      '## What you will learn\n\n- How to ',
      { Standalone: { id: '1', dataRef: 'd1', equiv: '[', disp: 'link start' } },
      'validate files',
      {
        Standalone: {
          id: '2',
          dataRef: 'd2',
          equiv: '](/product/validation)',
          disp: 'link to /product/validation',
        },
      },
      ' at upload\n- **Why** tokens matter: ',
      {
        Standalone: {
          id: '3',
          dataRef: 'd3',
          equiv: '{{claim:fewer-errors}}',
          disp: 'claim fewer-errors',
        },
      },
    ]);
    // Plain units read back as their text; no target while the locale has none.
    expect(units['seo.title']).toEqual({ source: 'Supplier data webinar' });
    expect(units['hero.subheadline']!.source).toContain(', say "customers" and \'analysts\'.');
  });

  test('escapes markup characters and quotes, keeps umlauts as they are', () => {
    const source = sourcePage();
    const document = exportOf(source, germanPage(source));
    expect(document).toContain(
      '<source>Clean data for <ph id="1" dataRef="d1" equiv="{{param:utm_term|supplier teams}}" disp="utm_term: supplier teams"/> &amp; &lt;partners&gt;</source>',
    );
    expect(document).toContain('Saubere Daten für <ph id="1"');
    expect(document).toContain('sagen „Kunden“');
    expect(document).not.toMatch(/&(?!amp;|lt;|gt;|quot;|#\d+;)/);
    expect(document).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.1" srcLang="en-US" trgLang="de-DE">/,
    );
  });

  test('characters XML cannot hold travel as <cp>, a carriage return as a reference', () => {
    const source = sourcePage();
    source.title = 'Bell\u0007 and return\r\nend';
    const target = { ...germanPage(source), title: 'Glocke\u0007 und\r\nEnde' };
    const document = exportOf(source, target);
    expect(document).toContain('<source>Bell<cp hex="0007"/> and return&#13;\nend</source>');
    expect(importOf(document, source).texts.title).toBe('Glocke\u0007 und\r\nEnde');
    // The file's note is text only: the character is replaced there.
    expect(document).toContain('<note category="title">Bell\uFFFD and return&#13;\nend</note>');
  });

  test('a target still equal to its source, or with other placeholders, is left out', () => {
    const source = sourcePage();
    const target = germanPage(source);
    target.content.hero.highlight = source.content.hero.highlight;
    target.content.hero.headline = 'Saubere Daten für alle';
    const units = translatableUnits(source).length;
    const document = exportOf(source, target);
    expect(document.match(/<target>/g)).toHaveLength(units - 2);
    expect(document).toMatch(
      /<unit id="hero.highlight">\s*<segment>\s*<source>[^<]*<\/source>\s*<\/segment>/,
    );
  });
});

describe('round trip', () => {
  test('export, translate with an outside writer, import, apply, export again', async () => {
    const source = sourcePage();
    const parsed = await xliff2js(exportOf(source));
    // The vendor: every unit's target is its source with the words translated, codes kept.
    for (const [id, unit] of Object.entries(parsed.resources[PAGE_ID]!)) {
      const text = translatableUnits(source).find((entry) => entry.id === id)!.text;
      const translated = german(id, text);
      const codes = Array.isArray(unit.source)
        ? unit.source.filter((part) => typeof part !== 'string')
        : [];
      // Rebuild the target as parts: the translated words around the source's codes, in order.
      const parts: (string | (typeof codes)[number])[] = [];
      let rest = translated;
      for (const code of codes) {
        const equiv = String(Object.values(code)[0]!.equiv);
        const at = rest.indexOf(equiv);
        if (at > 0) parts.push(rest.slice(0, at));
        parts.push(code);
        rest = rest.slice(at + equiv.length);
      }
      if (rest) parts.push(rest);
      unit.target = parts.length === 1 && typeof parts[0] === 'string' ? parts[0] : parts;
    }
    const document = await js2xliff(parsed, { targetXliffVersion: '2.1', indent: '' });
    expect(document).toContain('version="2.1"');

    const result = importOf(document, source);
    expect(result.units).toBe(translatableUnits(source).length);
    const expected = germanPage(source);
    expect(result.texts).toEqual(expected);
    // Only texts changed: addresses, images, ids and dates are the source's.
    expect(result.texts.content.hero.heroImage).toBe(source.content.hero.heroImage);
    expect(result.texts.content.layout!.map((block) => block.id)).toEqual(
      source.content.layout!.map((block) => block.id),
    );
    // Exported again with the imported translations: the document a vendor gets next time.
    expect(exportOf(source, result.texts)).toBe(exportOf(source, expected));
    expect(exportOf(source, result.texts).match(/<target>/g)).toHaveLength(result.units);
  });

  test('our own document with targets imports to the same texts', () => {
    const source = sourcePage();
    const target = germanPage(source);
    const document = exportOf(source, target);
    const result = importOf(document, source);
    expect(result.texts).toEqual(target);
    expect(importOf(exportOf(source, result.texts), source).texts).toEqual(target);
  });

  test('units without a target keep the locale’s current text, or the source’s', () => {
    const source = sourcePage();
    const current = germanPage(source);
    const document = exportOf(source).replace(
      /(<unit id="hero.headline">[\s\S]*?<\/source>)/,
      '$1<target>Neu für <ph id="1"/> &amp; &lt;Partner&gt;</target>',
    );
    const result = importOf(document, source, current);
    expect(result.units).toBe(1);
    expect(result.texts.content.hero.headline).toBe(
      'Neu für {{param:utm_term|supplier teams}} & <Partner>',
    );
    expect(result.texts.content.hero.subheadline).toBe(current.content.hero.subheadline);
    // Without a current version: the source's text.
    expect(importOf(document, source).texts.content.hero.subheadline).toBe(
      source.content.hero.subheadline,
    );
  });

  test('segments split by a tool, an <mrk> annotation and CDATA are read', () => {
    const source: PageTexts = { title: 'Ein Titel', content: landingTemplate() };
    source.title = 'Page title. Second sentence.';
    const document = exportOf(source).replace(
      '<unit id="title">\n      <segment>\n        <source>Page title. Second sentence.</source>\n      </segment>',
      '<unit id="title"><segment><source>Page title.</source><target>Seitentitel.</target></segment><ignorable><source> </source></ignorable><segment><source><![CDATA[Second]]> sentence.</source><target><mrk id="m1" type="term">Zweiter</mrk> Satz.</target></segment>',
    );
    expect(importOf(document, source).texts.title).toBe('Seitentitel. Zweiter Satz.');
  });
});

describe('refusals', () => {
  const source = sourcePage();
  const document = exportOf(source, germanPage(source));
  const headline = (target: string) =>
    document.replace(
      /(<unit id="hero.headline">[\s\S]*?<target>)[\s\S]*?(<\/target>)/,
      `$1${target}$2`,
    );

  test.each([
    ['not XML', 'this is not XML', /not well-formed XML/],
    ['unclosed element', document.replace('</xliff>', ''), /not well-formed XML/],
    ['not XLIFF', '<html><body/></html>', /root element must be <xliff>/],
    [
      'XLIFF 1.2',
      document.replace('version="2.1"', 'version="1.2"'),
      /not XLIFF 2 \(version 1.2\)/,
    ],
    ['another namespace', document.replace('document:2.0', 'document:1.2'), /not XLIFF 2/],
    [
      'source language',
      document.replace('srcLang="en-US"', 'srcLang="fr-FR"'),
      /source language is fr-FR, not en-US/,
    ],
    [
      'target language',
      document.replace('trgLang="de-DE"', 'trgLang="fr-FR"'),
      /target language is fr-FR, not de-DE/,
    ],
    [
      'another page',
      document.replace(`<file id="${PAGE_ID}"`, '<file id="other"'),
      /for page "other", not "webinar-2027"/,
    ],
    ['empty', '  ', /empty/],
  ])('a malformed document: %s', (_name, text, message) => {
    const error = refusal(() => importOf(text, source));
    expect(error.message).toMatch(message);
    expect(error.unit).toBeUndefined();
  });

  test('a DOCTYPE or entity declaration (XXE)', () => {
    for (const text of [
      document.replace(
        '<xliff ',
        '<!DOCTYPE xliff [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n<xliff ',
      ),
      document.replace('<xliff ', '<!doctype xliff>\n<xliff '),
    ]) {
      expect(refusal(() => importOf(text, source)).message).toMatch(/DOCTYPE or entities/);
    }
    const entity = refusal(() => importOf(headline('&nbsp;Hallo <ph id="1"/>'), source));
    expect(entity.message).toMatch(/entity "&nbsp;"/);
    expect(entity.unit).toBe('hero.headline');
  });

  test('a document over the size limit', () => {
    const big = document.replace('</xliff>', `<!--${'x'.repeat(XLIFF_MAX_BYTES)}--></xliff>`);
    expect(refusal(() => importOf(big, source)).message).toMatch(/at most 2 MB/);
  });

  test('an unknown unit', () => {
    const error = refusal(() =>
      importOf(
        document.replace(
          '</file>',
          '<unit id="hero.slogan"><segment><source>x</source></segment></unit></file>',
        ),
        source,
      ),
    );
    expect(error.unit).toBe('hero.slogan');
    expect(error.message).toBe(
      'Unit "hero.slogan" is not a translatable text of this page: export a new document.',
    );
  });

  test('a missing unit and a unit twice', () => {
    const missing = refusal(() =>
      importOf(document.replace(/<unit id="seo.title">[\s\S]*?<\/unit>/, ''), source),
    );
    expect(missing.unit).toBe('seo.title');
    expect(missing.message).toMatch(/Unit "seo.title" of the page's source is missing/);
    const twice = document.match(/<unit id="seo.title">[\s\S]*?<\/unit>/)![0];
    expect(
      refusal(() => importOf(document.replace('</file>', `${twice}</file>`), source)).message,
    ).toBe('Unit "seo.title" is in the document twice.');
  });

  test('a changed source text', () => {
    const changed = sourcePage();
    changed.content.seo!.title = 'Supplier data webinar, live';
    const error = refusal(() => importOf(document, changed));
    expect(error.unit).toBe('seo.title');
    expect(error.message).toBe(
      'Unit "seo.title": its source text is no longer the page\'s (now “Supplier data webinar, live”): export a new document and translate the change.',
    );
    // A link target changed in the source is a changed source too.
    const moved = sourcePage();
    const block = moved.content.layout![RICH_TEXT] as { markdown: string };
    block.markdown = block.markdown.replace('/product/validation', '/product/checks');
    expect(refusal(() => importOf(document, moved)).unit).toBe(MARKDOWN_ID);
  });

  test.each([
    [
      'missing',
      'Saubere Daten &amp; &lt;Partner&gt;',
      /lacks the placeholder 1 \(\{\{param:utm_term\|supplier teams\}\}\)/,
    ],
    ['twice', '<ph id="1"/> und <ph id="1"/>', /has the placeholder 1 .* twice/],
    [
      'altered equiv',
      'Daten für <ph id="1" equiv="{{param:utm_term|Lieferanten}}"/>',
      /changes the placeholder 1 from \{\{param:utm_term\|supplier teams\}\} to \{\{param:utm_term\|Lieferanten\}\}/,
    ],
    [
      'another dataRef',
      'Daten für <ph id="1" dataRef="d9"/>',
      /refers to data "d9" instead of "d1"/,
    ],
    [
      'an id not in the source',
      'Daten für <ph id="1"/> <ph id="2" equiv="x"/>',
      /placeholder <ph id="2"> that its source does not have/,
    ],
    [
      'a token typed as text',
      'Daten für <ph id="1"/> {{param:role|Sie}}',
      /writes a placeholder .* as text/,
    ],
    [
      'a link typed as text',
      'Daten für <ph id="1"/> [hier](https://evil.example)',
      /writes a placeholder .* as text/,
    ],
    [
      'a paired code',
      'Daten für <ph id="1"/> <pc id="9">fett</pc>',
      /inline element <pc> this profile does not use/,
    ],
  ])('a placeholder that does not come back unchanged: %s', (_name, target, message) => {
    const error = refusal(() => importOf(headline(target), source));
    expect(error.unit).toBe('hero.headline');
    expect(error.message).toMatch(/^Unit "hero.headline"/);
    expect(error.message).toMatch(message);
  });

  test('a link whose end comes before its start', () => {
    const swapped = document.replace(
      /(<unit id="layout\.\d+\.markdown">[\s\S]*?<target>[^<]*)<ph id="1"([^>]*)\/>([^<]*)<ph id="2"([^>]*)\/>/,
      '$1<ph id="2"$4/>$3<ph id="1"$2/>',
    );
    expect(swapped).not.toBe(document);
    const error = refusal(() => importOf(swapped, source));
    expect(error.unit).toBe(MARKDOWN_ID);
    expect(error.message).toMatch(/puts the end of a link \(placeholder 2\) before its start/);
  });
});
