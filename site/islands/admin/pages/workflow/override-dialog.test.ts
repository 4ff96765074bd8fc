// Publishing over the checks' errors (override-dialog.tsx): the reason must say why in 10 to
// 500 characters (functions/shared/page-checks.ts), counted without surrounding spaces.
import { describe, expect, it } from 'vitest';
import { overrideChecksSchema } from '../../../../../functions/shared/page-checks.ts';
import { fieldSentence } from '../../ui.tsx';
import { reasonProblem } from './override-dialog.tsx';

describe('the reason for publishing over errors', () => {
  it('is 10 to 500 characters, as the server requires', () => {
    for (const reason of ['', '   short  ', 'x'.repeat(501), 'x'.repeat(10), 'y'.repeat(500)]) {
      expect(reasonProblem(reason) === undefined).toBe(
        overrideChecksSchema.safeParse({ reason }).success,
      );
    }
  });

  it('is named in a sentence under the field', () => {
    expect(fieldSentence(reasonProblem('too short')!, 'Why publish with these errors?')).toBe(
      'Say why in at least 10 characters (9 so far).',
    );
  });
});
