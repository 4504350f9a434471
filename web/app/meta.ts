import { FIXED_VIEWPORT, ZOOMABLE_VIEWPORT } from "./routes.ts";

export interface PageMeta {
  title: string;
  keywords?: string;
  description?: string;
  zoomable: boolean;
}

function setNamedMeta(name: string, content: string | undefined): void {
  let tag = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (content === undefined) {
    tag?.remove();
    return;
  }
  if (!tag) {
    tag = document.createElement("meta");
    tag.name = name;
    document.head.append(tag);
  }
  tag.content = content;
}

/** Writes a route's metadata into <head>: title, keywords/description (or none), viewport. */
export function applyPageMeta(meta: PageMeta): void {
  document.title = meta.title;
  setNamedMeta("keywords", meta.keywords);
  setNamedMeta("description", meta.description);
  setNamedMeta("viewport", meta.zoomable ? ZOOMABLE_VIEWPORT : FIXED_VIEWPORT);
}
