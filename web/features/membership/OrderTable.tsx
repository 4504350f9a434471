import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ORDER_STATUS } from "../../../shared/orders.ts";
import type { OrderRow } from "../../../shared/schemas/orders.ts";
import { HTML_LANG } from "../../lib/i18n/index.ts";
import { useLanguage } from "../../lib/session.ts";
import { displayPrice } from "./price.ts";
import "./order-table.css";

/**
 * The spending record's table (spec columns: order number, product, channel, quantity, amount,
 * time, status), with 'Proceed Pay' on an order still to be paid. Memberships and shop items
 * (whose rows add a SKU) both list through it.
 */
export function OrderTable<R extends OrderRow>({
  rows,
  onProceed,
  product = (row) => row.productName,
  quantity = true,
  testId,
  rowTestId,
}: {
  rows: readonly R[];
  onProceed: (row: R) => void;
  /** The product cell; its name by default. */
  product?: (row: R) => ReactNode;
  /** Whether to show the quantity column. */
  quantity?: boolean;
  testId: string;
  rowTestId: string;
}) {
  const { t } = useTranslation();
  const locale = HTML_LANG[useLanguage()];
  const when = (iso: string) => new Date(iso).toLocaleString(locale, { dateStyle: "medium", timeStyle: "short" });
  return (
    <div className="orders__scroll">
      <table className="orders__table" data-testid={testId}>
        <thead>
          <tr>
            <th scope="col">{t("orders.columns.orderNo")}</th>
            <th scope="col">{t("orders.columns.product")}</th>
            <th scope="col">{t("orders.columns.channel")}</th>
            {quantity && <th scope="col">{t("orders.columns.quantity")}</th>}
            <th scope="col">{t("orders.columns.amount")}</th>
            <th scope="col">{t("orders.columns.time")}</th>
            <th scope="col">{t("orders.columns.status")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.orderId} data-testid={rowTestId}>
              <td className="orders__no">{row.orderNo}</td>
              <td>{product(row)}</td>
              <td>{row.channelName}</td>
              {quantity && <td>{row.quantity}</td>}
              <td>{displayPrice(row.amount, row.symbol)}</td>
              <td>{when(row.createdAt)}</td>
              <td>
                <span className={`order-status order-status--${row.status}`}>{row.statusName}</span>
                {(row.status === ORDER_STATUS.pending || row.status === ORDER_STATUS.failed) && (
                  <button type="button" className="btn btn--ghost orders__proceed" onClick={() => onProceed(row)}>
                    {t("member.proceedPay")}
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
