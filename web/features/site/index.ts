/** The site feature's public face: the site's configuration (spec "site info"). */
export { useSiteConfig } from "./api.ts";
