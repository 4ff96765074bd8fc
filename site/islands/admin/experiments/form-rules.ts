// The New experiment and Edit settings form's rules (experiment-dialog.tsx): default variant
// names and equal shares, the live total of the shares, and the API's field errors
// (functions/shared/experiments.ts paths such as `variants.1.weight`) sorted to the
// field they belong to.
import {
  MAX_VARIANTS,
  MIN_VARIANTS,
  VARIANT_IDS,
} from '../../../../functions/shared/experiments.ts';
import type { FieldErrors } from '../api.ts';

export { MAX_VARIANTS, MIN_VARIANTS };

/** A variant as the form holds it: the share as typed. */
export interface VariantRow {
  name: string;
  weight: string;
}

/** "Control", then "B", "C", "D" (the variants' ids, upper case). */
export function defaultVariantName(index: number): string {
  return index === 0 ? 'Control' : (VARIANT_IDS[index] ?? String(index + 1)).toUpperCase();
}

/**
 * Whole-percent shares that add up to 100, as even as can be; the first variants take the
 * remainder: 2 → 50/50, 3 → 34/33/33, 4 → 25 each.
 */
export function equalShares(count: number): number[] {
  if (count < 1) return [];
  const base = Math.floor(100 / count);
  const extra = 100 - base * count;
  return Array.from({ length: count }, (_, index) => base + (index < extra ? 1 : 0));
}

/** `count` variants with default names and equal shares. */
export function defaultRows(count: number = MIN_VARIANTS): VariantRow[] {
  return equalShares(count).map((weight, index) => ({
    name: defaultVariantName(index),
    weight: String(weight),
  }));
}

/** The shares with even weights again (names kept). */
export function evenlySplit(rows: readonly VariantRow[]): VariantRow[] {
  const shares = equalShares(rows.length);
  return rows.map((row, index) => ({ ...row, weight: String(shares[index]) }));
}

/** One more variant (at most MAX_VARIANTS), named by default; the shares split evenly. */
export function addRow(rows: readonly VariantRow[]): VariantRow[] {
  if (rows.length >= MAX_VARIANTS) return [...rows];
  return evenlySplit([...rows, { name: defaultVariantName(rows.length), weight: '' }]);
}

/** Without the variant at `index` (never the control, never below MIN_VARIANTS); even shares. */
export function removeRow(rows: readonly VariantRow[], index: number): VariantRow[] {
  if (index === 0 || rows.length <= MIN_VARIANTS) return [...rows];
  return evenlySplit(rows.filter((_, at) => at !== index));
}

/** A share as typed, as a number (NaN when it is not a whole number). */
export function shareOf(weight: string): number {
  const text = weight.trim();
  return /^\d{1,3}$/.test(text) ? Number(text) : Number.NaN;
}

/** The shares' total, or undefined while one of them is not a whole number. */
export function sharesTotal(rows: readonly VariantRow[]): number | undefined {
  const shares = rows.map((row) => shareOf(row.weight));
  return shares.some(Number.isNaN) ? undefined : shares.reduce((sum, share) => sum + share, 0);
}

/** What the live total says: nothing when the shares add up to 100. */
export function totalProblem(rows: readonly VariantRow[]): string | undefined {
  const total = sharesTotal(rows);
  if (total === 100) return undefined;
  if (total === undefined) return 'Shares must add up to 100%: each is a whole number of percent.';
  return `Shares must add up to 100% (now ${total}%).`;
}

export interface SortedErrors {
  /** name, hypothesis, goal, minDays, minVisitors */
  fields: FieldErrors;
  /** About the variants together (their number, the total of their shares). */
  variants: string[];
  /** Per variant: its name's and its share's errors, and any other of its own. */
  rows: { name?: string[]; weight?: string[]; other?: string[] }[];
  /** Anything the form has no field for, as "path: problem". */
  other: string[];
}

const FORM_FIELDS = ['locale', 'name', 'hypothesis', 'goal', 'minDays', 'minVisitors'];

/** The API's (or the form's own schema check's) field errors, sorted to the form's fields. */
export function sortErrors(errors: FieldErrors, count: number): SortedErrors {
  const sorted: SortedErrors = {
    fields: {},
    variants: [],
    rows: Array.from({ length: count }, () => ({})),
    other: [],
  };
  for (const [path, problems] of Object.entries(errors)) {
    if (FORM_FIELDS.includes(path)) {
      sorted.fields[path] = [...(sorted.fields[path] ?? []), ...problems];
      continue;
    }
    if (path === 'variants') {
      sorted.variants.push(...problems);
      continue;
    }
    const match = /^variants\.(\d+)(?:\.(.+))?$/.exec(path);
    const row = match ? sorted.rows[Number(match[1])] : undefined;
    if (match && row) {
      const field = match[2];
      if (field === 'name' || field === 'weight') row[field] = [...(row[field] ?? []), ...problems];
      else {
        row.other = [
          ...(row.other ?? []),
          ...problems.map((problem) => (field ? `${field} ${problem}` : problem)),
        ];
      }
      continue;
    }
    sorted.other.push(...problems.map((problem) => `${path} ${problem}`));
  }
  return sorted;
}
