/**
 * What `use-sync-external-store/shim` gives on React 18 and later: React's own hook (the shim's
 * production code picks it whenever React has it). react-i18next imports the shim; the build
 * aliases it here (vite.config.ts), so the landing page does not carry the fallback for old Reacts
 * (docs/decisions/030).
 */
export { useSyncExternalStore } from "react";
