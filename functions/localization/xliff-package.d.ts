// Types of the parts of the `xliff` package (a devDependency: the outside XLIFF parser and
// writer of functions/localization/xliff.test.ts) the tests use; it ships none.
declare module 'xliff/xliff2js' {
  /** An inline element as the package reads it: `<ph>` in XLIFF 2 is `{Standalone: {...}}`. */
  type XliffInline = string | Record<string, Record<string, string | undefined>>;
  export interface XliffJs {
    xliffVersion?: string;
    sourceLanguage: string;
    targetLanguage?: string;
    resources: Record<
      string,
      Record<string, { source: string | XliffInline[]; target?: string | XliffInline[] }>
    >;
  }
  export default function xliff2js(xliff: string): Promise<XliffJs>;
}

declare module 'xliff/js2xliff' {
  import type { XliffJs } from 'xliff/xliff2js';
  export default function js2xliff(
    js: XliffJs,
    options?: { targetXliffVersion?: '2.0' | '2.1' | '2.2'; indent?: string },
  ): Promise<string>;
}
