import type { ReactNode } from "react";

type Kind = "working" | "success" | "error" | "info";

const ICON: Record<Kind, ReactNode> = {
  working: <span className="status-card__spinner" />,
  success: <path d="M14 25l7 7 14-16" />,
  error: <path d="M17 17l14 14M31 17L17 31" />,
  info: <path d="M24 15v2M24 22v12" />,
};

/** A one-message page: working, done, refused. The title is the page's heading. */
export function StatusCard({
  kind,
  title,
  body,
  action,
  testId,
}: {
  kind: Kind;
  title: string;
  body?: string;
  action?: ReactNode;
  testId?: string;
}) {
  return (
    <div className="status-card container" data-testid={testId}>
      <section
        className={`status-card__card card status-card--${kind}`}
        role={kind === "error" ? "alert" : "status"}
        aria-busy={kind === "working" || undefined}
      >
        {kind === "working" ? (
          ICON.working
        ) : (
          <svg className="status-card__icon" viewBox="0 0 48 48" aria-hidden="true">
            <circle cx="24" cy="24" r="22" />
            {ICON[kind]}
          </svg>
        )}
        <h1>{title}</h1>
        {body && <p>{body}</p>}
        {action && <div className="status-card__action">{action}</div>}
      </section>
    </div>
  );
}
