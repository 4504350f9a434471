/** The avatars feature's public face: the cartoon calls the creator page makes (the router loads pages directly). */
export {
  cartoonUpload,
  createCartoon,
  toonify,
} from "./start-design/cloningApi.ts";
/** The photo checks of photo cloning (spec section 5), for other uploads of reference photos. */
export { checkPhoto, type PhotoCheck } from "./start-design/photoCheck.ts";
