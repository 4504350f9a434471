import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/App.tsx";
import { rememberEntry } from "./app/officialSite.ts";
import { catalogueReady } from "./lib/i18n/index.ts";
import "./styles/global.css";
import "./styles/forms.css";

rememberEntry();

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");
// The active language's texts arrive as their own chunk; render once they are in (a failed download
// still renders, and the language switcher can try again).
void catalogueReady
  .catch(() => undefined)
  .then(() =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
