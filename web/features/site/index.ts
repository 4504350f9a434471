/** The site feature's public face: the site's configuration (spec "site info"). */
export { siteConfigQuery, useSiteConfig } from "./api.ts";
