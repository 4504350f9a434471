/**
 * The round trip through the login page: the guard sends a logged-out visitor to
 * /login?redirect=<where they were going> (or /douyinLogin?redirect=), and the login page sends them back there.
 */

export function loginUrlFor(from: string, login = "/login"): string {
  return from && from !== "/" ? `${login}?redirect=${encodeURIComponent(from)}` : login;
}

/**
 * The page to open after logging in: the `redirect` query if it names a path of this site, else
 * `home` (/; the short-video login's is its avatar list).
 * Anything not starting with a single slash (//evil.example, https://...) is refused: no open redirect.
 */
export function afterLoginPath(redirect: string | null, home = "/"): string {
  if (!redirect?.startsWith("/") || redirect.startsWith("//") || redirect.startsWith("/\\")) return home;
  return redirect;
}
