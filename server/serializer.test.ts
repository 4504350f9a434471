import fastJson from "fast-json-stringify";
import * as Type from "typebox";
import { describe, expect, it } from "vitest";
import type { Endpoint } from "../shared/endpoint.ts";
import { endpoints } from "../shared/endpoints.ts";
import { Envelope } from "../shared/schemas/common.ts";
import { serialisableSchema, serializerCompiler } from "./serializer.ts";

type Json = Record<string, unknown>;

/** Values for the patterns the answers use. */
const PATTERNS: Record<string, string> = {
  "^#[0-9a-fA-F]{6}$": "#a0b1c2",
  "^\\d{4}-\\d{2}-\\d{2}$": "2026-11-28",
  "^[0-9a-f]{64}$": "ab".repeat(32),
};

/** A value of the schema: every property present; with `nulls`, every nullable one null. */
function sample(schema: Json, nulls: boolean): unknown {
  if ("const" in schema) return schema.const;
  if (Array.isArray(schema.anyOf)) {
    const branches = schema.anyOf as Json[];
    const nullBranch = branches.find((b) => b.type === "null");
    return sample(
      nulls && nullBranch ? nullBranch : (branches.find((b) => b.type !== "null") ?? (branches[0] as Json)),
      nulls,
    );
  }
  switch (schema.type) {
    case "null":
      return null;
    case "string":
      if (schema.format === "date-time") return "2026-11-28T04:00:00.000Z";
      if (typeof schema.pattern === "string") return PATTERNS[schema.pattern] ?? `no sample for ${schema.pattern}`;
      return 'text "quoted" 中文';
    case "integer":
      return typeof schema.minimum === "number" ? schema.minimum : 7;
    case "number":
      return typeof schema.minimum === "number"
        ? (schema.minimum + ((schema.maximum as number) ?? schema.minimum + 1)) / 2
        : 7.5;
    case "boolean":
      return true;
    case "array":
      return [sample(schema.items as Json, nulls), sample(schema.items as Json, !nulls)];
    case "object": {
      const out: Json = {};
      for (const [key, value] of Object.entries((schema.properties as Record<string, Json>) ?? {}))
        out[key] = sample(value, nulls);
      if (isObject(schema.patternProperties))
        for (const value of Object.values(schema.patternProperties as Record<string, Json>))
          out.k1 = sample(value, nulls);
      else if (isObject(schema.additionalProperties)) out.k1 = sample(schema.additionalProperties as Json, nulls);
      return out;
    }
    default:
      return { any: [1, "two", null] };
  }
}

const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null;

/** The text written, or "threw …". */
const attempt = (write: (value: unknown) => string, value: unknown) => {
  try {
    return write(value);
  } catch (error) {
    return `threw ${(error as Error).message}`;
  }
};

describe("the answers' serialiser", () => {
  it("writes nullable fields and literal unions as type lists, and leaves other unions alone", () => {
    const schema = Type.Object({
      img: Type.Union([Type.String(), Type.Null()]),
      voice: Type.Union([Type.Object({ id: Type.String() }), Type.Null()]),
      channel: Type.Union([Type.Literal("alipay"), Type.Literal("card")]),
      maybe: Type.Union([Type.Literal("a"), Type.Literal("b"), Type.Null()]),
      either: Type.Union([Type.String(), Type.Integer()]),
      shapes: Type.Union([Type.Object({ a: Type.String() }), Type.Object({ b: Type.String() })]),
    });
    const out = serialisableSchema(schema) as { properties: Record<string, Record<string, unknown>> };
    expect(out.properties.img).toEqual({ type: ["string", "null"] });
    expect(out.properties.voice).toMatchObject({ type: ["object", "null"], properties: { id: { type: "string" } } });
    expect(out.properties.channel).toEqual({ type: "string" });
    expect(out.properties.maybe).toEqual({ type: ["string", "null"] });
    expect(out.properties.either?.anyOf).toHaveLength(2);
    expect(out.properties.shapes?.anyOf).toHaveLength(2);
    // the schema given is not changed (the OpenAPI document and validation keep it)
    expect(schema.properties.img.anyOf).toHaveLength(2);
  });

  it("writes every endpoint's answers byte for byte as the schema it was given", () => {
    const table = Object.values(endpoints) as Endpoint[];
    expect(table.length).toBeGreaterThan(50);
    let written = 0;
    for (const endpoint of table) {
      const schema = Envelope(endpoint.response);
      const original = fastJson(schema as never);
      const rewritten = serializerCompiler({ schema });
      const values = [
        { code: 200, message: "OK", data: sample(endpoint.response as Json, false) },
        { code: 200, message: "OK", data: sample(endpoint.response as Json, true) },
        { code: 1201, message: "refused", data: null },
      ];
      for (const value of values) {
        const want = attempt(original, value);
        const got = attempt(rewritten, value);
        // a value the schema refuses is refused by both (the messages differ)
        if (want.startsWith("threw ")) expect(got, endpoint.path).toMatch(/^threw /);
        else {
          expect(got, endpoint.path).toBe(want);
          written++;
        }
      }
    }
    // the made-up values fit every answer, so all were compared
    expect(written).toBe(table.length * 3);
  });

  it("writes a null inside an answer as null, and the value otherwise", () => {
    const schema = Envelope(
      Type.Object({ voice: Type.Union([Type.Object({ id: Type.String() }), Type.Null()]), n: Type.Integer() }),
    );
    const write = serializerCompiler({ schema });
    expect(write({ code: 200, message: "OK", data: { voice: null, n: 1 } })).toBe(
      '{"code":200,"message":"OK","data":{"voice":null,"n":1}}',
    );
    expect(write({ code: 200, message: "OK", data: { voice: { id: "v", extra: 1 }, n: 1 } })).toBe(
      '{"code":200,"message":"OK","data":{"voice":{"id":"v"},"n":1}}',
    );
  });
});
