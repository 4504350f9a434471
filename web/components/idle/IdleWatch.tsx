import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { tellHost } from "../../lib/host.ts";
import { messageText } from "../../lib/i18n/index.ts";
import {
  createIdleTimer,
  idleConfig,
  isFrameActivity,
  IDLE_OPERATIONS as OPERATIONS,
  runIdleExitWork,
} from "../../lib/idle.ts";
import { currentPath, navigate } from "../../lib/navigation.ts";
import { loginPathFor, useSession } from "../../lib/session.ts";
import { localStore } from "../../lib/sessionStorage.ts";
import { Modal } from "../modal/Modal.tsx";
import "./idle.css";

/** The automatic exit: the session ends here, or the host app is told in embedded mode. */
async function exitSession() {
  await runIdleExitWork();
  if (tellHost({ type: "idleExit", data: {} })) return;
  const target = loginPathFor();
  useSession.getState().logout();
  if (currentPath() !== target) navigate(target);
}

/**
 * The idle rule (spec section 4) for every page a logged-in user sees, the editors and the
 * cartoon creator included (standalone it mounts its own; in a frame it reports to this one):
 * mounted once per layout, it watches for operations and, after a long time without one, shows
 * 'No operation over a long time' with a seconds countdown before the automatic exit.
 */
export function IdleWatch() {
  const token = useSession((s) => s.token);
  if (!token) return null;
  return <IdleNotice />;
}

function IdleNotice() {
  const { t } = useTranslation();
  const [left, setLeft] = useState<number | null>(null);

  useEffect(() => {
    const { idleMs, countdownMs } = idleConfig(window.location.search, localStore());
    const timer = createIdleTimer({ idleMs, countdownMs, onCountdown: setLeft, onExit: () => void exitSession() });
    const onOperation = () => timer.activity();
    // the cartoon creator's frame (Start design, tab 3) reports the operations made inside it
    const onMessage = (event: MessageEvent) => {
      if (isFrameActivity(event, window.location.origin)) timer.activity();
    };
    for (const type of OPERATIONS) window.addEventListener(type, onOperation, { capture: true, passive: true });
    window.addEventListener("message", onMessage);
    return () => {
      timer.stop();
      for (const type of OPERATIONS) window.removeEventListener(type, onOperation, { capture: true });
      window.removeEventListener("message", onMessage);
    };
  }, []);

  if (left === null) return null;
  return (
    // Escape is an operation like any other key: it cancels the countdown, which unmounts the notice.
    <Modal
      role="alertdialog"
      className="dialog dialog--confirm idle-notice"
      aria-labelledby="idle-notice-title"
      aria-describedby="idle-notice-message"
      data-testid="idle-notice"
      closeOnEscape={false}
    >
      <h2 className="dialog__title" id="idle-notice-title">
        {messageText("idle")}
      </h2>
      <p className="dialog__message" id="idle-notice-message">
        {t("idle.countdown", { count: left })}
      </p>
      <p className="idle-notice__seconds" aria-hidden="true">
        {left}
      </p>
      <div className="dialog__actions">
        {/* any operation cancels; the button gives the pointer somewhere obvious to go */}
        <button type="button" className="btn btn--primary">
          {t("idle.stay")}
        </button>
      </div>
    </Modal>
  );
}
