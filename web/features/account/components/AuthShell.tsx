import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Logo } from "../../../components/Logo.tsx";

interface AuthShellProps {
  title: string;
  subtitle?: string;
  children: ReactNode;
  testId?: string;
  /** The brand panel's heading and text, when the page has its own (the short-video login). */
  aside?: { title: string; body: string };
}

/** The frame of the account pages: the brand panel on the left, the form card on the right. */
export function AuthShell({ title, subtitle, children, testId, aside }: AuthShellProps) {
  const { t } = useTranslation();
  return (
    <div className="login container" data-testid={testId}>
      <aside className="login__aside" aria-hidden="true">
        <Logo size={48} />
        <h2>{aside?.title ?? t("login.asideTitle")}</h2>
        <p>{aside?.body ?? t("login.asideBody")}</p>
        <div className="login__orbs">
          <span />
          <span />
          <span />
        </div>
      </aside>
      <section className="login__panel card">
        <h1>{title}</h1>
        {subtitle && <p className="login__subtitle">{subtitle}</p>}
        {children}
      </section>
    </div>
  );
}
