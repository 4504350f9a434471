import { QueryClientProvider } from "@tanstack/react-query";
import { I18nextProvider } from "react-i18next";
import { unstable_HistoryRouter as HistoryRouter } from "react-router";
import { i18n } from "../lib/i18n/index.ts";
import { queryClient } from "../lib/queryClient.ts";
import { connectHost, takeAddressToken } from "./hostBridge.ts";
import { AppRoutes, createAppHistory } from "./router.tsx";

// A token handed over in the address is taken before the guards first look (embedded mode).
takeAddressToken();
const history = createAppHistory();
connectHost(history);

export function App() {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        {/* No transitions: a navigation's page code is loaded before the address changes, and the
            page is drawn at once with it (guards.ts). */}
        <HistoryRouter history={history} useTransitions={false}>
          <AppRoutes />
        </HistoryRouter>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
