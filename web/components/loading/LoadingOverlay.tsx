import { createPortal } from "react-dom";
import { useTranslation } from "react-i18next";
import { useStore } from "zustand";
import { LOADING_FRAMES } from "../../../shared/constants.ts";
import { useTopModal } from "../modal/topModal.ts";
import { beadOpacity, scanY } from "./frames.ts";
import { loadingStore } from "./loadingStore.ts";
import { useFrameStepper } from "./useFrameStepper.ts";
import "./loading.css";

const BEADS = Array.from({ length: LOADING_FRAMES }, (_, i) => {
  const angle = (i / LOADING_FRAMES) * Math.PI * 2 - Math.PI / 2;
  return { i, x: 50 + Math.cos(angle) * 44, y: 50 + Math.sin(angle) * 44 };
});

/** The animation itself, usable inline too (a card that is loading). */
export function LoadingAnimation({ frame }: { frame: number }) {
  const y = scanY(frame);
  return (
    <svg className="loading__art" viewBox="0 0 100 100" aria-hidden="true" data-frame={frame}>
      {BEADS.map((b) => (
        <circle key={b.i} cx={b.x} cy={b.y} r={2.6} fill="var(--accent-2)" opacity={beadOpacity(b.i, frame)} />
      ))}
      {/* The avatar bust being "scanned" */}
      <ellipse cx="50" cy="46" rx="15" ry="18" fill="var(--loading-face)" />
      <path d="M26 84c3-13 13-19 24-19s21 6 24 19" fill="var(--loading-face)" />
      <path d="M35 42c0-13 7-20 15-20s16 7 16 20c-4-6-10-9-16-9s-12 3-15 9z" fill="var(--accent)" />
      <line x1="30" x2="70" y1={y} y2={y} stroke="var(--accent-2)" strokeWidth="1.6" strokeLinecap="round" />
    </svg>
  );
}

/** Full-screen overlay shown while `loadingStore` counts work in progress (inside the topmost modal, if any). */
export function LoadingOverlay() {
  const { t } = useTranslation();
  const { count, label } = useStore(loadingStore);
  const active = count > 0;
  const frame = useFrameStepper(active);
  const modal = useTopModal();
  if (!active) return null;
  const overlay = (
    <div
      className="loading"
      role="progressbar"
      aria-busy="true"
      aria-label={label ?? t("common.loading")}
      data-testid="loading-overlay"
      data-frame={frame}
    >
      <LoadingAnimation frame={frame} />
      <p className="loading__label">{label ?? t("common.loading")}</p>
    </div>
  );
  return modal ? createPortal(overlay, modal) : overlay;
}
