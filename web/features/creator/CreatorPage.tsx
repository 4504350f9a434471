import { type ReactNode, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate } from "react-router";
import { buildLook, exportGlb, lookColors } from "../../../shared/avatar/index.ts";
import { ConfirmDialog } from "../../components/confirm/ConfirmDialog.tsx";
import { IdleWatch } from "../../components/idle/IdleWatch.tsx";
import { LoadingOverlay } from "../../components/loading/LoadingOverlay.tsx";
import { withLoading } from "../../components/loading/loadingStore.ts";
import { ToastHost } from "../../components/toast/ToastHost.tsx";
import { ApiError } from "../../lib/api.ts";
import { AVATAR_EXPORTED, frameEvent } from "../../lib/frameProtocol.ts";
import { forwardActivityToParent } from "../../lib/idle.ts";
import { planLink } from "../../lib/links.ts";
import { getUserInfo } from "../../lib/session.ts";
import { AvatarBust, type BustColors } from "../../three/AvatarBust.tsx";
import { AvatarStage } from "../../three/AvatarStage.tsx";
import { createFaceState, setFace } from "../../three/faceState.ts";
import { useAvatarMesh } from "../../three/useAvatarMesh.ts";
import { useUserInfoQuery } from "../account/index.ts";
import { cartoonUpload, createCartoon, toonify } from "../avatars/index.ts";
import {
  BEARD_STYLES,
  type CartoonChoice,
  defaultChoice,
  EYE_SHAPES,
  EYE_SWATCHES,
  FACE_SHAPES,
  faceParamsOf,
  GLASSES_STYLES,
  HAIR_STYLES,
  HAIR_SWATCHES,
  OUTFIT_SWATCHES,
  PREVIEW_TARGETS,
  randomChoice,
  SKIN_SWATCHES,
  type Swatch,
  skinToneOf,
  specOf,
} from "./cartoonSpec.ts";
import { isFrameApi, useFrameApi } from "./useFrameApi.ts";
import "./creator.css";

type Status =
  | { kind: "editing" }
  | { kind: "exported" }
  | { kind: "error"; message: string; uploadedUrl: string | null };

const nextPaint = () => new Promise((resolve) => setTimeout(resolve, 40));

/**
 * The project's own cartoon avatar creator (the third-party one has shut down). Inside the Start
 * design dialog (?frameApi) it speaks the old creator's frame protocol; opened on its own, its
 * export goes straight on to toonify and the new plan.
 */
export function CreatorPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { search } = useLocation();
  useUserInfoQuery();
  const framed = useMemo(() => isFrameApi(search), [search]);
  const outbox = useFrameApi(framed);
  // the idle rule: in a frame, the page around it watches (told of the operations here); alone, this page does
  const inFrame = typeof window !== "undefined" && window.parent !== window;
  useEffect(() => (inFrame ? forwardActivityToParent() : undefined), [inFrame]);
  const [choice, setChoice] = useState<CartoonChoice>(() => defaultChoice(2));
  const [status, setStatus] = useState<Status>({ kind: "editing" });
  const [busy, setBusy] = useState(false);
  const avatar = useAvatarMesh(choice.sex, "toon", choice);

  const params = useMemo(() => faceParamsOf(choice), [choice]);
  const faceRef = useRef(createFaceState(params));
  useEffect(() => setFace(faceRef.current, params), [params]);
  const colors = useMemo<BustColors>(
    () =>
      lookColors(
        choice.sex,
        { skinTone: skinToneOf(choice.skin), hairColor: choice.hair, eyeColor: choice.eyeColor },
        choice.outfit,
      ),
    [choice.sex, choice.skin, choice.hair, choice.eyeColor, choice.outfit],
  );

  const update = (patch: Partial<CartoonChoice>) => {
    setChoice((c) => ({ ...c, ...patch }));
    if (status.kind === "error") setStatus({ kind: "editing" });
  };

  /** Standalone: the export becomes an avatar and its first plan right here. */
  const convert = async (url: string) => {
    const result = await withLoading(async () => {
      await createCartoon(url);
      return toonify(url, "A");
    }, t("creator.converting"));
    navigate(planLink({ planId: result.planId, roleId: result.roleId, avatarSex: result.sex }));
  };

  const exportAvatar = async () => {
    if (busy) return;
    setBusy(true);
    let uploadedUrl: string | null = null;
    try {
      const spec = specOf(choice, t("creator.defaultName"));
      const uploaded = await withLoading(async () => {
        await nextPaint(); // the overlay shows before the build holds the main thread
        const mesh = buildLook(spec.sex, spec.appearance, spec.outfit, "toon");
        const glb = exportGlb(mesh, { includeMorphs: false, weights: spec.faceParams, extras: { avatar: spec } });
        return cartoonUpload(glb);
      }, t("creator.exporting"));
      uploadedUrl = uploaded.url;
      if (outbox) {
        const userId = getUserInfo()?.userId ?? "";
        outbox.send(frameEvent(AVATAR_EXPORTED, { url: uploaded.url, userId, avatarId: uploaded.avatarId }));
        setStatus({ kind: "exported" });
      } else {
        await convert(uploaded.url);
      }
    } catch (error) {
      if (error instanceof ApiError && error.kind === "logout") return;
      const message = error instanceof ApiError && error.message ? error.message : t("creator.failed");
      setStatus({ kind: "error", message, uploadedUrl });
    } finally {
      setBusy(false);
    }
  };

  const retry = async () => {
    if (status.kind !== "error" || !status.uploadedUrl || busy) return exportAvatar();
    setBusy(true);
    try {
      await convert(status.uploadedUrl);
    } catch (error) {
      const message = error instanceof ApiError && error.message ? error.message : t("creator.failed");
      setStatus({ kind: "error", message, uploadedUrl: status.uploadedUrl });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div
      className={`creator${framed ? " creator--framed" : ""}`}
      data-testid="creator"
      data-framed={framed}
      data-hair={avatar?.hair ?? ""}
      data-glasses={avatar?.glasses ?? "none"}
      data-beard={avatar?.beard ?? "none"}
    >
      {!inFrame && <IdleWatch />}
      {!framed && (
        <header className="creator__bar">
          <Link to="/myPerson" className="creator__back">
            ‹ {t("creator.back")}
          </Link>
          <span className="creator__brand">{t("common.brand")}</span>
        </header>
      )}
      <div className="creator__body">
        <section className="creator__stage">
          {avatar ? (
            <AvatarStage label={t("creator.viewLabel")}>
              <AvatarBust avatar={avatar} face={faceRef.current} targets={PREVIEW_TARGETS} colors={colors} />
            </AvatarStage>
          ) : (
            <div className="creator__building" role="status">
              <span className="creator__spinner" aria-hidden="true" />
              {t("creator.building")}
            </div>
          )}
          <p className="creator__hint">{t("creator.orbitHint")}</p>
        </section>

        <section className="creator__panel" aria-labelledby="creator-title">
          <div className="creator__head">
            <div>
              {/* Inside the dialog its title already names the creator. */}
              <h1 id="creator-title" className={framed ? "visually-hidden" : undefined}>
                {t("creator.title")}
              </h1>
              <p>{t("creator.subtitle")}</p>
            </div>
            <button
              type="button"
              className="btn btn--ghost creator__surprise"
              data-testid="creator-surprise"
              onClick={() => update(randomChoice(choice.sex, choice.name))}
            >
              <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true">
                <rect
                  x="2.5"
                  y="2.5"
                  width="15"
                  height="15"
                  rx="4"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="1.7"
                />
                <circle cx="7" cy="7" r="1.4" fill="currentColor" />
                <circle cx="13" cy="13" r="1.4" fill="currentColor" />
                <circle cx="10" cy="10" r="1.4" fill="currentColor" />
              </svg>
              {t("creator.surprise")}
            </button>
          </div>

          <div className="creator__scroll">
            <Group label={t("creator.body")}>
              {([2, 1] as const).map((sex) => (
                <Chip
                  key={sex}
                  on={choice.sex === sex}
                  testId={`creator-sex-${sex}`}
                  // only the body changes: every other pick stays (issue 47)
                  onClick={() => update({ sex })}
                >
                  {t(sex === 2 ? "avatars.sex.female" : "avatars.sex.male")}
                </Chip>
              ))}
            </Group>

            <Group label={t("creator.sections.face")}>
              {FACE_SHAPES.map((shape) => (
                <Chip
                  key={shape}
                  on={choice.face === shape}
                  testId={`creator-face-${shape}`}
                  onClick={() => update({ face: shape })}
                >
                  <FaceIcon shape={shape} />
                  {t(`creator.faces.${shape}`)}
                </Chip>
              ))}
            </Group>

            <Group label={t("creator.sections.eyes")}>
              {EYE_SHAPES.map((shape) => (
                <Chip
                  key={shape}
                  on={choice.eyes === shape}
                  testId={`creator-eyes-${shape}`}
                  onClick={() => update({ eyes: shape })}
                >
                  <EyeIcon shape={shape} />
                  {t(`creator.eyes.${shape}`)}
                </Chip>
              ))}
            </Group>

            <Swatches
              label={t("creator.sections.skin")}
              list={SKIN_SWATCHES}
              value={SKIN_SWATCHES[choice.skin]?.color ?? ""}
              name={(_s, i) => t("creator.skinTone", { n: i + 1 })}
              testId="creator-skin"
              onPick={(s) => update({ skin: Number(s.id) })}
            />
            <Group label={t("creator.sections.hairStyle")}>
              {HAIR_STYLES.map((style) => (
                <Chip
                  key={style}
                  on={choice.hairStyle === style}
                  testId={`creator-hairstyle-${style}`}
                  onClick={() => update({ hairStyle: style })}
                >
                  {t(`creator.hairStyles.${style}`)}
                </Chip>
              ))}
            </Group>

            <Group label={t("faceEditor.glasses")}>
              {GLASSES_STYLES.map((style) => (
                <Chip
                  key={style}
                  on={choice.glasses === style}
                  testId={`creator-glasses-${style}`}
                  onClick={() => update({ glasses: style })}
                >
                  {t(`faceEditor.glassesStyles.${style}`)}
                </Chip>
              ))}
            </Group>
            <Group label={t("faceEditor.beard")}>
              {BEARD_STYLES.map((style) => (
                <Chip
                  key={style}
                  on={choice.beard === style}
                  testId={`creator-beard-${style}`}
                  onClick={() => update({ beard: style })}
                >
                  {t(`faceEditor.beardStyles.${style}`)}
                </Chip>
              ))}
            </Group>

            <Swatches
              label={t("creator.sections.hair")}
              list={HAIR_SWATCHES}
              value={choice.hair}
              name={(s) => t(`creator.hair.${s.id}`)}
              testId="creator-hair"
              onPick={(s) => update({ hair: s.color })}
            />
            <Swatches
              label={t("creator.sections.eyeColor")}
              list={EYE_SWATCHES}
              value={choice.eyeColor}
              name={(s) => t(`creator.eyeColors.${s.id}`)}
              testId="creator-eye"
              onPick={(s) => update({ eyeColor: s.color })}
            />
            <Swatches
              label={t("creator.sections.outfit")}
              list={OUTFIT_SWATCHES}
              value={choice.outfit}
              name={(s) => t(`creator.outfits.${s.id}`)}
              testId="creator-outfit"
              onPick={(s) => update({ outfit: s.color })}
            />

            <label className="creator__name">
              <span>{t("creator.sections.name")}</span>
              <input
                type="text"
                maxLength={40}
                value={choice.name}
                placeholder={t("creator.namePlaceholder")}
                data-testid="creator-name"
                onChange={(e) => update({ name: e.target.value })}
              />
            </label>
          </div>

          <div className="creator__foot">
            {status.kind === "error" && (
              <div className="creator__error">
                <p role="alert" data-testid="creator-error">
                  {status.message}
                </p>
                <button
                  type="button"
                  className="btn btn--ghost"
                  onClick={() => void retry()}
                  data-testid="creator-retry"
                >
                  {t("creator.retry")}
                </button>
              </div>
            )}
            {status.kind === "exported" && (
              <p className="creator__done" role="status" data-testid="creator-exported">
                {t("creator.exported")}
              </p>
            )}
            <button
              type="button"
              className="btn btn--primary btn--lg creator__export"
              disabled={busy || !avatar || status.kind === "exported"}
              data-testid="creator-export"
              onClick={() => void exportAvatar()}
            >
              {t("creator.export")}
            </button>
          </div>
        </section>
      </div>
      <ToastHost />
      <ConfirmDialog />
      <LoadingOverlay />
    </div>
  );
}

function Group({ label, children }: { label: string; children: ReactNode }) {
  return (
    <fieldset className="creator__group">
      <legend>{label}</legend>
      <div className="creator__options">{children}</div>
    </fieldset>
  );
}

function Chip({
  on,
  onClick,
  testId,
  children,
}: {
  on: boolean;
  onClick(): void;
  testId: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={`creator-chip${on ? " creator-chip--on" : ""}`}
      aria-pressed={on}
      data-testid={testId}
      onClick={onClick}
    >
      {children}
    </button>
  );
}

function Swatches({
  label,
  list,
  value,
  name,
  testId,
  onPick,
}: {
  label: string;
  list: readonly Swatch[];
  value: string;
  name(s: Swatch, index: number): string;
  testId: string;
  onPick(s: Swatch): void;
}) {
  return (
    <fieldset className="creator__group">
      <legend>{label}</legend>
      <div className="creator__swatches">
        {list.map((s, i) => {
          const on = s.color.toLowerCase() === value.toLowerCase();
          return (
            <button
              key={s.id}
              type="button"
              className={`creator-swatch${on ? " creator-swatch--on" : ""}`}
              style={{ background: s.color }}
              aria-pressed={on}
              aria-label={name(s, i)}
              title={name(s, i)}
              data-testid={`${testId}-${s.id}`}
              onClick={() => onPick(s)}
            />
          );
        })}
      </div>
    </fieldset>
  );
}

const FACE_PATHS: Record<(typeof FACE_SHAPES)[number], string> = {
  round: "M12 3c5 0 8.5 3.8 8.5 9S17 21 12 21 3.5 17.2 3.5 12 7 3 12 3z",
  oval: "M12 2.5c4.2 0 7 3.6 7 8.6 0 6-3.3 10.4-7 10.4S5 17.1 5 11.1C5 6.1 7.8 2.5 12 2.5z",
  heart: "M12 3c5 0 8 2.6 8 7 0 5-4.5 9-8 11-3.5-2-8-6-8-11 0-4.4 3-7 8-7z",
  square: "M6.5 3h11c1.6 0 2.5 1 2.5 2.6V15c0 3.6-3.4 6-8 6s-8-2.4-8-6V5.6C4 4 4.9 3 6.5 3z",
};

function FaceIcon({ shape }: { shape: (typeof FACE_SHAPES)[number] }) {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
      <path d={FACE_PATHS[shape]} fill="currentColor" opacity="0.18" stroke="currentColor" strokeWidth="1.6" />
    </svg>
  );
}

function EyeIcon({ shape }: { shape: (typeof EYE_SHAPES)[number] }) {
  const ry = shape === "almond" ? 3.2 : shape === "round" ? 5.5 : 6.5;
  const rx = shape === "almond" ? 8 : shape === "round" ? 5.5 : 7;
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
      <ellipse cx="12" cy="12" rx={rx} ry={ry} fill="#fff" stroke="currentColor" strokeWidth="1.6" />
      <circle cx="12" cy="12" r={Math.min(ry, 3.4)} fill="currentColor" />
    </svg>
  );
}
