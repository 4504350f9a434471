/**
 * The database's JSON text columns (docs/decisions/021-json-columns.md): one checked codec per
 * shape, used by the server, the worker and the seed. `encode` checks the value and stringifies
 * it; `decode` parses the stored text and checks it, throwing a `JsonColumnError` that names the
 * column on text that is not JSON or not of the shape. `decodeOr` answers a fallback instead,
 * for reads that must not fail on one bad row (the avatar reads answer `{}`: a neutral face, the
 * default look, the English name). No Prisma import: node and web safe.
 */

import type { Static, TSchema } from "typebox";
import * as Type from "typebox";
import { Value } from "typebox/value";
import { CartoonSpec } from "./schemas/cartoon.ts";
import { JsonObject } from "./schemas/common.ts";
import { AppearanceSchema, FaceParamsSchema } from "./schemas/roles.ts";

export class JsonColumnError extends Error {
  constructor(
    readonly column: string,
    problem: string,
  ) {
    super(`JSON column ${column}: ${problem}`);
    this.name = "JsonColumnError";
  }
}

export interface JsonColumn<T> {
  /** What the column holds, for error messages (e.g. "faceParams"). */
  readonly column: string;
  /** Check the value and stringify it; throws JsonColumnError on a value of the wrong shape. */
  encode(value: T): string;
  /** Parse and check stored text; throws JsonColumnError on text that is not JSON or not of the shape. */
  decode(text: string): T;
  /** `decode`, answering `fallback` instead of throwing. */
  decodeOr(text: string, fallback: T): T;
}

function problemOf(schema: TSchema, value: unknown): string {
  const [first] = Value.Errors(schema, value);
  return first ? `${first.instancePath || "/"} ${first.message}` : "not of the expected shape";
}

/** How many checked texts a column remembers (the hot reads decode the same rows again and again). */
const CHECKED_TEXTS = 2000;

export function jsonColumn<S extends TSchema>(column: string, schema: S): JsonColumn<Static<S>> {
  // Texts already found to be of the shape: checking is the costly part (about ten times the parse),
  // and the same catalogue and role rows are decoded on every plan read. Each read still gets its
  // own parsed value, so no caller can change another's.
  const checked = new Set<string>();
  const decode = (text: string): Static<S> => {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      throw new JsonColumnError(column, "stored text is not JSON");
    }
    if (checked.has(text)) return value as Static<S>;
    if (!Value.Check(schema, value)) throw new JsonColumnError(column, problemOf(schema, value));
    if (checked.size >= CHECKED_TEXTS) checked.clear();
    checked.add(text);
    return value;
  };
  return {
    column,
    encode(value) {
      if (!Value.Check(schema, value)) throw new JsonColumnError(column, problemOf(schema, value));
      return JSON.stringify(value);
    },
    decode,
    decodeOr(text, fallback) {
      try {
        return decode(text);
      } catch {
        return fallback;
      }
    },
  };
}

/** A system role's names in the other languages (`Role.names`); English is `Role.name`. */
export const RoleNames = Type.Object({ ZH_CN: Type.Optional(Type.String()), ZH_TN: Type.Optional(Type.String()) });
/** A catalogue item's name in every language (`CatalogueItem.names`). */
export const CatalogueNames = Type.Object({ EN: Type.String(), ZH_CN: Type.String(), ZH_TN: Type.String() });

/** `Role.faceParams`, `CustomRole.faceParams` and `CustomRole.initParams`. */
export const faceParamsColumn = jsonColumn("faceParams", FaceParamsSchema);
/** `Role.appearance` and `CustomRole.appearance`. */
export const appearanceColumn = jsonColumn("appearance", AppearanceSchema);
export const roleNamesColumn = jsonColumn("Role.names", RoleNames);
export const catalogueNamesColumn = jsonColumn("CatalogueItem.names", CatalogueNames);
/** How a catalogue item is drawn or played: an object whose fields per kind are shared/plan/looks.ts. */
export const CatalogueLook = JsonObject;

/** `CatalogueItem.look`: checked as an object; its fields per kind are shared/plan/looks.ts. */
export const catalogueLookColumn = jsonColumn("CatalogueItem.look", CatalogueLook);
/** `CartoonSource.spec`: the avatar a cartoon GLB describes. */
export const cartoonSpecColumn = jsonColumn("CartoonSource.spec", CartoonSpec);
