import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useSearchParams } from "react-router";
import { LIVE_MODES } from "../../../shared/live.ts";
import { rankOf } from "../../../shared/membership.ts";
import { channelsForSite, MAX_QUANTITY, type PayChannel, PERIODS, type Period, TRIAL } from "../../../shared/orders.ts";
import type { PayTicket } from "../../../shared/schemas/orders.ts";
import { StartDesignButton } from "../../components/StartDesignButton.tsx";
import { toast } from "../../components/toast/toastStore.ts";
import { afterLoginPath, loginUrlFor } from "../../lib/loginRedirect.ts";
import { navigate } from "../../lib/navigation.ts";
import { useSession } from "../../lib/session.ts";
import { useSiteConfig } from "../site/index.ts";
import { createOrder, useHourPackages, useStartTrial, useUserVip, useVipSkus } from "./api.ts";
import { CheckoutDialog } from "./CheckoutDialog.tsx";
import { PayMethodChoice } from "./PayMethodChoice.tsx";
import { displayPrice, savingPercent } from "./price.ts";
import { TierCompare } from "./TierCompare.tsx";
import "./member.css";

/**
 * /member and /appMember (its phone layout): the tiers side by side with their benefits, the
 * period switch, prices in the site currency, the channel, the hour packages, the trial, and the
 * checkout (spec sections 1, 2 and 4).
 */
export function MemberPage({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const location = useLocation();
  const loggedIn = useSession((s) => s.token !== null);
  const site = useSiteConfig().data?.site ?? "intl";
  const skus = useVipSkus();
  const hours = useHourPackages();
  const vip = useUserVip();
  const trial = useStartTrial();
  const [period, setPeriod] = useState<Period>((params.get("period") as Period) ?? "month");
  const channels = channelsForSite(site);
  const [channel, setChannel] = useState<PayChannel | null>(null);
  const chosenChannel = channel && channels.includes(channel) ? channel : (channels[0] as PayChannel);
  const [ticket, setTicket] = useState<PayTicket | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const highlighted = params.get("tier");
  const fromDesign = params.get("from") === "design";
  // back from the gate or from the trial offered to visitors: once a member, Start design is here
  const offerDesign = fromDesign || params.get("from") === "trial";
  // Upgrade from a locked item (issue 47): the way back to where it was (a path of this site only)
  const back = params.get("back") ? afterLoginPath(params.get("back"), "") : "";
  const ordersPath = compact ? "/myCenter/myOrder" : "/workbench/orderList";

  const [quantities, setQuantities] = useState<Record<string, number>>({});
  const buy = async (skuId: string, quantity = 1) => {
    if (!loggedIn) {
      navigate(loginUrlFor(`${location.pathname}${location.search}`));
      return;
    }
    setBusy(skuId);
    try {
      setTicket(await createOrder({ skuId, channel: chosenChannel, quantity }));
    } catch {
      // the API client showed the service's message (e.g. the WeChat cap)
    } finally {
      setBusy(null);
    }
  };
  const startTrial = async () => {
    try {
      toast.success((await trial.mutateAsync()).message);
    } catch {
      // shown by the API client
    }
  };

  const tiers = (skus.data ?? []).filter((s) => s.period === period);
  const current = vip.data?.current;
  // what the trial opens (issue 47): the trial tier's benefits from the catalogue, and its live modes
  const trialSku = (skus.data ?? []).find((s) => s.tier === TRIAL.tier);
  const trialModes = LIVE_MODES.filter((m) => (m.vip as readonly string[]).includes(TRIAL.tier)).map((m) => m.mode);
  const trialIncludes = (
    <ul className="member__trial-includes" data-testid="member-trial-includes">
      {trialSku?.benefits.map((b) => (
        <li key={b}>{b}</li>
      ))}
      {trialModes.map((m) => (
        <li key={m}>{t(`member.trialMode.${m}`)}</li>
      ))}
    </ul>
  );

  return (
    <div className={`page container member${compact ? " member--compact" : ""}`} data-testid="member-page">
      <header className="member__head">
        <h1 className="page__title">{t("member.title")}</h1>
        <p className="page__subtitle">{t(fromDesign ? "member.fromDesign" : "member.subtitle")}</p>
        {current && (
          <p className="member__current" data-testid="member-current">
            {t("member.currentTier", { tier: current.tierName, date: current.expiresAt.slice(0, 10) })}
          </p>
        )}
        {vip.data?.expired && <p className="member__current">{t("member.renewText")}</p>}
      </header>

      {back && (
        <p className="member__back">
          <Link to={back} data-testid="member-back">
            ← {t("member.back")}
          </Link>
        </p>
      )}

      {offerDesign && current && (
        <div className="member__trial member__ready" data-testid="member-ready">
          <p>{t("member.readyToDesign", { tier: current.tierName })}</p>
          <StartDesignButton className="btn btn--primary">{t("member.startDesign")}</StartDesignButton>
        </div>
      )}

      {vip.data?.trialAvailable && (
        <div className="member__trial" data-testid="member-trial">
          <div>
            <p>{t("member.trialText", { days: vip.data.trial.days })}</p>
            {trialIncludes}
          </div>
          <button
            type="button"
            className="btn btn--primary"
            onClick={startTrial}
            disabled={trial.isPending}
            data-testid="member-trial-start"
          >
            {t("member.trialButton")}
          </button>
        </div>
      )}

      {!loggedIn && (
        <div className="member__trial" data-testid="member-trial">
          <div>
            <p>{t("member.trialVisitor", { days: TRIAL.days })}</p>
            {trialIncludes}
          </div>
          <Link
            className="btn btn--primary"
            to={`/register?redirect=${encodeURIComponent(`${location.pathname}?from=${fromDesign ? "design" : "trial"}`)}`}
            data-testid="member-trial-register"
          >
            {t("member.trialRegister")}
          </Link>
        </div>
      )}

      <div className="member__controls">
        <fieldset className="segmented" aria-label={t("member.period")}>
          {PERIODS.map((p) => (
            <label key={p} className={`segmented__option${p === period ? " segmented__option--on" : ""}`}>
              <input type="radio" name="period" value={p} checked={p === period} onChange={() => setPeriod(p)} />
              {t(`member.periods.${p}`)}
            </label>
          ))}
        </fieldset>
      </div>
      <PayMethodChoice channels={channels} chosen={chosenChannel} onChoose={setChannel} />

      {skus.isError ? (
        <p role="alert">
          {t("member.loadError")}{" "}
          <button type="button" className="btn btn--ghost" onClick={() => skus.refetch()}>
            {t("member.retry")}
          </button>
        </p>
      ) : (
        <ul className="member__tiers" aria-busy={skus.isPending}>
          {tiers.map((sku) => {
            const saving = savingPercent(sku.price, sku.originalPrice);
            // a lower tier than the one held is refused (decisions 018 and 055): say so, offer nothing
            const below = current && rankOf(sku.tier) < rankOf(current.tier) ? current : null;
            return (
              <li
                key={sku.id}
                className={`tier-card tier-card--${sku.tier}${highlighted === sku.tier ? " tier-card--on" : ""}`}
                data-testid={`tier-${sku.tier}`}
              >
                <h2 className="tier-card__name">{sku.tierName}</h2>
                <p className="tier-card__price">
                  <span data-testid={`price-${sku.tier}`}>{displayPrice(sku.price, sku.symbol)}</span>
                  <span className="tier-card__per"> / {sku.periodName}</span>
                </p>
                <p className="tier-card__saving">{saving > 0 ? t("member.saving", { percent: saving }) : " "}</p>
                <ul className="tier-card__benefits">
                  {sku.benefits.map((b) => (
                    <li key={b}>{b}</li>
                  ))}
                </ul>
                {below ? (
                  <p className="tier-card__included" data-testid={`included-${sku.tier}`}>
                    {/* cloud is not part of a higher tier: its hours are sold on their own and work with it */}
                    {t(sku.tier === "cloud" ? "member.cloudByHours" : "member.includedIn", {
                      tier: below.tierName,
                      date: below.expiresAt.slice(0, 10),
                    })}
                  </p>
                ) : (
                  <button
                    type="button"
                    className="btn btn--primary btn--block"
                    onClick={() => buy(sku.id)}
                    disabled={busy !== null}
                    data-testid={`buy-${sku.tier}`}
                  >
                    {current?.tier === sku.tier
                      ? t("member.renew")
                      : current && rankOf(sku.tier) > rankOf(current.tier)
                        ? t("member.upgrade")
                        : t("member.buy")}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}

      <TierCompare current={current?.tier} />

      <section className="member__hours" aria-labelledby="hours-title">
        <h2 id="hours-title">{t("member.hoursTitle")}</h2>
        <p className="page__subtitle">{t("member.hoursText")}</p>
        <ul className="member__packages">
          {(hours.data ?? []).map((h) => (
            <li key={h.id} className="hour-card" data-testid={`hours-${h.hours}`}>
              <span className="hour-card__name">{h.name}</span>
              <span className="hour-card__price">{displayPrice(h.price, h.symbol)}</span>
              <label className="hour-card__qty">
                <span>{t("member.quantity")}</span>
                <select
                  value={quantities[h.id] ?? 1}
                  onChange={(e) => setQuantities({ ...quantities, [h.id]: Number(e.target.value) })}
                  data-testid={`qty-${h.hours}`}
                >
                  {Array.from({ length: MAX_QUANTITY }, (_, i) => i + 1).map((n) => (
                    <option key={n} value={n}>
                      {n}
                    </option>
                  ))}
                </select>
              </label>
              <button
                type="button"
                className="btn btn--ghost"
                onClick={() => buy(h.id, quantities[h.id] ?? 1)}
                disabled={busy !== null}
                data-testid={`buy-hours-${h.hours}`}
              >
                {t("member.buy")}
              </button>
            </li>
          ))}
        </ul>
      </section>

      {loggedIn && (
        <p className="member__links">
          <Link to={ordersPath}>{t("member.myOrders")}</Link>
        </p>
      )}
      {ticket && <CheckoutDialog ticket={ticket} ordersPath={ordersPath} onClose={() => setTicket(null)} />}
    </div>
  );
}

export const AppMemberPage = () => <MemberPage compact />;
