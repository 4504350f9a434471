import { SITE_PROFILES } from "../../../shared/constants.ts";
import { configEndpoints } from "../../../shared/endpoints.ts";
import { route } from "../../route.ts";
import type { App } from "../../types.ts";

/** The site environment the web app runs in, set by server configuration (SITE). */
export async function configRoutes(app: App) {
  route(app, configEndpoints.siteConfig, async (_request, reply) => {
    const { env } = app.deps;
    const profile = SITE_PROFILES[env.SITE];
    return reply.ok({
      site: env.SITE,
      currency: profile.currency,
      payMethods: [...profile.payMethods],
      defaultLanguage: profile.defaultLanguage,
      officialSite: env.OFFICIAL_SITE_URL ?? null,
      hostOrigins: env.hostOrigins,
    });
  });
}
