/**
 * How the answers' schemas become serialisers (docs/decisions/027, "What every answer paid for").
 *
 * fast-json-stringify, Fastify's serialiser, writes an `anyOf` by validating the value against
 * each branch with Ajv until one matches. The envelope's `data` is `anyOf: [the answer, null]`
 * (a business error answers `data: null` under the same HTTP 200), so every answer was validated
 * in full before it was written, and each nullable field inside it again: a third of a plan page's
 * CPU. A list of types (`type: ["object", "null"]`) is written after a `typeof` check instead.
 *
 * `serialisableSchema` rewrites the two shapes TypeBox gives these fields, nothing else:
 * - `X | null` (X with one `type`) becomes X with `type: [X.type, "null"]`;
 * - a union of literals of one type (`"alipay" | "wechat" | "card"`, optionally `| null`) becomes
 *   that type (a literal is written as any value of its type is).
 * Every other union is left for Ajv. The output for a given value is unchanged; only the schema the
 * serialiser is compiled from differs, so the OpenAPI document and validation keep the originals.
 */

import fastJson from "fast-json-stringify";

type Schema = Record<string, unknown>;

const isObject = (value: unknown): value is Schema =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const COMPOSITE = ["anyOf", "oneOf", "allOf", "not", "$ref", "if"];

/** A branch with one `type` and no union of its own. */
const isPlain = (branch: unknown): branch is Schema & { type: string } =>
  isObject(branch) && typeof branch.type === "string" && !COMPOSITE.some((key) => key in branch);

const isNull = (branch: unknown) => isPlain(branch) && branch.type === "null" && Object.keys(branch).length === 1;

function simplifyUnion(schema: Schema & { anyOf: unknown[] }): Schema {
  const { anyOf, ...siblings } = schema;
  if (Object.keys(siblings).some((key) => key !== "description" && key !== "title")) return schema;
  const nullable = anyOf.some(isNull);
  const rest = anyOf.filter((branch) => !isNull(branch));
  if (!rest.every(isPlain)) return schema;
  let base: Schema & { type: string };
  if (rest.length === 0) return { ...siblings, type: "null" };
  if (rest.length === 1) {
    base = rest[0] as Schema & { type: string };
  } else {
    // only literals of one scalar type: written as that type
    const type = (rest[0] as Schema).type;
    const literals = rest.every((b) => b.type === type && "const" in b && Object.keys(b).length === 2);
    if (!literals || type === "object" || type === "array") return schema;
    base = { type: type as string };
  }
  if (base.type === "null") return { ...siblings, type: "null" };
  const { const: _literal, ...written } = base;
  return { ...siblings, ...written, type: nullable ? [base.type, "null"] : base.type };
}

/** The schema the serialiser is compiled from: nullable fields and literal unions as type lists. */
export function serialisableSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(serialisableSchema);
  if (!isObject(schema)) return schema;
  const out: Schema = {};
  for (const [key, value] of Object.entries(schema)) {
    // `const`, `enum`, `default` and `examples` hold values, not schemas
    out[key] =
      key === "const" || key === "enum" || key === "default" || key === "examples" ? value : serialisableSchema(value);
  }
  return Array.isArray(out.anyOf) ? simplifyUnion(out as Schema & { anyOf: unknown[] }) : out;
}

/** Fastify's serialiser compiler, on the rewritten schema (`app.setSerializerCompiler`). */
export const serializerCompiler = ({ schema }: { schema: unknown }) =>
  fastJson(serialisableSchema(schema) as Parameters<typeof fastJson>[0]) as (data: unknown) => string;
