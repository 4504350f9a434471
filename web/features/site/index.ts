/** The site feature's public face: the site's configuration (spec "site info"). */
export { loadSiteConfig, useSiteConfig } from "./api.ts";
