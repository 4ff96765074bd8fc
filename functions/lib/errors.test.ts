import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { fieldErrors, validationError } from './errors.ts';

describe('field errors', () => {
  const schema = z.strictObject({
    title: z.string(),
    count: z.number(),
    nested: z.strictObject({ kind: z.enum(['a', 'b']) }),
  });

  it('tells a missing field from a wrongly typed one and names unknown keys one by one', () => {
    const result = schema.safeParse({ title: 5, nested: { kind: 'c', extra: 1, other: 2 } });
    expect(result.success).toBe(false);
    expect(fieldErrors(result.error!.issues)).toEqual({
      title: ['must be a string'],
      count: ['is required'],
      'nested.kind': ['must be one of "a", "b"'],
      'nested.extra': ['is not a known field'],
      'nested.other': ['is not a known field'],
    });
  });

  it('summarises one field by name and several by count', () => {
    const one = schema.safeParse({ title: 'x', count: 1, nested: { kind: 'z' } });
    expect(validationError(one.error!.issues).message).toBe(
      'Invalid request: nested.kind must be one of "a", "b"',
    );
    const many = schema.safeParse({});
    const error = validationError(many.error!.issues, ['body']);
    expect(error.status).toBe(400);
    expect(error.message).toBe('Invalid request: 3 fields are invalid');
    expect(Object.keys(error.fields!)).toEqual(['body.title', 'body.count', 'body.nested']);
  });
});
