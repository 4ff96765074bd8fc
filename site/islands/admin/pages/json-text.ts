// The editor's JSON text: parsed with the place of a syntax error (line and column, for
// docs/requirements.md's 'Invalid JSON content' message), and printed with the content schema's key
// order so the JSON tab reads like the structured editor, whatever order the store kept.
import { landingContentSchema } from '../../../../functions/shared/landing-content.ts';

export type ParsedJson =
  { ok: true; value: unknown } | { ok: false; message: string; line: number; column: number };

/** Line and column (1-based) of a character offset in `text`. */
export function positionOf(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, Math.max(0, Math.min(offset, text.length)));
  const lines = before.split('\n');
  return { line: lines.length, column: (lines.at(-1)?.length ?? 0) + 1 };
}

export function parseJsonText(text: string): ParsedJson {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    const raw = error instanceof Error ? error.message : String(error);
    // V8: "... in JSON at position 13 (line 3 column 3)"; other engines word it differently,
    // and a text that ends too early has no position: the problem is at its end.
    const position = /position (\d+)/.exec(raw);
    const offset = position ? Number(position[1]) : text.length;
    const message = raw
      .replace(/\s*\(line \d+ column \d+\)/, '')
      .replace(/ in JSON at position \d+/, '')
      .replace(/^JSON\.parse: /, '');
    return { ok: false, message, ...positionOf(text, offset) };
  }
}

/** Pretty JSON in the schema's key order (unknown keys keep theirs, after the known). */
export function prettyContent(content: unknown): string {
  const parsed = landingContentSchema.safeParse(content);
  return JSON.stringify(parsed.success ? parsed.data : content, null, 2);
}
