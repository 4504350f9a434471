import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/App.tsx";
import { preloadLoggedIn } from "./app/layout/lazyParts.tsx";
import { rememberEntry } from "./app/officialSite.ts";
import { catalogueReady } from "./lib/i18n/index.ts";
import "./styles/global.css";
import "./styles/forms.css";

rememberEntry();

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");
// The active language's texts arrive as their own chunk; render once they are in (a failed download
// still renders, and the language switcher can try again). With a token, so do the logged-in parts
// of the frame (the user's menu), which the landing page's visitor never loads.
void Promise.all([catalogueReady, preloadLoggedIn()])
  .catch(() => undefined)
  .then(() =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
