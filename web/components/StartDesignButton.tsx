import type { ReactNode } from "react";
import { Link } from "react-router";
import { useSession } from "../lib/session.ts";
import { startDesign } from "../lib/startDesign.ts";

/** 'Start design' for any page: logged out it leads to /login, logged in it passes the membership gate. */
export function StartDesignButton({ className, children }: { className: string; children: ReactNode }) {
  const loggedIn = useSession((s) => s.token !== null);
  if (!loggedIn)
    return (
      <Link to="/login" className={className}>
        {children}
      </Link>
    );
  return (
    <button type="button" className={className} data-testid="start-design" onClick={() => startDesign()}>
      {children}
    </button>
  );
}
