// Reads the content schema's structure and editor metadata (`.meta()` in
// functions/shared/landing-content.ts): what kind of field each path is, its label and
// help text, its limits. The structured editor is generated from this, and the versions
// diff uses it for labels and a stable key order.
import * as z from 'zod';
import {
  landingContentSchema,
  type FieldWidget,
  type SectionPlacement,
} from './landing-content.ts';

export type FieldKind =
  | 'text'
  | 'multiline'
  | 'image'
  | 'asset'
  | 'form'
  | 'icon'
  | 'lines'
  | 'boolean'
  | 'enum'
  | 'object'
  | 'list'
  | 'record';

export interface FieldInfo {
  kind: FieldKind;
  /** The schema without its optional/default wrappers. */
  schema: z.ZodType;
  optional: boolean;
  title: string | undefined;
  description: string | undefined;
  placement: SectionPlacement | undefined;
  itemLabel: string | undefined;
  itemTitleKey: string | undefined;
  maxLength: number | undefined;
  maxItems: number | undefined;
  /** enum: its values; record: its keys. */
  options: readonly string[] | undefined;
  /** An optional form field: what leaving it empty means (`emptyChoice` in its meta). */
  emptyChoice: string | undefined;
}

type Def = {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  entries?: Record<string, string>;
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  checks?: { _zod: { def: { check: string; maximum?: number } } }[];
};

// Cast kept: zod's classes type their children as core.$ZodType, not the z.ZodType this module
// hands out, so reading the definition by its `type` needs this one view of it.
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Optional, default and pipe layers peeled off, with the metadata of every layer. */
function unwrap(schema: z.ZodType): { inner: z.ZodType; optional: boolean; meta: z.GlobalMeta } {
  let inner = schema;
  let optional = false;
  let meta: z.GlobalMeta = {};
  for (;;) {
    // Outer layers win: `.optional().meta()` describes the field as a whole.
    meta = { ...(z.globalRegistry.get(inner) ?? {}), ...meta };
    const def = defOf(inner);
    if (def.type === 'optional' && def.innerType) {
      optional = true;
      inner = def.innerType;
    } else if (def.type === 'default' && def.innerType) {
      inner = def.innerType;
    } else if (def.type === 'pipe' && def.in) {
      inner = def.in;
    } else {
      return { inner, optional, meta };
    }
  }
}

const WIDGET_KINDS: Record<FieldWidget, FieldKind> = {
  multiline: 'multiline',
  image: 'image',
  asset: 'asset',
  form: 'form',
  icon: 'icon',
  lines: 'lines',
};

export function describeField(schema: z.ZodType): FieldInfo {
  const { inner, optional, meta } = unwrap(schema);
  const def = defOf(inner);
  const maxCheck = def.checks?.find((check) => check._zod.def.check === 'max_length');
  let kind: FieldKind;
  let options: readonly string[] | undefined;
  switch (def.type) {
    case 'object':
      kind = 'object';
      break;
    case 'array':
      kind = meta.widget === 'lines' ? 'lines' : 'list';
      break;
    case 'boolean':
      kind = 'boolean';
      break;
    case 'enum':
      kind = 'enum';
      options = Object.values(def.entries ?? {});
      break;
    case 'record':
      kind = 'record';
      options = def.keyType ? Object.values(defOf(def.keyType).entries ?? {}) : [];
      break;
    default:
      kind = meta.widget ? WIDGET_KINDS[meta.widget] : 'text';
  }
  return {
    kind,
    schema: inner,
    optional,
    title: meta.title,
    description: meta.description,
    placement: meta.placement,
    itemLabel: meta.itemLabel,
    itemTitleKey: meta.itemTitleKey,
    maxLength: (inner as { maxLength?: number | null }).maxLength ?? undefined,
    maxItems: maxCheck?._zod.def.maximum,
    options,
    emptyChoice: meta.emptyChoice,
  };
}

/** The fields of an object schema, in their declared order. */
export function fieldsOf(schema: z.ZodType): [key: string, schema: z.ZodType][] {
  const shape = defOf(unwrap(schema).inner).shape;
  return shape ? Object.entries(shape) : [];
}

/** A list's item schema, or a record's value schema. */
export function childOf(schema: z.ZodType): z.ZodType | undefined {
  const def = defOf(unwrap(schema).inner);
  return def.element ?? def.valueType;
}

/** The schema at a content path (list indexes as numbers), if the schema knows it. */
export function schemaAt(path: readonly (string | number)[]): z.ZodType | undefined {
  let schema: z.ZodType | undefined = landingContentSchema;
  for (const key of path) {
    if (!schema) return undefined;
    const def = defOf(unwrap(schema).inner);
    if (def.type === 'object') schema = def.shape?.[String(key)];
    else if (def.type === 'array' || def.type === 'record') schema = childOf(schema);
    else return undefined;
  }
  return schema;
}

/** Declared keys first, in schema order, then any others sorted: one stable order. */
export function orderedKeys(path: readonly (string | number)[], keys: Iterable<string>): string[] {
  const schema = schemaAt(path);
  const declared = schema ? fieldsOf(schema).map(([key]) => key) : [];
  const all = new Set(keys);
  return [
    ...declared.filter((key) => all.has(key)),
    ...[...all].filter((key) => !declared.includes(key)).sort(),
  ];
}

/** A content path for people: "Hero › Headline", "Features › Features 3 › Title". */
export function pathLabel(path: readonly (string | number)[]): string {
  const parts: string[] = [];
  for (let index = 0; index < path.length; index++) {
    const key = path[index]!;
    if (typeof key === 'number') {
      const list = schemaAt(path.slice(0, index));
      const label = list ? describeField(list).itemLabel : undefined;
      parts[parts.length - 1] = `${label ?? parts.at(-1) ?? 'Item'} ${key + 1}`;
      continue;
    }
    const schema = schemaAt(path.slice(0, index + 1));
    parts.push((schema && describeField(schema).title) ?? key);
  }
  return parts.join(' › ');
}
