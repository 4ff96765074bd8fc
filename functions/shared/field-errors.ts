// API field errors from zod issues: `{ "content.hero.headline": ["must be at most 200
// characters"] }`. Shared, so the API's 400 answers and the admin's own checks of a form
// (site/islands/admin) word a field's problem the same way.
import type * as z from 'zod';
import type { FieldErrors } from './error-envelope.ts';

/** Turns zod issues into `{ "content.hero.headline": ["must be at most 200 characters"] }`. */
export function fieldErrors(
  issues: readonly z.core.$ZodIssue[],
  prefix: readonly PropertyKey[] = [],
): FieldErrors {
  // A Map, not a plain object: a field named `constructor`, `__proto__` or `toString`
  // would otherwise hit Object.prototype's member and throw (a 500 instead of a 400).
  const fields = new Map<string, string[]>();
  const add = (path: readonly PropertyKey[], problem: string) => {
    const key = [...prefix, ...path].map(String).join('.') || '(body)';
    const problems = fields.get(key);
    if (problems) problems.push(problem);
    else fields.set(key, [problem]);
  };
  for (const issue of issues) {
    // Name each unknown key as its own field so the editor can point at it.
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) add([...issue.path, key], 'is not a known field');
    } else {
      add(issue.path, describeIssue(issue));
    }
  }
  // fromEntries defines own properties, so even `__proto__` stays an ordinary key.
  return Object.fromEntries(fields);
}

function describeIssue(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      // zod 4 leaves `input` out of issues unless asked; its message still says what came.
      return issue.input === undefined && /received undefined/.test(issue.message)
        ? 'is required'
        : issue.expected === 'int'
          ? 'must be a whole number'
          : `must be ${article(issue.expected)}`;
    case 'invalid_value':
      return `must be one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
    default:
      return issue.message;
  }
}

function article(type: string): string {
  if (type === 'array' || type === 'object' || type === 'integer') return `an ${type}`;
  return `a ${type}`;
}
