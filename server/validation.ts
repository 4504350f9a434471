/**
 * How requests are validated against the endpoint table's schemas (docs/decisions/047).
 *
 * - Query strings, path parameters and headers arrive as text: their values are coerced to the
 *   schema's types (`?page=2` is the integer 2), as Fastify does by default.
 * - JSON bodies are not coerced. Fastify's default coerced `""` and `null` into whatever the schema
 *   wanted: `{"voiceId": ""}` became `null` and removed the plan's voice, `{"name": null}` became
 *   `""`. A JSON client can send the right type, so a wrong one is refused, naming the field.
 * - Unknown fields are dropped and defaults filled in, for both.
 * - Text must be text: a lone UTF-16 surrogate or a control character (other than tab, line feed
 *   and carriage return) in any string or key is refused, naming the field. They crashed the
 *   database drivers (HTTP 500) and have no place in a name, a search or a message.
 */

import Ajv, { type Options, type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";
import type { FastifySchemaCompiler } from "fastify";

const common: Options = { useDefaults: true, removeAdditional: "all", allErrors: false, strict: false };

function instance(coerceTypes: Options["coerceTypes"]) {
  const ajv = new Ajv({ ...common, coerceTypes });
  addFormats(ajv);
  return ajv;
}

const text = instance("array");
const json = instance(false);

/**
 * Fastify's validator compiler: JSON bodies strictly, everything else with text coercion, and the
 * text rule first. Checked inside the validator rather than in a hook, so a route pays nothing for
 * it beyond its own validation (the hot reads are measured against a bare Fastify: decision 027).
 */
export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) => {
  const validate = (httpPart === "body" ? json : text).compile(schema as object);
  const checkText = httpPart !== "headers";
  const check = ((data: unknown, context?: never) => {
    const at = checkText ? notText(data) : null;
    if (at !== null) {
      check.errors = [
        { keyword: "text", instancePath: at ? `/${at.replaceAll(".", "/")}` : "", schemaPath: "", params: {} },
      ];
      return false;
    }
    const ok = validate(data, context);
    check.errors = validate.errors;
    return ok;
  }) as ValidateFunction;
  // Fastify passes the request as the root's parent when the function is Ajv's own, so Ajv may
  // replace a coerced root value
  check.schemaEnv = validate.schemaEnv;
  return check;
};

// C0 controls but tab, line feed and carriage return; DEL; lone surrogates (a `u` regex sees a
// well-formed pair as one code point, so only a lone half matches).
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is its purpose
const NOT_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]|[\uD800-\uDFFF]/u;

/** The path (`a.b.0`) of the first string or key that is not text, or null. */
export function notText(value: unknown, at = ""): string | null {
  if (typeof value === "string") return NOT_TEXT.test(value) ? at : null;
  if (!value || typeof value !== "object") return null;
  for (const [key, inner] of Object.entries(value)) {
    const here = at ? `${at}.${key}` : key;
    if (NOT_TEXT.test(key)) return here;
    const found = notText(inner, here);
    if (found !== null) return found;
  }
  return null;
}

/** An error the envelope answers as `400 Invalid field: <context>.<path>` (server/plugins/envelope.ts). */
export function invalidField(context: string, path: string): Error {
  return Object.assign(new Error(`invalid ${context}.${path}`), {
    statusCode: 400,
    validation: [{ keyword: "text", instancePath: path ? `/${path.replaceAll(".", "/")}` : "", params: {} }],
    validationContext: context,
  });
}

/** Refuse the first part of a request holding something that is not text. */
export function checkText(parts: { params?: unknown; querystring?: unknown; body?: unknown }): void {
  for (const [context, value] of Object.entries(parts)) {
    const found = notText(value);
    if (found !== null) throw invalidField(context, found);
  }
}
