import { useQueryClient } from "@tanstack/react-query";
import { type ChangeEvent, type DragEvent, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { PHOTO, SEX } from "../../../../shared/constants.ts";
import { LoadingAnimation } from "../../../components/loading/LoadingOverlay.tsx";
import { useFrameStepper } from "../../../components/loading/useFrameStepper.ts";
import { toast } from "../../../components/toast/toastStore.ts";
import { ApiError } from "../../../lib/api.ts";
import { openFaceEditor } from "../../../lib/editors.ts";
import { messageText } from "../../../lib/i18n/index.ts";
import { newId } from "../../../lib/ids.ts";
import { USER_SCOPE } from "../../../lib/queryClient.ts";
import { useSession } from "../../../lib/session.ts";
import { useAvatarPaths } from "../../../lib/variant.ts";
import { createPhoto, photoProgress } from "./cloningApi.ts";
import { checkPhoto } from "./photoCheck.ts";
import "./cloning.css";
import { useDocumentHref } from "../../../lib/documents.ts";

/** idle (no image) -> chosen (preview) -> loading -> success (leaves) | error (re-upload, start again). */
export type PhotoPhase = "idle" | "chosen" | "loading" | "error";

const POLL_MS = 400;
const DOS = ["frontal", "light", "plain", "single"] as const;
const DONTS = ["group", "side", "filters"] as const;

/** The message of a failed clone, for the upload area (spec section 8). */
export function cloneFailureText(error: unknown): string | null {
  if (error instanceof ApiError) {
    if (error.kind === "logout") return null;
    if (error.kind === "network" || error.kind === "timeout") return messageText("photoNetworkError");
    return error.message || messageText("photoNetworkError");
  }
  return messageText("photoNetworkError");
}

/**
 * Tab 2 of 'Start design': a photo becomes an avatar with that face. The photo is checked here
 * first (by its bytes, like the server), sent with a request id, and the job's progress polled.
 */
export function PhotoCloneTab({ onBusyChange }: { onBusyChange?(busy: boolean): void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const privacyHref = useDocumentHref("privacyAgreement");
  const paths = useAvatarPaths();
  const queryClient = useQueryClient();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const pollRef = useRef<ReturnType<typeof setInterval> | null>(null);
  const [sex, setSex] = useState<1 | 2>(SEX.female);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [phase, setPhase] = useState<PhotoPhase>("idle");
  const [error, setError] = useState<string | null>(null);
  const [percent, setPercent] = useState(0);
  const [dragging, setDragging] = useState(false);
  const loading = phase === "loading";
  const frame = useFrameStepper(loading);

  useEffect(() => onBusyChange?.(loading), [loading, onBusyChange]);
  useEffect(() => () => onBusyChange?.(false), [onBusyChange]);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  useEffect(
    () => () => {
      if (pollRef.current) clearInterval(pollRef.current);
    },
    [],
  );

  const clear = () => {
    setFile(null);
    setPreview(null);
    setError(null);
    setPercent(0);
    setPhase("idle");
    if (inputRef.current) inputRef.current.value = "";
  };

  const choose = async (picked: File | undefined) => {
    if (!picked || loading) return;
    const result = await checkPhoto(picked);
    if (inputRef.current) inputRef.current.value = "";
    setPercent(0);
    if (!result.ok) {
      setFile(null);
      setPreview(null);
      setError(messageText(result.error));
      setPhase("error");
      return;
    }
    setFile(picked);
    setPreview(URL.createObjectURL(picked));
    setError(null);
    setPhase("chosen");
  };

  const start = async () => {
    if (!file || loading) return;
    const requestId = newId();
    onBusyChange?.(true); // locked in the same render as 'Processing...'
    setPhase("loading");
    setError(null);
    setPercent(0);
    pollRef.current = setInterval(() => {
      photoProgress(requestId).then(
        (p) => setPercent((now) => Math.max(now, Math.min(100, p.percent))),
        () => undefined, // not registered yet, or already done: the bar keeps its value
      );
    }, POLL_MS);
    try {
      const { data: roleId, message } = await createPhoto(sex, file, requestId, file.name);
      setPercent(100);
      toast.success(message);
      void queryClient.invalidateQueries({ queryKey: [...USER_SCOPE, "customRoles"] });
      onBusyChange?.(false);
      useSession.getState().setStartDesignOpen(false);
      openFaceEditor(roleId, "2", navigate, paths);
    } catch (failure) {
      const text = cloneFailureText(failure);
      onBusyChange?.(false);
      setPhase(text === null ? "chosen" : "error");
      setError(text);
    } finally {
      if (pollRef.current) clearInterval(pollRef.current);
      pollRef.current = null;
    }
  };

  const pick = () => inputRef.current?.click();
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    void choose(event.dataTransfer.files[0]);
  };

  return (
    <div className="photo-clone" data-testid="photo-clone" data-phase={phase}>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a drop target; the buttons inside open the picker */}
      <div
        className={`photo-drop${dragging ? " photo-drop--over" : ""}${preview ? " photo-drop--filled" : ""}`}
        data-testid="photo-drop"
        onDragOver={(event) => {
          event.preventDefault();
          if (!loading) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <input
          ref={inputRef}
          id={inputId}
          className="visually-hidden"
          type="file"
          accept={PHOTO.mimeTypes.join(",")}
          aria-label={t("cloning.photo.dropTitle")}
          data-testid="photo-input"
          disabled={loading}
          onChange={(event: ChangeEvent<HTMLInputElement>) => void choose(event.target.files?.[0])}
        />
        {preview ? (
          <img className="photo-drop__preview" src={preview} alt={t("cloning.photo.previewAlt")} />
        ) : (
          phase !== "error" && (
            <button type="button" className="photo-drop__empty" onClick={pick} data-testid="photo-pick">
              <svg viewBox="0 0 48 48" width="56" height="56" aria-hidden="true">
                <rect x="6" y="10" width="36" height="28" rx="6" fill="none" stroke="currentColor" strokeWidth="2.5" />
                <circle cx="24" cy="24" r="7" fill="none" stroke="currentColor" strokeWidth="2.5" />
                <path d="M17 10l3-4h8l3 4" fill="none" stroke="currentColor" strokeWidth="2.5" />
              </svg>
              <strong>{t("cloning.photo.dropTitle")}</strong>
              <span>{t("cloning.photo.dropHint")}</span>
            </button>
          )
        )}

        {loading && (
          <div className="photo-drop__overlay" role="status" data-testid="photo-processing">
            <LoadingAnimation frame={frame} />
            <p className="photo-drop__status">{t("cloning.photo.processing")}</p>
            <div
              className="photo-progress"
              role="progressbar"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
              aria-label={t("cloning.photo.progress")}
            >
              <span style={{ width: `${Math.max(4, percent)}%` }} />
            </div>
            <p className="photo-drop__percent" data-testid="photo-percent">
              {percent}%
            </p>
          </div>
        )}

        {phase === "error" && error && (
          <div className={`photo-drop__error${preview ? " photo-drop__error--over" : ""}`}>
            <span className="photo-drop__error-icon" aria-hidden="true">
              !
            </span>
            <p role="alert" data-testid="photo-error">
              {error}
            </p>
          </div>
        )}

        {(preview || phase === "error") && !loading && (
          <div className="photo-drop__actions">
            <button type="button" className="btn btn--ghost" onClick={pick} data-testid="photo-reupload">
              {t("cloning.photo.reupload")}
            </button>
            <button type="button" className="btn btn--ghost" onClick={clear} data-testid="photo-delete">
              {t("cloning.photo.delete")}
            </button>
          </div>
        )}
      </div>

      <aside className="photo-side">
        <fieldset className="photo-side__sex" disabled={loading}>
          <legend>{t("avatars.dialog.gender")}</legend>
          {([SEX.female, SEX.male] as const).map((value) => (
            <label key={value} className={`radio-chip${sex === value ? " radio-chip--on" : ""}`}>
              <input
                type="radio"
                name="photo-sex"
                value={value}
                checked={sex === value}
                data-testid={`photo-sex-${value}`}
                onChange={() => setSex(value)}
              />
              {t(value === SEX.female ? "avatars.sex.female" : "avatars.sex.male")}
            </label>
          ))}
        </fieldset>

        <div className="photo-tips">
          <h4 className="photo-tips__title photo-tips__title--do">{t("cloning.photo.dosTitle")}</h4>
          <ul>
            {DOS.map((key) => (
              <li key={key} className="photo-tips__do">
                {t(`cloning.photo.dos.${key}`)}
              </li>
            ))}
          </ul>
          <h4 className="photo-tips__title photo-tips__title--dont">{t("cloning.photo.dontsTitle")}</h4>
          <ul>
            {DONTS.map((key) => (
              <li key={key} className="photo-tips__dont">
                {t(`cloning.photo.donts.${key}`)}
              </li>
            ))}
          </ul>
        </div>

        <button
          type="button"
          className="btn btn--primary btn--lg photo-side__start"
          disabled={!file || loading}
          data-testid="photo-start"
          onClick={() => void start()}
        >
          {loading ? t("cloning.photo.processing") : t("cloning.photo.start")}
        </button>
        <p className="photo-side__privacy">
          {t("cloning.photo.privacyLead")}{" "}
          <a href={privacyHref} target="_blank" rel="noreferrer" data-testid="photo-privacy">
            {t("cloning.photo.privacy")}
          </a>
        </p>
      </aside>
    </div>
  );
}
