import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { SceneApp } from "./SceneApp.tsx";
import "./scene.css";

const root = document.getElementById("root");
if (root)
  createRoot(root).render(
    <StrictMode>
      <SceneApp />
    </StrictMode>,
  );
