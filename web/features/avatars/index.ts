/** The avatars feature's public face: the cartoon calls the creator page makes (the router loads pages directly). */
export {
  cartoonUpload,
  createCartoon,
  toonify,
} from "./start-design/cloningApi.ts";
