/** The shop feature's public face: what owning changes, for features that sell through the shop. */
export { refreshOwnership } from "./api.ts";
