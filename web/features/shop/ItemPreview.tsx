import { lazy, Suspense, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ShopSkuDetail } from "../../../shared/schemas/shop.ts";
import { useSession } from "../../lib/session.ts";
import { buildPlanLook } from "../plan/index.ts";
import { useMyPreviewPlan } from "./api.ts";
import { ProductArt } from "./ProductArt.tsx";
import { isDrawn, showcaseLook, withProduct } from "./previewLook.ts";

// three.js loads only here, only for a product the avatar can wear or stand in.
const PlanPreview = lazy(() => import("../../three/plan/PlanPreview.tsx"));

/**
 * The product on the user's avatar, live in 3D: the avatar of their plan in use (else their last
 * plan), or a showcase avatar for visitors and users without plans, wearing the rest of that plan
 * with the product put on. Voices and interactions are not drawn: their picture, and a sample to
 * hear for a voice.
 */
export function ItemPreview({ sku }: { sku: ShopSkuDetail }) {
  const { t } = useTranslation();
  const loggedIn = useSession((s) => s.token !== null);
  const drawn = isDrawn(sku.unlocks.kind);
  const onPlan = drawn && sku.unlocks.kind !== "avatar" && loggedIn;
  const plan = useMyPreviewPlan(onPlan);
  const look = useMemo(() => {
    const base = onPlan && plan.data ? buildPlanLook(plan.data) : showcaseLook(sku.showcase);
    return withProduct(base, sku.unlocks, sku.showcase);
  }, [onPlan, plan.data, sku]);

  if (!drawn) {
    return (
      <figure className="item-preview item-preview--flat" data-testid="item-preview">
        <ProductArt asset={sku.unlocks} className="item-preview__art" />
        {sku.unlocks.url && <SampleButton url={sku.unlocks.url} />}
      </figure>
    );
  }
  const waiting = onPlan && plan.isPending;
  // said once known: while the user's plan loads, nothing is shown yet
  const caption = waiting
    ? " "
    : onPlan && plan.data
      ? t("shop.detail.previewOnPlan", { plan: plan.data.name })
      : sku.unlocks.kind === "avatar"
        ? sku.name
        : t("shop.detail.previewShowcase");
  return (
    <figure className="item-preview" data-testid="item-preview">
      <div className="item-preview__stage">
        {waiting ? (
          <div className="item-preview__loading" role="status" aria-label={t("common.loading")} />
        ) : (
          <Suspense fallback={<div className="item-preview__loading" role="status" aria-label={t("common.loading")} />}>
            <PlanPreview look={look} label={t("shop.detail.previewLabel", { name: sku.name })} />
          </Suspense>
        )}
      </div>
      <figcaption className="item-preview__caption" data-testid="item-preview-caption">
        {caption}
      </figcaption>
    </figure>
  );
}

/** Plays a voice's sample; again stops it. */
function SampleButton({ url }: { url: string }) {
  const { t } = useTranslation();
  const audio = useRef<HTMLAudioElement | null>(null);
  const [playing, setPlaying] = useState(false);
  useEffect(() => () => audio.current?.pause(), []);
  const toggle = () => {
    if (audio.current) {
      audio.current.pause();
      audio.current = null;
      setPlaying(false);
      return;
    }
    const element = new Audio(url);
    audio.current = element;
    element.onended = () => {
      audio.current = null;
      setPlaying(false);
    };
    setPlaying(true);
    element.play().catch(() => {
      audio.current = null;
      setPlaying(false);
    });
  };
  return (
    <button type="button" className="btn btn--ghost item-preview__sample" onClick={toggle} data-testid="play-sample">
      {t(playing ? "shop.detail.stopSample" : "shop.detail.playSample")}
    </button>
  );
}
