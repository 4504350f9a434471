import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { endpoints } from "../../shared/endpoints.ts";
import { request } from "../lib/api.ts";
import { AvatarPlaceholder } from "./AvatarPlaceholder.tsx";

/** Where an avatar's portrait stands: drawn, being rendered, or failed (issue 47, item 4). */
export type PortraitState = "ready" | "rendering" | "failed";

/**
 * An avatar's portrait and its state. A user's own avatar (`id` given) without a portrait, or whose
 * picture no longer loads, asks the server to render it (customRolePortrait, which waits for the
 * render): "rendering" meanwhile, "failed" with a retry if that fails. A system avatar's portrait
 * is rendered when the server starts, so it only shows "rendering" until the list is read again.
 */
export function usePortrait(img: string | null, id?: string) {
  const [src, setSrc] = useState(img);
  const [state, setState] = useState<PortraitState>(img ? "ready" : "rendering");
  const asked = useRef(false);
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);
  useEffect(() => {
    setSrc(img);
    if (img) setState("ready");
  }, [img]);

  const render = useCallback(() => {
    if (!id) {
      setState("failed");
      return;
    }
    asked.current = true;
    setState("rendering");
    request(endpoints.customRolePortrait, { params: { id } }).then(
      (data) => {
        if (!alive.current) return;
        setSrc(data.img);
        setState("ready");
      },
      () => alive.current && setState("failed"),
    );
  }, [id]);

  useEffect(() => {
    if (!img && id && !asked.current) render();
  }, [img, id, render]);

  /** The picture did not load (gone from storage): render it again, once. */
  const onError = useCallback(() => {
    setSrc(null);
    if (id && !asked.current) render();
    else setState("failed");
  }, [id, render]);

  return { src, state, retry: id ? render : undefined, onError };
}

/** The state over a picture that is not drawn: "Rendering…", or the failure and a retry. */
export function PortraitStatus({ state, retry }: { state: PortraitState; retry?: () => void }) {
  const { t } = useTranslation();
  if (state === "ready") return null;
  return (
    <span className={`portrait-status portrait-status--${state}`} data-testid="portrait-status" data-state={state}>
      <span role="status">{t(state === "rendering" ? "common.portraitRendering" : "common.portraitFailed")}</span>
      {state === "failed" && retry && (
        <button
          type="button"
          className="btn btn--ghost portrait-status__retry"
          onClick={retry}
          data-testid="portrait-retry"
        >
          {t("common.retry")}
        </button>
      )}
    </span>
  );
}

/**
 * An avatar's picture wherever one shows: the portrait, or the silhouette with the portrait's
 * state over it. Not for inside a button (the retry is a button): there, use usePortrait and put
 * PortraitStatus beside the button.
 */
export function AvatarPicture({
  img,
  sex,
  id,
  lazy = false,
  className,
}: {
  img: string | null;
  sex: number;
  /** A user's own avatar: its portrait can be rendered again. */
  id?: string;
  lazy?: boolean;
  className?: string;
}) {
  const { src, state, retry, onError } = usePortrait(img, id);
  if (src) return <img src={src} alt="" className={className} loading={lazy ? "lazy" : undefined} onError={onError} />;
  return (
    <>
      <AvatarPlaceholder sex={sex} />
      <PortraitStatus state={state} retry={retry} />
    </>
  );
}
