import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useSearchParams } from "react-router";
import { CODES } from "../../../shared/codes.ts";
import { channelsForSite, type PayChannel } from "../../../shared/orders.ts";
import type { PayTicket } from "../../../shared/schemas/orders.ts";
import type { ShopSkuDetail } from "../../../shared/schemas/shop.ts";
import { toast } from "../../components/toast/toastStore.ts";
import { ApiError } from "../../lib/api.ts";
import { loginUrlFor } from "../../lib/loginRedirect.ts";
import { navigate } from "../../lib/navigation.ts";
import { useSession } from "../../lib/session.ts";
import { CheckoutDialog, createOrder, displayPrice } from "../membership/index.ts";
import { useSiteConfig } from "../site/index.ts";
import { claimFree, refreshOwnership, useShopItem } from "./api.ts";
import { ItemPreview } from "./ItemPreview.tsx";
import { UsePlanDialog } from "./UsePlanDialog.tsx";
import "./shop.css";

/** /shop/singleDetail?id=: the product on the user's avatar in 3D, its price, and buy, claim or use. */
export function ShopDetailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get("id") ?? "";
  const item = useShopItem(id);

  if (!id || (item.error instanceof ApiError && item.error.code === CODES.NOT_FOUND.code)) {
    return (
      <div className="page container shop-detail">
        <BackLink />
        <div className="list-state card" data-testid="shop-missing">
          <strong>{t("shop.detail.missingTitle")}</strong>
          <span>{t("shop.detail.missingBody")}</span>
        </div>
      </div>
    );
  }
  if (item.isError) {
    return (
      <div className="page container shop-detail">
        <BackLink />
        <div className="list-state card" role="alert">
          <p>{t("shop.loadError")}</p>
          <button type="button" className="btn btn--ghost" onClick={() => item.refetch()}>
            {t("common.retry")}
          </button>
        </div>
      </div>
    );
  }
  if (!item.data)
    return (
      <div className="page container shop-detail">
        <div className="list-state__skeleton" role="status" aria-busy="true" aria-label={t("common.loading")} />
      </div>
    );
  return <Detail key={item.data.id} sku={item.data} />;
}

function BackLink() {
  const { t } = useTranslation();
  return (
    <Link to="/shop/singleList" className="shop-detail__back">
      ← {t("shop.detail.back")}
    </Link>
  );
}

function Detail({ sku }: { sku: ShopSkuDetail }) {
  const { t } = useTranslation();
  const slot = sku.unlocks.kind === "outfit" ? t(`plan.subs.${sku.unlocks.type}`) : "";
  return (
    <div className="page container shop-detail" data-testid="shop-detail" data-id={sku.id}>
      <BackLink />
      <div className="shop-detail__body">
        <ItemPreview sku={sku} />
        <section className="shop-detail__info" aria-labelledby="shop-detail-name">
          <p className="shop-detail__kind">
            {sku.classifications.map((c) => c.name).join(" · ")}
            {sku.sales > 0 && <span> · {t("shop.detail.owners", { count: sku.sales })}</span>}
          </p>
          <h1 className="page__title" id="shop-detail-name">
            {sku.name}
          </h1>
          {sku.tags.length > 0 && (
            <ul className="shop-detail__tags" aria-label={t("shop.tags")}>
              {sku.tags.map((tag) => (
                <li key={tag.id} className="shop-badge">
                  #{tag.name}
                </li>
              ))}
            </ul>
          )}
          <p className="shop-detail__price" data-testid="shop-detail-price">
            {sku.free ? t("shop.free") : displayPrice(sku.price, sku.symbol)}
          </p>
          <p className="shop-detail__description">{sku.description}</p>
          <h2 className="shop-detail__subtitle">{t("shop.detail.unlocksTitle")}</h2>
          <p className="shop-detail__unlocks" data-testid="shop-detail-unlocks">
            {t(`shop.unlocks.${sku.unlocks.kind}`, { slot })}
          </p>
          <Actions sku={sku} />
        </section>
      </div>
    </div>
  );
}

/** Owned: 'Use in a plan'. Free: claim. Paid: the channel and 'Buy now', through the checkout. */
function Actions({ sku }: { sku: ShopSkuDetail }) {
  const { t } = useTranslation();
  const location = useLocation();
  const loggedIn = useSession((s) => s.token !== null);
  const site = useSiteConfig().data?.site ?? "intl";
  const channels = channelsForSite(site);
  const [picked, setPicked] = useState<PayChannel | null>(null);
  const channel = picked && channels.includes(picked) ? picked : (channels[0] as PayChannel);
  const [ticket, setTicket] = useState<PayTicket | null>(null);
  const [using, setUsing] = useState(false);
  const [busy, setBusy] = useState(false);

  /** Visitors log in first and come back here. */
  const needLogin = () => {
    if (loggedIn) return false;
    navigate(loginUrlFor(`${location.pathname}${location.search}`));
    return true;
  };
  const run = async (work: () => Promise<void>) => {
    if (needLogin()) return;
    setBusy(true);
    try {
      await work();
    } catch {
      // the API client has shown the service's message
    } finally {
      setBusy(false);
    }
  };
  const buy = () => run(async () => setTicket(await createOrder({ skuId: sku.id, channel })));
  const claim = () =>
    run(async () => {
      const { message } = await claimFree(sku.id);
      toast.success(message);
      await refreshOwnership();
    });

  const dialogs = (
    <>
      {ticket && (
        <CheckoutDialog
          ticket={ticket}
          ordersPath="/workbench/myProducts"
          onClose={() => setTicket(null)}
          onPaid={() => void refreshOwnership()}
          paidAction={{
            label: t("shop.detail.useInPlan"),
            onClick: () => {
              setTicket(null);
              setUsing(true);
            },
          }}
        />
      )}
      {using && <UsePlanDialog asset={sku.unlocks} name={sku.name} onClose={() => setUsing(false)} />}
    </>
  );

  // One frame for every state: the checkout stays open while the item turns owned under it.
  return (
    <div className="shop-detail__actions" data-testid={sku.owned ? "shop-owned" : "shop-actions"}>
      {sku.owned ? (
        <>
          <p className="shop-detail__owned">{t("shop.detail.ownedText")}</p>
          <button
            type="button"
            className="btn btn--primary btn--lg"
            onClick={() => setUsing(true)}
            data-testid="use-in-plan"
          >
            {t("shop.detail.useInPlan")}
          </button>
        </>
      ) : sku.free ? (
        <button
          type="button"
          className="btn btn--primary btn--lg"
          disabled={busy}
          onClick={claim}
          data-testid="shop-claim"
        >
          {t("shop.detail.claim")}
        </button>
      ) : (
        <>
          {channels.length > 1 && (
            <fieldset className="shop-channels">
              <legend>{t("shop.detail.channel")}</legend>
              {channels.map((c) => (
                <label key={c} className={`shop-chip${c === channel ? " shop-chip--on" : ""}`}>
                  <input
                    type="radio"
                    name="channel"
                    value={c}
                    checked={c === channel}
                    onChange={() => setPicked(c)}
                    data-testid={`channel-${c}`}
                  />
                  {t(`member.channels.${c}`)}
                </label>
              ))}
            </fieldset>
          )}
          <button
            type="button"
            className="btn btn--primary btn--lg"
            disabled={busy}
            onClick={buy}
            data-testid="shop-buy"
          >
            {t("shop.detail.buy")} · {displayPrice(sku.price, sku.symbol)}
          </button>
        </>
      )}
      {dialogs}
    </div>
  );
}
