import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Logo } from "../../components/Logo.tsx";
import { useSiteEnv } from "../../lib/session.ts";

/** The footer also shows the site environment (cn or international) and its currency. */
export function Footer() {
  const { t } = useTranslation();
  const site = useSiteEnv();
  const methods = site?.payMethods.map((m) => t(`footer.payMethods.${m}`, { defaultValue: m })).join(" / ");
  return (
    <footer className="footer">
      <div className="footer__inner container">
        <div className="footer__brand">
          <div className="footer__logo">
            <Logo size={28} />
            <strong>{t("common.brand")}</strong>
          </div>
          <p>{t("footer.tagline")}</p>
        </div>
        <nav className="footer__col" aria-label={t("footer.product")}>
          <h2>{t("footer.product")}</h2>
          <Link to="/live">{t("nav.live")}</Link>
          <Link to="/customized">{t("nav.customized")}</Link>
          <Link to="/member">{t("nav.member")}</Link>
          <Link to="/download">{t("nav.download")}</Link>
        </nav>
        <nav className="footer__col" aria-label={t("footer.support")}>
          <h2>{t("footer.support")}</h2>
          <Link to="/help">{t("titles.help")}</Link>
          <Link to="/notice">{t("footer.notices")}</Link>
          <Link to="/introduce">{t("footer.about")}</Link>
        </nav>
      </div>
      <div className="footer__bar container">
        <span>{t("footer.rights", { year: new Date().getFullYear() })}</span>
        {site && (
          <span className="footer__site" data-testid="site-env" data-site={site.site} data-currency={site.currency}>
            <span className="footer__badge">{site.site === "cn" ? t("footer.siteCn") : t("footer.siteIntl")}</span>
            <span>{t("footer.currency", { currency: site.currency })}</span>
            {methods && <span>{t("footer.payBy", { methods })}</span>}
          </span>
        )}
      </div>
    </footer>
  );
}
