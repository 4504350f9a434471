import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { OrderRange } from "../../../shared/orders.ts";
import type { PayTicket } from "../../../shared/schemas/orders.ts";
import type { MyGoodsRecord, ShopOrderRow } from "../../../shared/schemas/shop.ts";
import { ListState } from "../../components/list-state/ListState.tsx";
import { OrderRangeFilter } from "../../components/order-range/OrderRangeFilter.tsx";
import { Pager } from "../../components/pager/Pager.tsx";
import { HTML_LANG } from "../../lib/i18n/index.ts";
import { shopItemLink } from "../../lib/links.ts";
import { useLanguage } from "../../lib/session.ts";
import { CheckoutDialog, OrderTable, repayOrder } from "../membership/index.ts";
import { refreshOwnership, useMyGoods, useShopLabels, useShopOrders } from "./api.ts";
import { ProductArt } from "./ProductArt.tsx";
import { UsePlanDialog } from "./UsePlanDialog.tsx";
import "./shop.css";

const PER_PAGE = 12;
const ORDERS_PER_PAGE = 5;

/**
 * /workbench/myProducts and /myProducts: what the user bought or claimed in the shop, each with
 * 'Use in a plan', and their shop orders (an unpaid one can be paid again).
 */
export function MyProductsPage({ framed = false }: { framed?: boolean }) {
  const { t } = useTranslation();
  const locale = HTML_LANG[useLanguage()];
  const [classifyId, setClassifyId] = useState("");
  const [page, setPage] = useState(1);
  const classes = useShopLabels("classify");
  const goods = useMyGoods(page, PER_PAGE, classifyId);
  const records = goods.data?.records ?? [];
  const pages = Math.max(1, Math.ceil((goods.data?.total ?? 0) / PER_PAGE));
  const [using, setUsing] = useState<MyGoodsRecord | null>(null);
  const date = (iso: string) => new Date(iso).toLocaleDateString(locale, { dateStyle: "medium" });

  return (
    <div className={framed ? "my-products" : "page container my-products"} data-testid="my-products">
      <h1 className="page__title">{t("titles.myProducts")}</h1>
      <p className="page__subtitle">{t("shop.mine.subtitle")}</p>
      <fieldset className="shop-chips" aria-label={t("shop.classifications")}>
        <legend className="visually-hidden">{t("shop.classifications")}</legend>
        <button
          type="button"
          className="shop-chip"
          aria-pressed={!classifyId}
          onClick={() => {
            setClassifyId("");
            setPage(1);
          }}
        >
          {t("shop.all")}
        </button>
        {(classes.data ?? []).map((c) => (
          <button
            key={c.id}
            type="button"
            className="shop-chip"
            aria-pressed={classifyId === c.id}
            onClick={() => {
              setClassifyId(c.id);
              setPage(1);
            }}
            data-testid={`mine-classify-${c.id}`}
          >
            {c.name}
          </button>
        ))}
      </fieldset>

      <ListState
        query={goods}
        isEmpty={records.length === 0}
        errorText={t("shop.mine.loadError")}
        empty={{
          title: t("shop.mine.empty"),
          body: t("shop.mine.emptyBody"),
          testId: "my-products-empty",
          action: (
            <Link to="/shop/singleList" className="btn btn--primary">
              {t("shop.mine.browse")}
            </Link>
          ),
        }}
      >
        <ul className="goods-grid">
          {records.map((g) => (
            <li key={g.skuId} className="goods-card card" data-testid="goods-card" data-id={g.skuId}>
              <ProductArt asset={g.unlocks} />
              <div className="goods-card__body">
                <span className="product-card__kind">{g.classifications[0]?.name}</span>
                <strong className="goods-card__name">{g.name}</strong>
                <span className="goods-card__when">
                  {t(g.source === "order" ? "shop.mine.bought" : "shop.mine.claimed", { date: date(g.acquiredAt) })}
                </span>
                {g.orderNo && <span className="goods-card__order">{t("shop.mine.order", { orderNo: g.orderNo })}</span>}
                <div className="goods-card__actions">
                  <button
                    type="button"
                    className="btn btn--primary"
                    onClick={() => setUsing(g)}
                    data-testid="goods-use"
                  >
                    {t("shop.detail.useInPlan")}
                  </button>
                  <Link to={shopItemLink(g.skuId)} className="btn btn--ghost">
                    {t("shop.mine.view")}
                  </Link>
                </div>
              </div>
            </li>
          ))}
        </ul>
      </ListState>
      <Pager page={page} pages={pages} onPage={setPage} testId="goods-page" />
      <ShopOrders />
      {using && <UsePlanDialog asset={using.unlocks} name={using.name} onClose={() => setUsing(null)} />}
    </div>
  );
}

/** The user's shop orders (POST /shop/order/pageList): the spending record's columns, for items. */
function ShopOrders() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [range, setRange] = useState<OrderRange>("all");
  const orders = useShopOrders(page, ORDERS_PER_PAGE, range);
  const [ticket, setTicket] = useState<PayTicket | null>(null);
  const rows = orders.data?.records ?? [];
  const pages = Math.max(1, Math.ceil((orders.data?.total ?? 0) / ORDERS_PER_PAGE));
  const proceed = async (row: ShopOrderRow) => {
    try {
      setTicket(await repayOrder(row.orderId));
    } catch {
      // shown by the API client
    }
  };
  return (
    <section className="shop-orders" aria-labelledby="shop-orders-title">
      <h2 id="shop-orders-title">{t("shop.mine.ordersTitle")}</h2>
      <OrderRangeFilter
        range={range}
        testIdPrefix="shop-orders-range"
        onChange={(r) => {
          setRange(r);
          setPage(1);
        }}
      />
      {orders.isSuccess && rows.length === 0 ? (
        <p className="shop-orders__empty">{t("shop.mine.ordersEmpty")}</p>
      ) : (
        <OrderTable
          rows={rows}
          onProceed={proceed}
          product={(row) => <Link to={shopItemLink(row.skuId)}>{row.productName}</Link>}
          quantity={false}
          testId="shop-orders"
          rowTestId="shop-order-row"
        />
      )}
      <Pager page={page} pages={pages} onPage={setPage} testId="shop-orders-page" />
      {ticket && (
        <CheckoutDialog
          ticket={ticket}
          ordersPath="/workbench/myProducts"
          onPaid={() => void refreshOwnership()}
          onClose={() => setTicket(null)}
          paidAction={{ label: t("common.close"), onClick: () => setTicket(null) }}
        />
      )}
    </section>
  );
}

/** The workbench's child: the same page inside the workbench frame. */
export const WorkbenchMyProducts = () => <MyProductsPage framed />;
