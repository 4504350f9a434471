/**
 * The round trip through the login page: the guard sends a logged-out visitor to
 * /login?redirect=<where they were going>, and the login page sends them back there.
 */

export function loginUrlFor(from: string): string {
  return from && from !== "/" ? `/login?redirect=${encodeURIComponent(from)}` : "/login";
}

/**
 * The page to open after logging in: the `redirect` query if it names a path of this site, else /.
 * Anything not starting with a single slash (//evil.example, https://...) is refused: no open redirect.
 */
export function afterLoginPath(redirect: string | null): string {
  if (!redirect?.startsWith("/") || redirect.startsWith("//") || redirect.startsWith("/\\")) return "/";
  return redirect;
}
