import { useEffect } from "react";
import { endpoints } from "../../../shared/endpoints.ts";
import type { SiteConfigData } from "../../../shared/schemas/common.ts";
import { request } from "../../lib/api.ts";
import { useSession, useSiteEnv } from "../../lib/session.ts";

let pending: Promise<SiteConfigData> | null = null;

/**
 * The site environment (cn or intl) set by the server's configuration. Fetched once per load into
 * the session store; everything else reads it there (useSiteEnv, getSiteEnv in lib/session.ts). A
 * failed load may be asked again.
 */
export function loadSiteConfig(): Promise<SiteConfigData> {
  const known = useSession.getState().siteEnv;
  if (known) return Promise.resolve(known);
  if (!pending) {
    const load = request(endpoints.siteConfig).then((siteEnv) => {
      useSession.setState({ siteEnv });
      return siteEnv;
    });
    load.catch(() => {
      if (pending === load) pending = null;
    });
    pending = load;
  }
  return pending;
}

/** The site environment, loaded if it is not yet (`data` is undefined until it arrives). */
export function useSiteConfig(): { data: SiteConfigData | undefined } {
  const data = useSiteEnv();
  useEffect(() => {
    if (!data) loadSiteConfig().catch(() => undefined);
  }, [data]);
  return { data: data ?? undefined };
}
