import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ORDER_CLOSE_MINUTES, ORDER_STATUS } from "../../../shared/orders.ts";
import type { PayTicket } from "../../../shared/schemas/orders.ts";
import { Modal } from "../../components/modal/Modal.tsx";
import { startDesign } from "../../lib/startDesign.ts";
import { refreshUserInfo } from "../account/index.ts";
import { repayOrder, useOrderStatus } from "./api.ts";
import { displayPrice } from "./price.ts";
import "./checkout.css";

/**
 * The checkout (spec section 4, Payment): the order, a QR code of the provider's checkout and a
 * button to open it, then the outcome as the order's status says: success (pointing to my
 * orders), failure with 'Proceed Pay' (the same order again), or 'Pay Error'. Memberships go on to
 * Start design; a shop item passes its own next step (`paidAction`) and refresh (`onPaid`).
 */
export function CheckoutDialog({
  ticket: initial,
  ordersPath,
  onClose,
  onPaid,
  paidAction,
}: {
  ticket: PayTicket;
  ordersPath: string;
  onClose(): void;
  /** Once the order is paid (a shop item: what it unlocks is new). */
  onPaid?(): void;
  /** What the paid outcome offers instead of 'Start design' (a shop item: 'Use in a plan'). */
  paidAction?: { label: string; onClick(): void };
}) {
  const { t } = useTranslation();
  const [ticket, setTicket] = useState(initial);
  const [qr, setQr] = useState<string | null>(null);
  const [payError, setPayError] = useState(false);
  const status = useOrderStatus(ticket.orderId);
  const closeRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    let live = true;
    // the QR library loads with the checkout, not with the page
    void import("qrcode").then((QRCode) =>
      QRCode.toDataURL(ticket.qrText, { margin: 1, width: 220 }).then((url) => live && setQr(url)),
    );
    return () => {
      live = false;
    };
  }, [ticket.qrText]);

  const paid = status.data?.status === ORDER_STATUS.paid;
  const onPaidRef = useRef(onPaid);
  onPaidRef.current = onPaid;
  useEffect(() => {
    if (paid) onPaidRef.current?.();
  }, [paid]);

  const state =
    payError || status.isError
      ? "error"
      : status.data?.status === ORDER_STATUS.paid
        ? "paid"
        : status.data?.status === ORDER_STATUS.failed
          ? "failed"
          : status.data?.status === ORDER_STATUS.closed
            ? "error"
            : "waiting";

  // why it did not pay (docs/decisions/055): declined, cancelled, or expired unpaid
  const reason = status.data?.failReason ?? null;

  const proceed = async () => {
    try {
      setTicket(await repayOrder(ticket.orderId));
      setPayError(false);
      await status.refetch();
    } catch {
      setPayError(true);
    }
  };

  return (
    <Modal
      className="dialog checkout"
      aria-labelledby="checkout-title"
      data-testid="checkout"
      data-state={state}
      initialFocus={closeRef}
      onClose={onClose}
    >
      <div className="checkout__head">
        <h2 className="dialog__title" id="checkout-title">
          {t("member.checkoutTitle")}
        </h2>
        <button
          type="button"
          ref={closeRef}
          className="btn btn--ghost"
          onClick={onClose}
          aria-label={t("common.close")}
        >
          ×
        </button>
      </div>
      <dl className="checkout__facts">
        <dt>{t("member.product")}</dt>
        <dd>{ticket.productName}</dd>
        <dt>{t("member.orderNo")}</dt>
        <dd className="checkout__order-no" data-testid="checkout-order-no">
          {ticket.orderNo}
        </dd>
        <dt>{t("member.channel")}</dt>
        <dd>{t(`member.channels.${ticket.channel}`)}</dd>
        <dt>{t("member.amount")}</dt>
        <dd className="checkout__amount" data-testid="checkout-amount">
          {displayPrice(ticket.amount, ticket.symbol)}
        </dd>
      </dl>

      {state === "waiting" && (
        <div className="checkout__pay">
          {ticket.channel !== "card" &&
            (qr ? (
              <img
                className="checkout__qr"
                src={qr}
                alt={t("member.qrAlt", { channel: t(`member.channels.${ticket.channel}`) })}
              />
            ) : (
              <div className="checkout__qr checkout__qr--loading" aria-hidden="true" />
            ))}
          <p className="checkout__hint">{t(ticket.channel === "card" ? "member.cardHint" : "member.scanHint")}</p>
          <a
            className="btn btn--primary btn--block"
            href={ticket.payUrl}
            target="_blank"
            rel="noopener"
            data-testid="checkout-open"
          >
            {t(ticket.channel === "card" ? "member.openCard" : "member.openCheckout")}
          </a>
          <p className="checkout__waiting" role="status">
            {t("member.waiting")}
          </p>
        </div>
      )}
      {state === "paid" && (
        <div className="checkout__outcome checkout__outcome--paid" role="status" data-testid="checkout-paid">
          <p className="checkout__outcome-title">{t("member.paidTitle")}</p>
          <p>
            {t("member.paidText")} <Link to={ordersPath}>{t("member.myOrders")}</Link>
          </p>
          {paidAction ? (
            <button
              type="button"
              className="btn btn--primary btn--block"
              data-testid="checkout-paid-action"
              onClick={paidAction.onClick}
            >
              {paidAction.label}
            </button>
          ) : (
            <button
              type="button"
              className="btn btn--primary btn--block"
              data-testid="checkout-start-design"
              onClick={async () => {
                // the membership is new: design with it, not with the userInfo from before
                await refreshUserInfo();
                onClose();
                await startDesign();
              }}
            >
              {t("avatars.startDesign")}
            </button>
          )}
        </div>
      )}
      {state === "failed" && (
        <div className="checkout__outcome checkout__outcome--failed" role="alert" data-testid="checkout-failed">
          <p className="checkout__outcome-title">{t("member.failedTitle")}</p>
          {reason && (
            <p className="checkout__reason" data-testid="checkout-reason" data-reason={reason}>
              {t(`member.failReasons.${reason}`, { minutes: ORDER_CLOSE_MINUTES })}
            </p>
          )}
          <p>{t("member.failedText")}</p>
          <button
            type="button"
            className="btn btn--primary btn--block"
            onClick={proceed}
            data-testid="checkout-proceed"
          >
            {t("member.proceedPay")}
          </button>
        </div>
      )}
      {state === "error" && (
        <div className="checkout__outcome checkout__outcome--failed" role="alert" data-testid="checkout-error">
          <p className="checkout__outcome-title">{t("member.payError")}</p>
          {reason && (
            <p className="checkout__reason" data-testid="checkout-reason" data-reason={reason}>
              {t(`member.failReasons.${reason}`, { minutes: ORDER_CLOSE_MINUTES })}
            </p>
          )}
          <p>{t("member.payErrorText")}</p>
        </div>
      )}
    </Modal>
  );
}
