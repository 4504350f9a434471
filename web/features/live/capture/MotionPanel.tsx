/**
 * The motion mode (docs/decisions/042): a professional capture app, not the webcam, drives the
 * avatar. The app (an iPhone face-capture app or a capture suit, through a VMC bridge such as
 * `npm run mocap-bridge`) connects to the studio socket with the user's stream key and the role
 * `capture`, and sends ARKit face frames; the studio applies them as the OBS sources do. The panel
 * says where to connect and whether frames are arriving.
 */
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { LIVE_SOCKET_PATH } from "../../../../shared/live.ts";

/** The studio socket's address as a capture app on another machine would dial it. */
const socketUrl = () =>
  `${window.location.protocol === "https:" ? "wss" : "ws"}://${window.location.host}${LIVE_SOCKET_PATH}`;

export function MotionPanel({ frames }: { frames: () => number }) {
  const { t } = useTranslation();
  const [seen, setSeen] = useState({ count: 0, receiving: false });
  useEffect(() => {
    let last = frames();
    // counted twice a second, not per frame: a capture app sends 30 to 60 a second
    const tick = setInterval(() => {
      const count = frames();
      setSeen({ count, receiving: count > last });
      last = count;
    }, 500);
    return () => clearInterval(tick);
  }, [frames]);
  const state = seen.receiving ? "receiving" : "waiting";
  return (
    <section className="studio__section" aria-labelledby="studio-motion">
      <h2 id="studio-motion">{t("studio.motion.title")}</h2>
      <p className="studio__hint">{t("studio.motion.hint")}</p>
      <p className="studio__hint">
        {t("studio.motion.connect")} <code data-testid="motion-address">{socketUrl()}</code>
      </p>
      <p
        className={`studio__capture-status studio__capture-status--${state}`}
        data-testid="motion-status"
        data-state={state}
        data-frames={seen.count}
        role="status"
      >
        {t(`studio.motion.status.${state}`, { count: seen.count })}
      </p>
    </section>
  );
}
