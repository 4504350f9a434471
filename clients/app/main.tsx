import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { ControlApp } from "./ControlApp.tsx";
import "./app.css";

const root = document.getElementById("root");
if (root)
  createRoot(root).render(
    <StrictMode>
      <ControlApp />
    </StrictMode>,
  );
