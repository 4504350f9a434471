import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, NavLink, useLocation } from "react-router";
import { Logo } from "../../components/Logo.tsx";
import { useSession } from "../../lib/session.ts";
import { LanguageSwitcher } from "./LanguageSwitcher.tsx";
// loaded once there is a user (lazyParts.tsx): the landing page's visitor has none
import { UserMenu } from "./lazyParts.tsx";

const NAV = [
  { to: "/", key: "home", end: true },
  { to: "/live", key: "live" },
  { to: "/customized", key: "customized" },
  { to: "/ip", key: "ip" },
  { to: "/download", key: "download" },
  { to: "/member", key: "member" },
  { to: "/shop", key: "shop" },
] as const;

export function Header() {
  const { t } = useTranslation();
  const token = useSession((s) => s.token);
  const location = useLocation();
  const [menuFor, setMenuFor] = useState<string | null>(null);
  // The mobile menu closes by itself on navigation: it is open only for the path it was opened on.
  const navOpen = menuFor === location.pathname;

  return (
    <header className="header">
      <div className="header__inner container">
        <Link to="/" className="header__brand" aria-label={t("common.brand")}>
          <Logo />
          <span>{t("common.brand")}</span>
        </Link>
        <button
          type="button"
          className="header__burger"
          aria-label={t("nav.openMenu")}
          aria-expanded={navOpen}
          onClick={() => setMenuFor(navOpen ? null : location.pathname)}
        >
          <span />
          <span />
          <span />
        </button>
        <nav className={`header__nav${navOpen ? " is-open" : ""}`} aria-label={t("nav.main")}>
          {NAV.map((item) => (
            <NavLink key={item.to} to={item.to} end={"end" in item} className="header__link">
              {t(`nav.${item.key}`)}
            </NavLink>
          ))}
        </nav>
        <div className="header__tools">
          <LanguageSwitcher />
          {token ? (
            <UserMenu />
          ) : (
            <Link to="/login" className="btn btn--primary header__login" data-testid="login-link">
              {t("nav.login")}
            </Link>
          )}
        </div>
      </div>
    </header>
  );
}
