import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { maskPhone } from "../../../shared/constants.ts";
import { useLogout } from "../../features/account/index.ts";
import { useSession } from "../../lib/session.ts";

/**
 * The logged-in user's menu: the masked phone (first 3 and last 4 digits), else the email;
 * workbench, account, uploads, log out (revokes the token on the server, then ends the session).
 */
export function UserMenu() {
  const { t } = useTranslation();
  const phone = useSession((s) => s.userInfo?.phone);
  const email = useSession((s) => s.userInfo?.email);
  const logout = useLogout();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") setOpen(false);
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  const onLogout = () => {
    setOpen(false);
    logout.mutate();
  };

  const label = phone ? maskPhone(phone) : (email ?? t("nav.account"));
  return (
    <div className="user-menu" ref={rootRef}>
      <button
        type="button"
        className="user-menu__button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        data-testid="user-menu"
        onClick={() => setOpen((v) => !v)}
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
        <div className="user-menu__list" role="menu" id={menuId}>
          <Link role="menuitem" to="/workbench" onClick={() => setOpen(false)}>
            {t("nav.workbench")}
          </Link>
          <Link role="menuitem" to="/workbench/account" onClick={() => setOpen(false)}>
            {t("nav.accountSettings")}
          </Link>
          <Link role="menuitem" to="/upload" onClick={() => setOpen(false)}>
            {t("nav.uploads")}
          </Link>
          <button role="menuitem" type="button" onClick={onLogout}>
            {t("nav.logout")}
          </button>
        </div>
      )}
    </div>
  );
}
