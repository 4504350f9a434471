import { QueryClientProvider } from "@tanstack/react-query";
import { I18nextProvider } from "react-i18next";
import { RouterProvider } from "react-router";
import { i18n } from "../lib/i18n/index.ts";
import { queryClient } from "../lib/queryClient.ts";
import { connectHost, takeAddressToken } from "./hostBridge.ts";
import { createAppRouter } from "./router.tsx";

// A token handed over in the address is taken before the router's guards run (embedded mode).
takeAddressToken();
const router = createAppRouter();
connectHost(router);

export function App() {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>
  );
}
