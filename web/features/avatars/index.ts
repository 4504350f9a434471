/** The avatars feature's public face: the cartoon calls the creator page makes (the router loads pages directly). */
export {
  type CartoonUpload,
  cartoonUpload,
  createCartoon,
  planPath,
  type ToonifyResult,
  toonify,
} from "./start-design/cloningApi.ts";
