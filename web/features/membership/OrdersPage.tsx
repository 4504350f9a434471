import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { OrderRange } from "../../../shared/orders.ts";
import type { OrderRow, PayTicket } from "../../../shared/schemas/orders.ts";
import { ListState } from "../../components/list-state/ListState.tsx";
import { OrderRangeFilter } from "../../components/order-range/OrderRangeFilter.tsx";
import { Pager } from "../../components/pager/Pager.tsx";
import { repayOrder, useOrderPage } from "./api.ts";
import { CheckoutDialog } from "./CheckoutDialog.tsx";
import { OrderTable } from "./OrderTable.tsx";
import "./member.css";

const PER_PAGE = 10;

/** /workbench/orderList and /myCenter/myOrder: the spending record with the spec's columns and filters. */
export function OrdersPage({ framed = true }: { framed?: boolean }) {
  const { t } = useTranslation();
  const [range, setRange] = useState<OrderRange>("all");
  const [page, setPage] = useState(1);
  const [ticket, setTicket] = useState<PayTicket | null>(null);
  const list = useOrderPage(page, PER_PAGE, range);
  const records = list.data?.records ?? [];
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / PER_PAGE));
  const proceed = async (row: OrderRow) => {
    try {
      setTicket(await repayOrder(row.orderId));
    } catch {
      // shown by the API client
    }
  };

  return (
    <div className={framed ? "orders" : "page container orders"} data-testid="orders">
      <h1 className="page__title">{t("orders.title")}</h1>
      <OrderRangeFilter
        range={range}
        onChange={(r) => {
          setRange(r);
          setPage(1);
        }}
      />
      <ListState
        query={list}
        isEmpty={records.length === 0}
        errorText={t("member.loadError")}
        empty={{ title: t("orders.empty"), testId: "orders-empty" }}
      >
        <OrderTable rows={records} onProceed={proceed} testId="orders-table" rowTestId="order-row" />
      </ListState>
      <Pager page={page} pages={pages} onPage={setPage} testId="orders-page" />
      {ticket && (
        <CheckoutDialog
          ticket={ticket}
          ordersPath={framed ? "/workbench/orderList" : "/myCenter/myOrder"}
          onClose={() => {
            setTicket(null);
            void list.refetch();
          }}
        />
      )}
    </div>
  );
}

export const MyOrderPage = () => <OrdersPage framed={false} />;
