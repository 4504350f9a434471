import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { LiveEvent } from "../../../shared/live.ts";
import type { LiveTriggerBody } from "../../../shared/schemas/live.ts";
import type { PlanInfo } from "../../../shared/schemas/plans.ts";
import { toast } from "../../components/toast/toastStore.ts";

/**
 * The simulated viewers, for rehearsal: one button per viewer event the plan answers, and a
 * comment box for keyword comments. Each goes through the server like a webhook's event and comes
 * back through the socket, so what plays here is what plays on the OBS source.
 */
export function ViewerPanel({
  info,
  onFire,
}: {
  info: PlanInfo;
  onFire(body: LiveTriggerBody): Promise<{ matched: number }>;
}) {
  const { t } = useTranslation();
  const [viewer, setViewer] = useState("");
  const [comment, setComment] = useState("");
  const events = [...new Map(info.interactions.map((i) => [i.event.id, i.event])).values()];

  const fire = async (body: LiveTriggerBody) => {
    try {
      const result = await onFire({ ...body, viewer: viewer.trim() || t("studio.rehearsalViewer") });
      if (result.matched === 0) toast.info(t("studio.nothingMatched"));
    } catch {
      // the API client has shown the message
    }
  };

  return (
    <section className="studio__section" aria-labelledby="studio-viewers" data-testid="viewer-panel">
      <h2 id="studio-viewers">{t("studio.viewers")}</h2>
      <p className="studio__hint">{t("studio.viewersHint")}</p>
      <label className="studio__field">
        <span className="studio__label">{t("studio.viewerName")}</span>
        <input
          className="input"
          value={viewer}
          maxLength={40}
          placeholder={t("studio.rehearsalViewer")}
          onChange={(e) => setViewer(e.target.value)}
          data-testid="viewer-name"
        />
      </label>
      {events.length === 0 ? (
        <p className="studio__hint">{t("studio.noInteractions")}</p>
      ) : (
        <div className="studio__chips">
          {events.map((event) => (
            <button
              key={event.id}
              type="button"
              className="chip"
              data-testid={`viewer-fire-${event.id}`}
              style={{ borderColor: String(event.look.color ?? "") }}
              onClick={() => void fire({ event: event.type as LiveEvent, interactId: event.id })}
            >
              {event.name}
            </button>
          ))}
        </div>
      )}
      <form
        className="studio__comment"
        onSubmit={(e) => {
          e.preventDefault();
          if (!comment.trim()) return;
          void fire({ event: "comment", text: comment.trim() });
          setComment("");
        }}
      >
        <input
          className="input"
          value={comment}
          maxLength={500}
          placeholder={t("studio.commentPlaceholder")}
          aria-label={t("studio.comment")}
          onChange={(e) => setComment(e.target.value)}
          data-testid="viewer-comment"
        />
        <button type="submit" className="btn btn--ghost">
          {t("studio.send")}
        </button>
      </form>
      <p className="studio__hint">{t("studio.commentHint")}</p>
    </section>
  );
}
