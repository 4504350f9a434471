import { CODES, type CodeName } from "../shared/codes.ts";

/**
 * The one way to fail on purpose: a code from the catalogue, answered in the envelope and
 * localised by the request's language. Params fill the message's {placeholders}.
 */
export class BizError extends Error {
  readonly codeName: CodeName;
  readonly params: Record<string, string | number> | undefined;

  constructor(codeName: CodeName, params?: Record<string, string | number>) {
    super(codeName);
    this.name = "BizError";
    this.codeName = codeName;
    this.params = params;
  }

  get entry() {
    return CODES[this.codeName];
  }
}
