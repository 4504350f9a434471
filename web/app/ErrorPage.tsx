import { Component, type ReactNode, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import "./status-page.css";

/**
 * Shown when a page crashes or its code fails to load (a stale chunk after a deploy, say).
 * The header is gone with the crashed layout, so this page stands alone.
 */
export function ErrorPage({ error }: { error: unknown }) {
  const { t } = useTranslation();
  useEffect(() => {
    console.error(error);
    document.title = `${t("titles.error")} · ${t("common.brand")}`;
  }, [error, t]);
  return (
    <section className="status-page container" role="alert">
      <h1>{t("titles.error")}</h1>
      <p>{t("errorPage.body")}</p>
      <button type="button" className="btn btn--primary btn--lg" onClick={() => window.location.reload()}>
        {t("errorPage.reload")}
      </button>
    </section>
  );
}

interface BoundaryProps {
  /** A new value (the next page) clears a caught error. */
  resetKey: string;
  children: ReactNode;
}

/** React catches render errors only in a class component's lifecycle. */
class Boundary extends Component<BoundaryProps, { error: unknown; resetKey: string }> {
  state = { error: null as unknown, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error("unknown error") };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { resetKey: string }) {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  render() {
    return this.state.error ? <ErrorPage error={this.state.error} /> : this.props.children;
  }
}

/** The error page in place of what it wraps when that crashes, until the user goes to another path. */
export function AppErrorBoundary({ children }: { children: ReactNode }) {
  return <Boundary resetKey={useLocation().pathname}>{children}</Boundary>;
}
