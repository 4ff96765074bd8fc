// docs/webhooks.md is what CRM integrators read: its field tables must name exactly the
// fields of the payload schema, and its example must be a payload the schema accepts.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { leadWebhookPayloadSchema } from '../shared/leads/webhook.ts';

const doc = readFileSync(new URL('../../docs/webhooks.md', import.meta.url), 'utf8');

/** The first column of the table that follows `heading` (field names in backticks). */
function tableFields(heading: string): string[] {
  const start = doc.indexOf(`\n${heading}\n`);
  expect(start, `docs/webhooks.md has "${heading}"`).toBeGreaterThan(-1);
  const rest = doc.slice(start + heading.length + 2);
  const table = rest.slice(0, rest.search(/\n#{2,3} /) >>> 0);
  return [...table.matchAll(/^\| `([^`]+)`/gm)].map((match) => match[1]!);
}

const objectKeys = (schema: z.ZodType): string[] => {
  const inner = schema instanceof z.ZodOptional ? schema.unwrap() : schema;
  if (!(inner instanceof z.ZodObject)) throw new Error('not an object schema');
  return Object.keys(inner.shape).sort();
};

describe('docs/webhooks.md', () => {
  it('documents every field of the payload, and no other', () => {
    const { shape } = leadWebhookPayloadSchema;
    expect(tableFields('## The body').sort()).toEqual(objectKeys(leadWebhookPayloadSchema));
    expect(tableFields('### `data`').sort()).toEqual(objectKeys(shape.data));
    expect(tableFields('### `data.attribution`').sort()).toEqual(
      objectKeys(shape.data.shape.attribution),
    );
  });

  it('marks optional fields as optional and required ones as not', () => {
    const rows = (heading: string) =>
      new Map(
        [...doc.slice(doc.indexOf(`\n${heading}\n`)).matchAll(/^\| `([^`]+)` +\| ([^|]+)\|/gm)].map(
          (match) => [match[1]!, match[2]!.includes('optional')],
        ),
      );
    const data = rows('### `data`');
    for (const [key, field] of Object.entries(leadWebhookPayloadSchema.shape.data.shape)) {
      expect(data.get(key), key).toBe(field instanceof z.ZodOptional);
    }
  });

  it('gives an example the schema accepts, with every documented field', () => {
    const json = /## Example\n\n```json\n([\s\S]*?)\n```/.exec(doc)?.[1];
    expect(json).toBeDefined();
    const example = leadWebhookPayloadSchema.parse(JSON.parse(json!));
    expect(Object.keys(example.data).sort()).toEqual(
      // inquiryType belongs to the contact page's form; the example is a dialog lead.
      objectKeys(leadWebhookPayloadSchema.shape.data).filter((key) => key !== 'inquiryType'),
    );
    expect(Object.keys(example.data.attribution ?? {}).sort()).toEqual(
      objectKeys(leadWebhookPayloadSchema.shape.data.shape.attribution),
    );
  });
});
