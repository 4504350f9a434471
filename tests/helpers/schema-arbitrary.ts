/**
 * fast-check arbitraries from the JSON Schemas of the served OpenAPI document: values a schema
 * allows (`validValue`) and, for one field at a time, values it does not (`invalidValues`). The
 * subset the document uses: enum/const, anyOf/oneOf, type (and type lists), string bounds, pattern
 * and formats, number bounds, arrays and objects. Used by tests/integration/contract.test.ts.
 */

import fc from "fast-check";

export type Schema = Record<string, unknown>;

/** Text as the server takes it: printable code points (no control characters, no lone surrogates). */
const text = (minLength: number, maxLength: number) =>
  fc.string({ unit: "grapheme-composite", minLength, maxLength: Math.min(maxLength, minLength + 24) });

const types = (schema: Schema): string[] =>
  Array.isArray(schema.type) ? (schema.type as string[]) : schema.type ? [schema.type as string] : [];

/** Real values to mix in for a property (the caller's own ids), given its name and schema. */
export type Examples = (name: string, schema: Schema) => unknown[];

/** An arbitrary of the values `schema` allows; `examples` may offer real values by property name. */
export function validValue(schema: Schema, examples: Examples = () => [], name = ""): fc.Arbitrary<unknown> {
  const known = name ? examples(name, schema) : [];
  const own = ownValue(schema, examples);
  return known?.length ? fc.oneof(own, fc.constantFrom(...known)) : own;
}

function ownValue(schema: Schema, examples: Examples): fc.Arbitrary<unknown> {
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  if ("const" in schema) return fc.constant(schema.const);
  const branches = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (branches) return fc.oneof(...branches.map((b) => validValue(b, examples)));
  const list = types(schema);
  if (list.length > 1) return fc.oneof(...list.map((type) => validValue({ ...schema, type }, examples)));
  switch (list[0]) {
    case "null":
      return fc.constant(null);
    case "boolean":
      return fc.boolean();
    case "integer":
      return fc.integer({
        min: Math.max((schema.minimum as number | undefined) ?? -1e6, Number.MIN_SAFE_INTEGER),
        max: Math.min((schema.maximum as number | undefined) ?? 1e6, Number.MAX_SAFE_INTEGER),
      });
    case "number":
      return fc.double({
        min: (schema.minimum as number | undefined) ?? -1e6,
        max: (schema.maximum as number | undefined) ?? 1e6,
        noNaN: true,
        noDefaultInfinity: true,
      });
    case "string":
      return stringValue(schema);
    case "array": {
      const items = validValue((schema.items as Schema | undefined) ?? {}, examples);
      const minLength = (schema.minItems as number | undefined) ?? 0;
      return fc.array(items, {
        minLength,
        maxLength: Math.min((schema.maxItems as number | undefined) ?? 3, minLength + 3),
      });
    }
    case "object":
      return objectValue(schema, examples);
    default:
      return fc.oneof(fc.string(), fc.integer(), fc.boolean());
  }
}

function stringValue(schema: Schema): fc.Arbitrary<string> {
  const minLength = (schema.minLength as number | undefined) ?? 0;
  const maxLength = (schema.maxLength as number | undefined) ?? 64;
  if (typeof schema.pattern === "string") return fc.stringMatching(new RegExp(schema.pattern), { maxLength });
  switch (schema.format) {
    case "uuid":
      return fc.uuid();
    case "date":
      return fc
        .date({ min: new Date("2000-01-01"), max: new Date("2100-01-01"), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10));
    case "date-time":
      return fc
        .date({ min: new Date("2000-01-01"), max: new Date("2100-01-01"), noInvalidDate: true })
        .map((d) => d.toISOString());
    case "binary":
      return fc.constant("");
  }
  return text(minLength, maxLength);
}

function objectValue(schema: Schema, examples: Examples): fc.Arbitrary<Record<string, unknown>> {
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const names = Object.keys(properties);
  if (!names.length) {
    // a free-form object (a look, a JSON column): a few plain entries
    return fc.dictionary(fc.string({ unit: "grapheme-ascii", minLength: 1, maxLength: 8 }), fc.integer(), {
      maxKeys: 3,
    });
  }
  const shape = Object.fromEntries(names.map((n) => [n, validValue(properties[n] as Schema, examples, n)]));
  return fc.record(shape, { requiredKeys: (schema.required as string[] | undefined) ?? [] }) as fc.Arbitrary<
    Record<string, unknown>
  >;
}

/** Where a value travels: text parts are coerced by the server, JSON bodies are not. */
export type Part = "path" | "query" | "body";

/** Strings the server refuses whatever their schema says (server/validation.ts): not text. */
export const NOT_TEXT = ["bad\u0007bell", "lone\ud800half"];

/**
 * Candidate values to try as a field's invalid value. The caller keeps the ones the field's
 * schema refuses (with the server's coercion for URL parts), so the document is the judge.
 */
export function candidates(schema: Schema, part: Part): unknown[] {
  const number = (key: string) => (typeof schema[key] === "number" ? (schema[key] as number) : null);
  const max = number("maximum");
  const min = number("minimum");
  const maxLength = number("maxLength");
  const maxItems = number("maxItems");
  const pool: unknown[] = ["zz-not-one-of-them", "abc", "1.5", "", "-1"];
  if (max !== null) pool.push(max + 1);
  if (min !== null) pool.push(min - 1);
  if (maxLength !== null) pool.push("x".repeat(maxLength + 1));
  if (part !== "body") return pool.map(String);
  pool.push(null, 1.5, -1, 1e308, true, {}, [], { nested: true });
  if (maxItems !== null) pool.push(Array.from({ length: maxItems + 1 }, () => "x"));
  return pool;
}
