/**
 * Navigation for code outside React (the API client's code-600 logout). The router registers its
 * navigate function at start-up; until then, and in tests without a router, a full page load does.
 */

type Navigate = (to: string) => void;

let current: Navigate = (to) => window.location.assign(to);

export function setNavigate(navigate: Navigate): void {
  current = navigate;
}

export function navigate(to: string): void {
  current(to);
}

export function currentPath(): string {
  return typeof window === "undefined" ? "/" : window.location.pathname;
}
