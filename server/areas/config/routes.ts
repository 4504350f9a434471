import { SITE_PROFILES } from "../../../shared/constants.ts";
import { Envelope, SiteConfigData } from "../../../shared/schemas/common.ts";
import type { App } from "../../types.ts";

/** The site environment the web app runs in, set by server configuration (SITE). */
export async function configRoutes(app: App) {
  app.get(
    "/base/config",
    { schema: { tags: ["common"], summary: "Site environment", response: { 200: Envelope(SiteConfigData) } } },
    async (_request, reply) => {
      const { env } = app.deps;
      const profile = SITE_PROFILES[env.SITE];
      return reply.ok({
        site: env.SITE,
        currency: profile.currency,
        payMethods: [...profile.payMethods],
        defaultLanguage: profile.defaultLanguage,
        officialSite: env.OFFICIAL_SITE_URL ?? null,
      });
    },
  );
}
