import { useTranslation } from "react-i18next";
import { NavLink, Outlet, useLocation } from "react-router";
import { AvatarPathsContext, SHORT_VIDEO_PATHS } from "../../lib/variant.ts";
import "./douyin.css";

/** The list tab stays lit on the pages it leads to: an avatar's detail and its face editor. */
const LIST_PAGES = ["/douyin", "/myPersonDetail", "/douyinFace"];

/**
 * The short-video variant's frame (docs/decisions/029): a band under the site's header with the
 * studio's own tabs, around the site's avatar pages. Inside it the pages link to the variant's
 * paths (/douyinFace, /douyin/douyinPerson, /newPerson, /myPersonDetail) instead of the site's.
 */
export function DouyinFrame() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const onList = LIST_PAGES.some((path) => pathname === path || pathname.startsWith(`${path}/`));
  const tab = (isActive: boolean) => `sv-band__tab${isActive ? " is-active" : ""}`;
  return (
    <AvatarPathsContext.Provider value={SHORT_VIDEO_PATHS}>
      <div className="sv-frame" data-testid="short-video-frame">
        <div className="sv-band">
          <div className="sv-band__inner container">
            <p className="sv-band__brand">
              <span className="sv-band__mark" aria-hidden="true">
                <svg viewBox="0 0 20 20" width="14" height="14" aria-hidden="true">
                  <path d="M6 4.5v11l9-5.5z" fill="currentColor" />
                </svg>
              </span>
              {t("nav.shortVideoStudio")}
            </p>
            <nav className="sv-band__nav" aria-label={t("shortVideo.nav")}>
              <NavLink
                to={SHORT_VIDEO_PATHS.list}
                className={() => tab(onList)}
                aria-current={onList ? "page" : undefined}
                data-testid="sv-tab-list"
              >
                {t("shortVideo.tabs.list")}
              </NavLink>
              <NavLink to="/newPerson" className={({ isActive }) => tab(isActive)} data-testid="sv-tab-new">
                {t("shortVideo.tabs.newAvatar")}
              </NavLink>
              <NavLink to="/douyinHelp" className={({ isActive }) => tab(isActive)} data-testid="sv-tab-help">
                {t("shortVideo.tabs.help")}
              </NavLink>
            </nav>
            <p className="sv-band__tagline">{t("shortVideo.tagline")}</p>
          </div>
        </div>
        <Outlet />
      </div>
    </AvatarPathsContext.Provider>
  );
}
