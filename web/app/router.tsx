import { type ComponentType, Suspense, use, useMemo } from "react";
import {
  matchRoutes,
  Outlet,
  type RouteObject,
  UNSAFE_createBrowserHistory,
  useLocation,
  useRoutes,
} from "react-router";
import { NotAvailable } from "../components/NotAvailable.tsx";
import { StartDesignHost } from "../features/avatars/StartDesignHost.tsx";
import { loadPageTexts } from "../lib/i18n/index.ts";
import { setNavigate } from "../lib/navigation.ts";
import { AppErrorBoundary } from "./ErrorPage.tsx";
import { guardedHistory, type History } from "./guards.ts";
import { RootLayout } from "./layout/RootLayout.tsx";
import { rememberScroll } from "./layout/ScrollRestoration.tsx";
import { PageDefContext, usePageMeta } from "./layout/usePageMeta.ts";
import { NotFoundPage } from "./NotFoundPage.tsx";
import { PageShown } from "./pageShown.ts";
import { BARE_ROUTES, ROUTES, type RouteDef, type RouteHandle } from "./routes.ts";

type Lazy = () => Promise<{ Component: ComponentType }>;

/** A page inside TanStack Query's provider. */
function withQuery(Page: ComponentType, { QueryProvider }: typeof import("../lib/QueryProvider.tsx")): ComponentType {
  return function QueryPage() {
    return (
      <QueryProvider>
        <Page />
      </QueryProvider>
    );
  };
}

/**
 * The loaders, each also fetching the other pages' texts (web/lib/i18n: the shell's texts are
 * already in) and TanStack Query with its provider around the page, except the pages named: the
 * home page needs only the shell's texts and no query library (docs/decisions/030).
 */
function withPageTexts<K extends string>(loads: Record<K, Lazy>, except: string[] = []): Record<K, Lazy> {
  return Object.fromEntries(
    Object.entries<Lazy>(loads).map(([path, load]) => [
      path,
      except.includes(path)
        ? load
        : () =>
            Promise.all([load(), import("../lib/QueryProvider.tsx"), loadPageTexts()]).then(([page, query]) => ({
              Component: withQuery(page.Component, query),
            })),
    ]),
  ) as Record<K, Lazy>;
}

/**
 * The route table as React Router's declarative routes (useRoutes), with the guards applied by the
 * history itself (guards.ts). Declarative, not the data router: its loaders, fetchers and
 * revalidation were 15 KB of every page's JavaScript, and the guards were all the app used them
 * for (docs/decisions/030).
 *
 * The pages built so far, loaded on demand: each is its own chunk, so the landing page ships
 * only the landing page. Every other route shows its title and "not available yet".
 */
const PAGES: Record<string, Lazy> = withPageTexts(
  {
    "/": () => import("../features/home/HomePage.tsx").then((m) => ({ Component: m.HomePage })),
    "/login": () => import("../features/account/LoginPage.tsx").then((m) => ({ Component: m.LoginPage })),
    "/douyinLogin": () =>
      import("../features/account/DouyinLoginPage.tsx").then((m) => ({ Component: m.DouyinLoginPage })),
    "/register": () => import("../features/account/RegisterPage.tsx").then((m) => ({ Component: m.RegisterPage })),
    "/forget": () => import("../features/account/ForgetPage.tsx").then((m) => ({ Component: m.ForgetPage })),
    "/bindEmail": () =>
      import("../features/account/thirdparty/BindEmailPage.tsx").then((m) => ({ Component: m.BindEmailPage })),
    "/wxCheck": () =>
      import("../features/account/thirdparty/CallbackPage.tsx").then((m) => ({ Component: m.WxCheckPage })),
    "/controllerCheck": () =>
      import("../features/account/thirdparty/CallbackPage.tsx").then((m) => ({ Component: m.ControllerCheckPage })),
    "/cancelIntroduce": () =>
      import("../features/account/cancel/CancelIntroducePage.tsx").then((m) => ({ Component: m.CancelIntroducePage })),
    "/verification": () =>
      import("../features/account/cancel/VerificationPage.tsx").then((m) => ({ Component: m.VerificationPage })),
    "/workbench/account": () =>
      import("../features/account/panel/AccountPanel.tsx").then((m) => ({ Component: m.AccountPanel })),
    "/upload": () => import("../features/files/UploadPage.tsx").then((m) => ({ Component: m.UploadPage })),
    "/face": () => import("../features/avatars/face/FaceEditorPage.tsx").then((m) => ({ Component: m.FaceEditorPage })),
    // The short-video variant's pages are the site's own, in its frame (FRAMES below, docs/decisions/029).
    "/douyinFace": () =>
      import("../features/avatars/face/FaceEditorPage.tsx").then((m) => ({ Component: m.FaceEditorPage })),
    "/douyin/douyinPerson": () =>
      import("../features/avatars/MyPersonPage.tsx").then((m) => ({ Component: m.MyPersonPage })),
    "/newPerson": () => import("../features/avatars/NewPersonPage.tsx").then((m) => ({ Component: m.NewPersonPage })),
    "/myPersonDetail": () =>
      import("../features/avatars/MyPersonDetailPage.tsx").then((m) => ({ Component: m.MyPersonDetailPage })),
    "/myPerson": () => import("../features/avatars/MyPersonPage.tsx").then((m) => ({ Component: m.MyPersonPage })),
    "/workbench/myPerson": () =>
      import("../features/avatars/MyPersonPage.tsx").then((m) => ({ Component: m.WorkbenchMyPerson })),
    "/plan": () => import("../features/plan/PlanPage.tsx").then((m) => ({ Component: m.PlanPage })),
    "/myplan": () => import("../features/plan/MyPlanPage.tsx").then((m) => ({ Component: m.MyPlanPage })),
    "/workbench/myplan": () =>
      import("../features/plan/MyPlanPage.tsx").then((m) => ({ Component: m.WorkbenchMyPlan })),
    "/help": () => import("../features/help/HelpPage.tsx").then((m) => ({ Component: m.HelpPage })),
    "/douyinHelp": () => import("../features/help/HelpPage.tsx").then((m) => ({ Component: m.DouyinHelpPage })),
    "/appHelp": () => import("../features/help/HelpPage.tsx").then((m) => ({ Component: m.AppHelpCatalogPage })),
    "/appHelp/catalog": () =>
      import("../features/help/HelpPage.tsx").then((m) => ({ Component: m.AppHelpCatalogPage })),
    "/appHelp/detail": () => import("../features/help/HelpPage.tsx").then((m) => ({ Component: m.AppHelpDetailPage })),
    "/notice": () => import("../features/help/NoticePages.tsx").then((m) => ({ Component: m.NoticePage })),
    "/noticeDetail": () => import("../features/help/NoticePages.tsx").then((m) => ({ Component: m.NoticeDetailPage })),
    "/live": () => import("../features/live/LivePage.tsx").then((m) => ({ Component: m.LivePage })),
    "/workbench/cloudRecord": () =>
      import("../features/live/LiveRecordsPage.tsx").then((m) => ({ Component: m.LiveRecordsPage })),
    "/ip": () => import("../features/ip/IpPage.tsx").then((m) => ({ Component: m.IpPage })),
    "/download": () => import("../features/download/DownloadPage.tsx").then((m) => ({ Component: m.DownloadPage })),
    "/introduce": () => import("../features/help/IntroducePage.tsx").then((m) => ({ Component: m.IntroducePage })),
    "/member": () => import("../features/membership/MemberPage.tsx").then((m) => ({ Component: m.MemberPage })),
    "/appMember": () => import("../features/membership/MemberPage.tsx").then((m) => ({ Component: m.AppMemberPage })),
    "/workbench/svip": () => import("../features/membership/SvipPage.tsx").then((m) => ({ Component: m.SvipPage })),
    "/workbench/orderList": () =>
      import("../features/membership/OrdersPage.tsx").then((m) => ({ Component: m.OrdersPage })),
    "/myCenter/myOrder": () =>
      import("../features/membership/OrdersPage.tsx").then((m) => ({ Component: m.MyOrderPage })),
    "/customized": () => import("../features/custom/CustomizedPage.tsx").then((m) => ({ Component: m.CustomizedPage })),
    "/myCustomized": () =>
      import("../features/custom/MyCustomizedPage.tsx").then((m) => ({ Component: m.MyCustomizedPage })),
    "/workbench/myCustomized": () =>
      import("../features/custom/MyCustomizedPage.tsx").then((m) => ({ Component: m.WorkbenchMyCustomized })),
    "/shop/singleList": () => import("../features/shop/ShopListPage.tsx").then((m) => ({ Component: m.ShopListPage })),
    "/shop/singleDetail": () =>
      import("../features/shop/ShopDetailPage.tsx").then((m) => ({ Component: m.ShopDetailPage })),
    "/myProducts": () => import("../features/shop/MyProductsPage.tsx").then((m) => ({ Component: m.MyProductsPage })),
    "/workbench/myProducts": () =>
      import("../features/shop/MyProductsPage.tsx").then((m) => ({ Component: m.WorkbenchMyProducts })),
  },
  ["/"],
);

/** Layouts of routes with children; the others just render the child. */
const LAYOUTS: Record<string, Lazy> = withPageTexts({
  "/workbench": () =>
    import("../features/workbench/WorkbenchLayout.tsx").then((m) => ({ Component: m.WorkbenchLayout })),
});

/** Pathless layouts around the routes of routes.ts that name a frame. */
const FRAMES: Record<NonNullable<RouteDef["frame"]>, Lazy> = withPageTexts({
  shortVideo: () => import("../features/douyin/DouyinFrame.tsx").then((m) => ({ Component: m.DouyinFrame })),
});

/**
 * Each page's code, once per loader (a page shared by two paths loads once). Unlike React.lazy, a
 * page whose code has arrived renders at once, with no round through Suspense: the history loads
 * the next page's code before it changes the address (guards.ts), then the router draws the new
 * page in the same task, so the address and the page on screen never disagree.
 */
const loadedPages = new Map<Lazy, ComponentType>();
const loadingPages = new Map<Lazy, Promise<{ Component: ComponentType }>>();
const failedPages = new Set<Lazy>();
function loadPage(load: Lazy): Promise<{ Component: ComponentType }> {
  let pending = loadingPages.get(load);
  if (!pending) {
    pending = load().then((page) => {
      loadedPages.set(load, page.Component);
      return page;
    });
    // A failed chunk's promise stays, so the page's render meets the same failure (the error
    // page) rather than asking again and again; the next navigation to it asks again.
    pending.catch(() => failedPages.add(load));
    loadingPages.set(load, pending);
  }
  return pending;
}
const preloadOf = (load: Lazy | undefined) =>
  load &&
  (() => {
    if (failedPages.delete(load)) loadingPages.delete(load);
    return loadPage(load);
  });

function LazyPage({ load }: { load: Lazy }) {
  // `use` suspends until the code arrives, and throws its error to the error boundary.
  const Component = loadedPages.get(load) ?? use(loadPage(load)).Component;
  return <Component />;
}
const lazyElement = (load: Lazy) => <LazyPage load={load} />;

/** The routes of one frame (or of none) as router children; a frame becomes a layout route around its routes. */
function framedRoutes(): RouteObject[] {
  const plain = ROUTES.filter((def) => !def.frame).map((def) => toRoute(def, ""));
  const frames = Object.entries(FRAMES).map(([frame, load]) => ({
    handle: { preload: preloadOf(load) },
    element: lazyElement(load),
    children: ROUTES.filter((def) => def.frame === frame).map((def) => toRoute(def, "")),
  }));
  return [...plain, ...frames];
}

/** A built page, or the honest "not available yet" (framed like a page unless a layout frames it). */
function page(fullPath: string, def: RouteDef, framed: boolean) {
  const load = PAGES[fullPath];
  if (load) return lazyElement(load);
  const soon = <NotAvailable titleKey={def.title} />;
  return framed ? soon : <div className="page container">{soon}</div>;
}

function toRoute(def: RouteDef, parentPath: string, framed = false): RouteObject {
  const fullPath = def.path.startsWith("/") ? def.path : `${parentPath}/${def.path}`;
  const handle: RouteHandle = { def, guard: def };
  if (!def.children)
    return {
      path: def.path,
      handle: { ...handle, preload: preloadOf(PAGES[fullPath]) },
      element: page(fullPath, def, framed),
    };

  // A forwarding index route never renders: the history replaces it first (guards.ts).
  const index: RouteObject = def.redirectTo
    ? { index: true, handle: { def, redirect: `${fullPath}/${def.redirectTo}` } }
    : { index: true, handle: { def, preload: preloadOf(PAGES[fullPath]) }, element: page(fullPath, def, framed) };
  const layout = LAYOUTS[fullPath];
  return {
    path: def.path,
    handle: { ...handle, preload: preloadOf(layout) },
    element: layout ? lazyElement(layout) : <Outlet />,
    children: [index, ...def.children.map((child) => toRoute(child, fullPath, layout !== undefined))],
  };
}

const notFoundHandle: RouteHandle = { def: { title: "notFound" } };

/** A page without RootLayout writes its page metadata itself. */
function BarePage({ load }: { load: Lazy }) {
  usePageMeta();
  return lazyElement(load);
}

/** Pages without the site's frame (routes.ts BARE_ROUTES): they draw their own overlays. */
const BARE_PAGES: Record<string, Lazy> = withPageTexts({
  "/creator": () => import("../features/creator/CreatorPage.tsx").then((m) => ({ Component: m.CreatorPage })),
  "/live/studio": () => import("../features/live/StudioPage.tsx").then((m) => ({ Component: m.StudioPage })),
  "/live/obs": () => import("../features/live/ObsPage.tsx").then((m) => ({ Component: m.ObsPage })),
});

const bareRoutes: RouteObject[] = BARE_ROUTES.map((def) => {
  const load = BARE_PAGES[def.path];
  return {
    path: def.path,
    handle: { def, guard: def, preload: preloadOf(load) } satisfies RouteHandle,
    element: (
      <AppErrorBoundary>
        <Suspense fallback={<div className="boot" />}>
          {load ? <BarePage load={load} /> : <NotAvailable titleKey={def.title} />}
          <PageShown />
        </Suspense>
      </AppErrorBoundary>
    ),
  };
});

export const routeObjects: RouteObject[] = [
  ...bareRoutes,
  {
    element: (
      <AppErrorBoundary>
        <RootLayout />
        <StartDesignHost />
      </AppErrorBoundary>
    ),
    children: [...framedRoutes(), { path: "*", handle: notFoundHandle, element: <NotFoundPage /> }],
  },
];

const isHandle = (value: unknown): value is RouteHandle =>
  typeof value === "object" && value !== null && "def" in value;

/** The routes, with the deepest matched route's table entry for the page metadata (usePageMeta). */
export function AppRoutes() {
  const location = useLocation();
  const def = useMemo(
    () =>
      (matchRoutes(routeObjects, location) ?? [])
        .map((m) => m.route.handle)
        .filter(isHandle)
        .at(-1)?.def,
    [location],
  );
  return <PageDefContext.Provider value={def}>{useRoutes(routeObjects, location)}</PageDefContext.Provider>;
}

/** The browser history the app's router runs on, guarded (guards.ts). */
export function createAppHistory(): History {
  const history = guardedHistory(UNSAFE_createBrowserHistory({ v5Compat: true }), routeObjects, rememberScroll);
  // The API client's 600 handler navigates through the router: no full page reload.
  setNavigate((to) => history.replace(to));
  return history;
}
