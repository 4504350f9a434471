/** What every menu panel of the plan editor shares: the plan, the preview, the sample player. */
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";
import type { CatalogueRecord, PlanInfo } from "../../../shared/schemas/plans.ts";
import { confirm } from "../../components/confirm/confirmStore.ts";
import { hasToast, toast } from "../../components/toast/toastStore.ts";
import { i18n, messageText } from "../../lib/i18n/index.ts";
import { shopItemLink } from "../../lib/links.ts";
import { navigate } from "../../lib/navigation.ts";
import type { PreviewAction } from "../../three/plan/types.ts";
import { EQUITY_LOCKED } from "./interactionForm.ts";

export interface SamplePlayer {
  /** The key of the sample playing now, or null. */
  playing: string | null;
  /** Plays a WAV (stopping any other); the same key again stops it. */
  toggle(key: string, url: string | null): void;
  stop(): void;
}

export interface PlanStudio {
  info: PlanInfo;
  planId: string;
  /** Plays an action once on the preview (expressions, motions, effects). */
  play(action: PreviewAction): void;
  sample: SamplePlayer;
}

export const PlanStudioContext = createContext<PlanStudio | null>(null);

export function usePlanStudio(): PlanStudio {
  const studio = useContext(PlanStudioContext);
  if (!studio) throw new Error("usePlanStudio outside the plan editor");
  return studio;
}

/** One Audio element for the whole editor: a new sample stops the one before. */
export function useSamplePlayer(): SamplePlayer {
  const audio = useRef<HTMLAudioElement | null>(null);
  const [playing, setPlaying] = useState<string | null>(null);

  const stop = useCallback(() => {
    audio.current?.pause();
    audio.current = null;
    setPlaying(null);
  }, []);

  const toggle = useCallback(
    (key: string, url: string | null) => {
      const same = playing === key;
      stop();
      if (same || !url) return;
      const element = new Audio(url);
      audio.current = element;
      element.onended = () => {
        if (audio.current === element) stop();
      };
      setPlaying(key);
      element.play().catch(() => {
        // Autoplay refused or the file failed: nothing plays, say so by the button only.
        if (audio.current === element) stop();
      });
    },
    [playing, stop],
  );

  useEffect(() => () => audio.current?.pause(), []);
  return useMemo(() => ({ playing, toggle, stop }), [playing, toggle, stop]);
}

/**
 * A locked item (equityStatus 2) is refused here, before any call. A tier's item names the tier
 * and offers Upgrade, which comes back to this page (issue 47); an item the shop sells offers its
 * page in the shop; anything else says the membership message (shown only when no other message
 * is on screen). Answers whether it was refused.
 */
export function refuseLocked(record: Pick<CatalogueRecord, "equityStatus" | "skuId" | "name" | "tier">): boolean {
  if (record.equityStatus !== EQUITY_LOCKED) return false;
  if (record.skuId) {
    void offerShop(record.skuId, record.name);
    return true;
  }
  if (record.tier) {
    void offerUpgrade(record.tier, record.name);
    return true;
  }
  if (!hasToast()) toast.error(messageText("locked"));
  return true;
}

/** 'Upgrade': a confirm naming the tier; the membership page, with the way back to this page. */
async function offerUpgrade(tier: string, name: string) {
  const tierName = i18n.t(`home.tiers.${tier}.name`);
  const upgrade = await confirm({
    title: i18n.t("plan.upgradeTitle", { tier: tierName }),
    message: i18n.t("plan.upgradeMessage", { name, tier: tierName }),
    confirmText: i18n.t("plan.upgrade"),
  });
  if (!upgrade) return;
  const back = `${window.location.pathname}${window.location.search}`;
  navigate(`/member?${new URLSearchParams({ tier, back })}`);
}

/** 'In the shop': a confirm that opens the item's page in the shop. */
async function offerShop(skuId: string, name: string) {
  const open = await confirm({
    title: i18n.t("plan.shopTitle"),
    message: i18n.t("plan.shopMessage", { name }),
    confirmText: i18n.t("plan.shopOpen"),
  });
  if (open) navigate(shopItemLink(skuId));
}

/** Runs a plan change; the API client has already shown a refusal. Answers whether it went through. */
export async function attempt(work: Promise<unknown>): Promise<boolean> {
  try {
    await work;
    return true;
  } catch {
    return false;
  }
}
