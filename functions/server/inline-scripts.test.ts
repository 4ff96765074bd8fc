// The build's inline-script check finds scripts as a browser does (issue 21, item 4):
// markup-looking text in attributes, titles, text areas and comments is not a script.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes, inlineScripts } from './inline-scripts.ts';

const hashOf = (text: string) => `sha256-${createHash('sha256').update(text).digest('base64')}`;

describe('inlineScripts', () => {
  it('takes no attribute value for a script, even one holding ">" before "<script>"', () => {
    const html =
      '<!doctype html><html><head>' +
      '<meta name="description" content="Fast > slow <script>alert(1)</script>">' +
      '<meta property="og:title" content=\'<script>alert(2)</script>\'>' +
      '<title><script>alert(3)</script></title></head><body>' +
      '<p title="a > b <script>alert(4)</script>">x</p>' +
      '<textarea><script>alert(5)</script></textarea>' +
      '<!-- <script>alert(6)</script> -->' +
      '<noscript><script>alert(7)</script></noscript>' +
      '</body></html>';
    expect(inlineScripts(html)).toEqual([]);
  });

  it('finds real scripts, with their text as the browser hashes it', () => {
    const html =
      '<head><script>a("</div>")</script><script type="module">b()</script></head>' +
      '<body><svg><script>c()</script></svg><template><script>d()</script></template>' +
      // The input stream turns CR LF into LF before anything is parsed.
      '<script>e()\r\nf()</script></body>';
    expect(inlineScripts(html).map((script) => script.text)).toEqual([
      'a("</div>")',
      'b()',
      'c()',
      'd()',
      'e()\nf()',
    ]);
    expect(inlineScriptHashes('<script>alert(1)</script>')).toEqual([
      'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI=',
    ]);
  });

  it('counts the types a browser runs and skips data blocks and external files', () => {
    const html = [
      '<script src="/a.js"></script>',
      '<script type="application/ld+json">{"a":"<\\/script>"}</script>',
      '<script type="text/javascript; charset=utf-8">data()</script>',
      '<script type="text/x-template">tpl()</script>',
      '<script type="">empty()</script>',
      '<script type=" TEXT/ECMAScript ">ecma()</script>',
      '<script language="JavaScript1.2">legacy()</script>',
      '<script type="importmap">{"imports":{}}</script>',
    ].join('');
    expect(inlineScriptHashes(html)).toEqual(
      ['empty()', 'ecma()', 'legacy()', '{"imports":{}}'].map(hashOf),
    );
  });
});
