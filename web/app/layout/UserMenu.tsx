import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { maskPhone, SHORT_VIDEO_SOURCE } from "../../../shared/constants.ts";
import { useLogout } from "../../features/account/userSession.ts";
import { useUserInfo } from "../../lib/session.ts";

/**
 * The logged-in user's menu: the masked phone (first 3 and last 4 digits), else the email;
 * workbench, account, uploads, log out (revokes the token on the server, then ends the session).
 * A popup menu, not a dialog: the ARIA menu button pattern (focus moves into the menu, arrows
 * move between items, Escape closes it and gives focus back to the button).
 */
export function UserMenu() {
  const { t } = useTranslation();
  const info = useUserInfo();
  const phone = info?.phone;
  const email = info?.email;
  const logout = useLogout();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const buttonId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  /** Which item takes focus when the menu opens: the first, or the last (ArrowUp on the button). */
  const [start, setStart] = useState<"first" | "last">("first");

  useEffect(() => {
    if (!open) return;
    const items = menuItems(listRef.current);
    (start === "first" ? items[0] : items.at(-1))?.focus();
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointer);
    return () => document.removeEventListener("pointerdown", onPointer);
  }, [open, start]);

  const openAt = (where: "first" | "last") => {
    setStart(where);
    setOpen(true);
  };

  const onButtonKey = (event: KeyboardEvent) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      openAt(event.key === "ArrowDown" ? "first" : "last");
    }
  };

  const onMenuKey = (event: KeyboardEvent) => {
    const items = menuItems(listRef.current);
    const at = items.indexOf(document.activeElement as HTMLElement);
    const focus = (i: number) => items[(i + items.length) % items.length]?.focus();
    if (event.key === "ArrowDown") focus(at + 1);
    else if (event.key === "ArrowUp") focus(at - 1);
    else if (event.key === "Home") focus(0);
    else if (event.key === "End") focus(items.length - 1);
    else if (event.key === "Escape") {
      setOpen(false);
      buttonRef.current?.focus();
    } else if (event.key === "Tab") setOpen(false);
    else return;
    if (event.key !== "Tab") event.preventDefault();
  };

  const onLogout = () => {
    setOpen(false);
    logout.mutate();
  };

  const label = phone ? maskPhone(phone) : (email ?? t("nav.account"));
  return (
    <div className="user-menu" ref={rootRef}>
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        className="user-menu__button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        data-testid="user-menu"
        // on a phone's width the label is hidden: the button keeps its name (the iOS wrapper)
        aria-label={label}
        onClick={() => (open ? setOpen(false) : openAt("first"))}
        onKeyDown={onButtonKey}
      >
        <span className="user-menu__avatar" aria-hidden="true">
          <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
            <circle cx="12" cy="8.5" r="4" fill="currentColor" />
            <path d="M4.5 20c1.2-4 4-6 7.5-6s6.3 2 7.5 6z" fill="currentColor" />
          </svg>
        </span>
        <span className="user-menu__label">{label}</span>
        <span className="user-menu__caret" aria-hidden="true">
          ▾
        </span>
      </button>
      {open && (
        <div
          className="user-menu__list"
          role="menu"
          id={menuId}
          aria-labelledby={buttonId}
          ref={listRef}
          onKeyDown={onMenuKey}
        >
          {info?.sourcesNo === SHORT_VIDEO_SOURCE && (
            <Link role="menuitem" to="/douyin" tabIndex={-1} onClick={() => setOpen(false)}>
              {t("nav.shortVideoStudio")}
            </Link>
          )}
          <Link role="menuitem" to="/workbench" tabIndex={-1} onClick={() => setOpen(false)}>
            {t("nav.workbench")}
          </Link>
          <Link role="menuitem" to="/workbench/account" tabIndex={-1} onClick={() => setOpen(false)}>
            {t("nav.accountSettings")}
          </Link>
          <Link role="menuitem" to="/upload" tabIndex={-1} onClick={() => setOpen(false)}>
            {t("nav.uploads")}
          </Link>
          <button role="menuitem" type="button" tabIndex={-1} onClick={onLogout}>
            {t("nav.logout")}
          </button>
        </div>
      )}
    </div>
  );
}

const menuItems = (list: HTMLElement | null): HTMLElement[] =>
  list ? [...list.querySelectorAll<HTMLElement>('[role="menuitem"]')] : [];
