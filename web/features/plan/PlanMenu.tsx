import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { MENU, type MenuKey, type MenuState, openMenu, subsOf } from "./menu.ts";

/** A small glyph per first-level menu. */
const GLYPHS: Record<MenuKey, string> = {
  avatar: "M8 8a3 3 0 1 0 0-6 3 3 0 0 0 0 6zm-5 7c0-3 2-5 5-5s5 2 5 5z",
  outfit: "M5 1 1 3v4l2-1v9h10V6l2 1V3l-4-2c0 1.5-1.5 2.5-3 2.5S5 2.5 5 1z",
  expression:
    "M8 1a7 7 0 1 0 0 14A7 7 0 0 0 8 1zM5.5 5.5a1 1 0 1 1 0 2 1 1 0 0 1 0-2zm5 0a1 1 0 1 1 0 2 1 1 0 0 1 0-2zM4.5 9.5h7c-.5 2-2 3-3.5 3s-3-1-3.5-3z",
  scene: "M1 13 5.5 6l3 4.5L10.5 8 15 13zM11.5 5a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3z",
  pets: "M3 5l1-4 3 3h2l3-3 1 4c1 1 2 3 2 5 0 3-3 5-7 5s-7-2-7-5c0-2 1-4 2-5z",
  interaction: "M8 14 2 8C0 6 1 2 4 2c2 0 3 1 4 2.5C9 3 10 2 12 2c3 0 4 4 2 6z",
  sounds: "M2 6h3l4-3v10L5 10H2zm9-1c1.5 1.5 1.5 4.5 0 6m2-8c3 3 3 7 0 10",
  effects: "M8 1l1.8 4.6L15 6l-4 3 1.4 5L8 11.3 3.6 14 5 9 1 6l5.2-.4z",
};

/** The plan menu's two levels: what to assemble, then the kinds within it. */
export function PlanMenu({ state, onChange }: { state: MenuState; onChange(state: MenuState): void }) {
  const { t } = useTranslation();
  const subs = subsOf(state.key);
  const navRef = useRef<HTMLElement>(null);
  // On a phone the menu is one scrolling row: keep the open menu in view.
  useEffect(() => {
    const nav = navRef.current;
    const active = nav?.querySelector<HTMLElement>(`[data-testid="plan-menu-${state.key}"]`);
    if (!nav || !active || nav.scrollWidth <= nav.clientWidth) return;
    nav.scrollLeft = active.offsetLeft - (nav.clientWidth - active.offsetWidth) / 2;
  }, [state.key]);
  return (
    <>
      <nav ref={navRef} className="plan-menu" aria-label={t("plan.menu")}>
        {MENU.map(({ key }) => (
          <button
            key={key}
            type="button"
            className={`plan-menu__item${state.key === key ? " plan-menu__item--on" : ""}`}
            aria-pressed={state.key === key}
            data-testid={`plan-menu-${key}`}
            onClick={() => onChange(openMenu(key))}
          >
            <svg viewBox="0 0 16 16" width="18" height="18" aria-hidden="true">
              <path
                d={GLYPHS[key]}
                fill={key === "sounds" ? "none" : "currentColor"}
                stroke={key === "sounds" ? "currentColor" : "none"}
                strokeWidth="1.5"
                strokeLinejoin="round"
              />
            </svg>
            <span>{t(`plan.menus.${key}`)}</span>
          </button>
        ))}
      </nav>
      {subs.length > 0 && (
        <fieldset className="plan-submenu">
          <legend className="visually-hidden">{t("plan.kinds", { menu: t(`plan.menus.${state.key}`) })}</legend>
          {subs.map((sub) => (
            <button
              key={sub}
              type="button"
              className={`plan-chip${state.sub === sub ? " plan-chip--on" : ""}`}
              aria-pressed={state.sub === sub}
              data-testid={`plan-submenu-${sub}`}
              onClick={() => onChange(openMenu(state.key, sub))}
            >
              {t(`plan.subs.${sub}`)}
            </button>
          ))}
        </fieldset>
      )}
    </>
  );
}
