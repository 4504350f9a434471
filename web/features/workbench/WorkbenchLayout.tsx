import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { NavLink, Outlet, useLocation } from "react-router";
import "./workbench.css";

/** The workbench's sections, in the order of spec section 2, and the account panel last. */
const SECTIONS = [
  "myplan",
  "myPerson",
  "svip",
  "orderList",
  "cloudRecord",
  "myCustomized",
  "myProducts",
  "account",
] as const;

/** /workbench: side navigation on the left, the chosen section on the right. */
export function WorkbenchLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navRef = useRef<HTMLElement>(null);
  // On a phone the nav is one scrolling row: keep the current section in view (the last ones start off-screen).
  useEffect(() => {
    const active = navRef.current?.querySelector<HTMLElement>(`a[href="${pathname}"]`);
    const nav = navRef.current;
    if (active && nav && nav.scrollWidth > nav.clientWidth) {
      nav.scrollLeft = active.offsetLeft - (nav.clientWidth - active.offsetWidth) / 2;
    }
  }, [pathname]);
  return (
    <div className="workbench container">
      <aside className="workbench__side">
        <p className="workbench__title">{t("workbench.title")}</p>
        <nav ref={navRef} aria-label={t("workbench.sideNav")} className="workbench__nav">
          {SECTIONS.map((key) => (
            <NavLink key={key} to={`/workbench/${key}`} className="workbench__link">
              {t(`titles.${key}`)}
            </NavLink>
          ))}
        </nav>
      </aside>
      <section className="workbench__content">
        <Outlet />
      </section>
    </div>
  );
}
