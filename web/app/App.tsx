import { I18nextProvider } from "react-i18next";
import { unstable_HistoryRouter as HistoryRouter } from "react-router";
import { i18n } from "../lib/i18n/index.ts";
import { connectHost, takeAddressToken } from "./hostBridge.ts";
import { AppRoutes, createAppHistory } from "./router.tsx";

// A token handed over in the address is taken before the guards first look (embedded mode).
takeAddressToken();
const history = createAppHistory();
connectHost(history);

export function App() {
  return (
    <I18nextProvider i18n={i18n}>
      {/* No transitions: a navigation's page code is loaded before the address changes, and the
          page is drawn at once with it (guards.ts). TanStack Query is not here: the router puts
          it around the pages that may use it (router.tsx), so the landing page never loads it. */}
      <HistoryRouter history={history} useTransitions={false}>
        <AppRoutes />
      </HistoryRouter>
    </I18nextProvider>
  );
}
