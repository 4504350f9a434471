import { type RouteObject, UNSAFE_createMemoryHistory } from "react-router";
import { describe, expect, it } from "vitest";
import { guardedHistory, guardRedirect } from "./guards.ts";
import type { RouteHandle } from "./routes.ts";

const handle = (extra: Omit<RouteHandle, "def">): RouteHandle => ({ def: { title: "t" }, ...extra });

/** The shapes router.tsx builds: plain pages, a guarded parent with a forwarding index, a framed route. */
const routes: RouteObject[] = [
  {
    children: [
      { path: "/", handle: handle({ guard: { access: "public" } }) },
      { path: "/login", handle: handle({ guard: { access: "public", guestOnly: true } }) },
      { path: "/myPerson", handle: handle({ guard: { access: "login" } }) },
      {
        path: "/workbench",
        handle: handle({ guard: { access: "login" } }),
        children: [
          { index: true, handle: handle({ redirect: "/workbench/myplan" }) },
          { path: "myplan", handle: handle({ guard: { access: "login" } }) },
        ],
      },
      {
        children: [{ path: "/douyinFace", handle: handle({ guard: { access: "login", frame: "shortVideo" } }) }],
      },
      { path: "*", handle: { def: { title: "notFound" } } },
    ],
  },
];

const at = (url: string) => {
  const { pathname, search } = new URL(url, "http://x");
  return { pathname, search };
};

describe("guardRedirect", () => {
  it("lets a public page and an unknown path through", () => {
    expect(guardRedirect(routes, at("/"), false)).toBeNull();
    expect(guardRedirect(routes, at("/nowhere"), false)).toBeNull();
  });

  it("sends a visitor without a token to the login page, remembering the page and its query", () => {
    expect(guardRedirect(routes, at("/myPerson?x=1"), false)).toBe("/login?redirect=%2FmyPerson%3Fx%3D1");
    expect(guardRedirect(routes, at("/myPerson"), true)).toBeNull();
  });

  it("checks the parent's guard before a child's forward", () => {
    expect(guardRedirect(routes, at("/workbench"), false)).toBe("/login?redirect=%2Fworkbench");
    expect(guardRedirect(routes, at("/workbench?tab=2"), true)).toBe("/workbench/myplan?tab=2");
  });

  it("sends the short-video frame's visitors to its own login, and logged-in users away from the login page", () => {
    expect(guardRedirect(routes, at("/douyinFace"), false)).toBe("/douyinLogin?redirect=%2FdouyinFace");
    expect(guardRedirect(routes, at("/login"), true)).toBe("/");
  });
});

describe("guardedHistory", () => {
  // No token in the session here: the private pages redirect.
  const setUp = (initial: string) => {
    const memory = UNSAFE_createMemoryHistory({ initialEntries: [initial], v5Compat: true });
    const history = guardedHistory(memory as unknown as Parameters<typeof guardedHistory>[0], routes);
    const heard: string[] = [];
    history.listen(({ location }) => heard.push(location.pathname + location.search));
    return { history, heard };
  };

  it("replaces a refused first location before anything renders", () => {
    const { history } = setUp("/myPerson");
    expect(history.location.pathname + history.location.search).toBe("/login?redirect=%2FmyPerson");
  });

  it("never tells the router about a refused location, only about its redirect", async () => {
    const { history, heard } = setUp("/");
    history.push("/workbench");
    await settle();
    history.push("/");
    await settle();
    expect(heard).toEqual(["/login?redirect=%2Fworkbench", "/"]);
    expect(history.location.pathname).toBe("/");
  });

  it("changes the address once the next page's code has arrived; the latest navigation wins", async () => {
    let arrive = () => {};
    const slow: RouteObject[] = [
      { path: "/", handle: handle({ guard: { access: "public" } }) },
      {
        path: "/slow",
        handle: { ...handle({ guard: { access: "public" } }), preload: () => new Promise<void>((r) => (arrive = r)) },
      },
      { path: "/fast", handle: handle({ guard: { access: "public" } }) },
    ];
    const memory = UNSAFE_createMemoryHistory({ initialEntries: ["/"], v5Compat: true });
    const history = guardedHistory(memory as unknown as Parameters<typeof guardedHistory>[0], slow);
    const heard: string[] = [];
    history.listen(({ location }) => heard.push(location.pathname));
    history.push("/slow");
    await settle();
    expect(history.location.pathname).toBe("/");
    arrive();
    await settle();
    expect(heard).toEqual(["/slow"]);
    history.push("/slow");
    history.push("/fast");
    await settle();
    expect(heard).toEqual(["/slow", "/fast"]);
  });
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
