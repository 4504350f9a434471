import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { IframeDialog, type IframeDialogHandle } from "../../../components/iframe/IframeDialog.tsx";
import { LoadingAnimation } from "../../../components/loading/LoadingOverlay.tsx";
import { withLoading } from "../../../components/loading/loadingStore.ts";
import { useFrameStepper } from "../../../components/loading/useFrameStepper.ts";
import { ApiError } from "../../../lib/api.ts";
import { openPlanEditor } from "../../../lib/editors.ts";
import { hostReaction } from "../../../lib/frameProtocol.ts";
import { USER_SCOPE } from "../../../lib/queryClient.ts";
import { useSession } from "../../../lib/session.ts";
import { createCartoon, toonify } from "./cloningApi.ts";
import "./cloning.css";

/** The creator page, same origin, speaking the frame protocol. */
export const CREATOR_URL = "/creator?frameApi";

type Phase =
  | { kind: "idle" }
  | { kind: "converting" }
  | { kind: "error"; message: string; url: string; created: boolean };

const STEPS = ["pick", "export", "convert"] as const;

/**
 * Tab 3 of 'Start design': the cartoon avatar creator in the iframe dialog. When it exports, the
 * cartoon is taken (createCartoon) and toonified into an avatar and its first plan, which opens.
 * A failed conversion offers a retry. Embedded in a host application, the host is told to edit the plan.
 */
export function CartoonTab({ onBusyChange }: { onBusyChange?(busy: boolean): void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const frameRef = useRef<IframeDialogHandle>(null);
  const [open, setOpen] = useState(false);
  const [phase, setPhase] = useState<Phase>({ kind: "idle" });
  const busy = phase.kind === "converting";
  const frame = useFrameStepper(busy);

  useEffect(() => onBusyChange?.(busy), [busy, onBusyChange]);
  useEffect(() => () => onBusyChange?.(false), [onBusyChange]);

  const convert = useCallback(
    async (url: string, created: boolean) => {
      onBusyChange?.(true);
      setPhase({ kind: "converting" });
      try {
        const result = await withLoading(async () => {
          if (!created) await createCartoon(url);
          created = true;
          return toonify(url, "A");
        }, t("cloning.cartoon.converting"));
        void queryClient.invalidateQueries({ queryKey: USER_SCOPE });
        onBusyChange?.(false);
        useSession.getState().setStartDesignOpen(false);
        // Embedded in a host application, the host opens the plan; otherwise we route there.
        openPlanEditor({ planId: result.planId, roleId: result.roleId, avatarSex: result.sex }, navigate);
      } catch (error) {
        onBusyChange?.(false);
        if (error instanceof ApiError && error.kind === "logout") return;
        const message = error instanceof ApiError && error.message ? error.message : t("cloning.cartoon.failed");
        setPhase({ kind: "error", message, url, created });
      }
    },
    [navigate, onBusyChange, queryClient, t],
  );

  const onMessage = useCallback(
    (data: unknown) => {
      const action = hostReaction(data);
      if (action.type === "subscribe") frameRef.current?.post(action.message);
      else if (action.type === "exported") {
        setOpen(false);
        void convert(action.avatar.url, false);
      }
    },
    [convert],
  );
  const close = useCallback(() => setOpen(false), []);

  return (
    <div className="cartoon-tab" data-testid="cartoon-tab" data-phase={phase.kind}>
      <div className="cartoon-tab__art" aria-hidden="true">
        <CartoonArt />
      </div>
      <div className="cartoon-tab__copy">
        <h3>{t("cloning.cartoon.title")}</h3>
        <p>{t("cloning.cartoon.body")}</p>
        <ol className="cartoon-tab__steps">
          {STEPS.map((key) => (
            <li key={key}>{t(`cloning.cartoon.steps.${key}`)}</li>
          ))}
        </ol>
        <button
          type="button"
          className="btn btn--primary btn--lg"
          disabled={busy}
          data-testid="cartoon-open"
          onClick={() => {
            setPhase({ kind: "idle" });
            setOpen(true);
          }}
        >
          {t("cloning.cartoon.open")}
        </button>
        {busy && (
          <div className="cartoon-tab__status" role="status">
            <LoadingAnimation frame={frame} />
            <p>{t("cloning.cartoon.converting")}</p>
          </div>
        )}
        {phase.kind === "error" && (
          <div className="cartoon-tab__status cartoon-tab__status--error">
            <p role="alert" data-testid="cartoon-error">
              {phase.message}
            </p>
            <button
              type="button"
              className="btn btn--ghost"
              data-testid="cartoon-retry"
              onClick={() => void convert(phase.url, phase.created)}
            >
              {t("cloning.cartoon.retry")}
            </button>
          </div>
        )}
      </div>
      <IframeDialog
        ref={frameRef}
        open={open}
        url={CREATOR_URL}
        title={t("cloning.cartoon.dialogTitle")}
        onClose={close}
        onMessage={onMessage}
      />
    </div>
  );
}

/** A friendly cartoon face for the tab (no three.js in the dialog's chunk). */
function CartoonArt() {
  return (
    <svg viewBox="0 0 200 200" width="240" height="240" aria-hidden="true">
      <circle cx="100" cy="104" r="62" fill="#ffd9bf" />
      <path d="M38 96c0-44 28-66 62-66s62 22 62 66c-10-18-30-30-62-30s-52 12-62 30z" fill="#6d4aff" />
      <ellipse cx="78" cy="106" rx="13" ry="16" fill="#fff" />
      <ellipse cx="122" cy="106" rx="13" ry="16" fill="#fff" />
      <circle cx="80" cy="109" r="8" fill="#2b2250" />
      <circle cx="124" cy="109" r="8" fill="#2b2250" />
      <circle cx="83" cy="105" r="3" fill="#fff" />
      <circle cx="127" cy="105" r="3" fill="#fff" />
      <ellipse cx="66" cy="130" rx="9" ry="5" fill="#ff9fb8" opacity="0.6" />
      <ellipse cx="134" cy="130" rx="9" ry="5" fill="#ff9fb8" opacity="0.6" />
      <path d="M88 138q12 10 24 0" fill="none" stroke="#2b2250" strokeWidth="4" strokeLinecap="round" />
      <path d="M46 190c6-22 28-32 54-32s48 10 54 32z" fill="#22c3e6" />
      <circle cx="164" cy="44" r="6" fill="#ffd447" />
      <circle cx="30" cy="60" r="4" fill="#22c3e6" />
      <path d="M170 140l4 8 8 4-8 4-4 8-4-8-8-4 8-4z" fill="#ff7eb6" />
    </svg>
  );
}
