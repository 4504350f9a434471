import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { MAX_BLEND } from "../../../../shared/avatar/params.ts";
import { AvatarPlaceholder } from "../../../components/AvatarPlaceholder.tsx";
import { type BlendSource, useBlendSources } from "../api.ts";
import { type BlendPick, blendedFace, shares, togglePick } from "./blend.ts";
import type { FaceEditor } from "./useFaceEditor.ts";

/**
 * Blend up to three faces: pick from the user's avatars and the system's (those locked for the
 * membership cannot be picked), weigh each; the result shows live and 'Apply' makes it one undo step.
 */
export function BlendPanel({ editor, selfId, onClose }: { editor: FaceEditor; selfId: string; onClose(): void }) {
  const { t } = useTranslation();
  const sources = useBlendSources(true);
  const [picks, setPicks] = useState<BlendPick[]>([]);
  const result = useMemo(() => blendedFace(picks), [picks]);
  const { preview, restore } = editor;

  // The preview follows the picks and weights; closing without applying brings the face back.
  useEffect(() => {
    if (result) preview(result);
    else restore();
  }, [result, preview, restore]);

  const close = () => {
    restore();
    onClose();
  };
  const apply = () => {
    if (!result) return;
    editor.replace({ params: result });
    onClose();
  };

  const weights = shares(picks);
  const option = (source: BlendSource, own: boolean) => {
    const locked = !own && "equityStatus" in source && source.equityStatus === 2;
    const picked = picks.some((p) => p.id === source.id);
    const full = !picked && picks.length >= MAX_BLEND;
    return (
      <li key={source.id}>
        <button
          type="button"
          className={`blend-option${picked ? " blend-option--on" : ""}`}
          aria-pressed={picked}
          disabled={locked || full}
          title={locked ? t("avatars.dialog.locked") : undefined}
          data-testid="blend-option"
          data-locked={locked}
          onClick={() => setPicks((p) => togglePick(p, { id: source.id, params: source.faceParams }))}
        >
          <span className="blend-option__thumb">
            {source.img ? <img src={source.img} alt="" /> : <AvatarPlaceholder sex={source.sex} />}
          </span>
          <span className="blend-option__name">{source.name}</span>
          {locked && <span className="blend-option__lock">{t("avatars.dialog.locked")}</span>}
        </button>
      </li>
    );
  };

  const own = (sources.data?.customRoles ?? []).filter((r) => r.id !== selfId);
  const system = sources.data?.roles ?? [];
  const name = (id: string) => [...own, ...system].find((s) => s.id === id)?.name ?? id;

  return (
    <section className="blend-panel" aria-label={t("faceEditor.blend.title")} data-testid="blend-panel">
      <header className="blend-panel__head">
        <h2>{t("faceEditor.blend.title")}</h2>
        <span className="blend-panel__count">
          {t("faceEditor.blend.count", { count: picks.length, max: MAX_BLEND })}
        </span>
      </header>
      <p className="blend-panel__hint">{t("faceEditor.blend.hint")}</p>
      {picks.length > 0 && (
        <ul className="blend-weights">
          {picks.map((p, i) => (
            <li key={p.id} className="blend-weight">
              <label htmlFor={`w-${p.id}`}>{name(p.id)}</label>
              <output>{Math.round((weights[i] ?? 0) * 100)}%</output>
              <input
                id={`w-${p.id}`}
                type="range"
                min={0}
                max={1}
                step={0.05}
                value={p.weight}
                data-testid="blend-weight"
                onChange={(e) => {
                  const weight = Number(e.currentTarget.value);
                  setPicks((all) => all.map((x) => (x.id === p.id ? { ...x, weight } : x)));
                }}
              />
            </li>
          ))}
        </ul>
      )}
      <div className="blend-panel__lists">
        {own.length > 0 && (
          <>
            <h3>{t("faceEditor.blend.mine")}</h3>
            <ul className="blend-options">{own.map((s) => option(s, true))}</ul>
          </>
        )}
        <h3>{t("faceEditor.blend.system")}</h3>
        <ul className="blend-options">{system.map((s) => option(s, false))}</ul>
      </div>
      <footer className="blend-panel__actions">
        <button type="button" className="btn btn--ghost" onClick={close}>
          {t("common.cancel")}
        </button>
        <button type="button" className="btn btn--primary" disabled={!result} data-testid="blend-apply" onClick={apply}>
          {t("faceEditor.blend.apply")}
        </button>
      </footer>
    </section>
  );
}
