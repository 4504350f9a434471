/**
 * The sandbox provider's checkout page: what a payer sees at Alipay, WeChat Pay or a card
 * processor, reduced to the amount, a QR code or a card form, and Pay / Fail. Plain HTML and
 * forms, no script (Pay, Fail, or Cancel), so it runs under a strict Content-Security-Policy.
 */

import QRCode from "qrcode";
import type { Language } from "../../shared/constants.ts";
import type { PayChannel } from "../../shared/orders.ts";

type Kind = "checkout" | "paid" | "failed" | "cancelled" | "closed" | "missing";

interface PageInput {
  kind: Kind;
  language: Language;
  channel: PayChannel;
  productName?: string;
  amount?: string;
  orderNo?: string;
  action?: string;
  selfUrl?: string;
}

const T = {
  EN: {
    sandbox: "Payment sandbox: no real money moves",
    provider: { alipay: "Alipay", wechat: "WeChat Pay", card: "Card payment" },
    scan: "Scan with the app, or choose below",
    pay: "Pay",
    fail: "Fail",
    cancel: "Cancel payment",
    card: "Card number",
    expiry: "Expiry",
    cvc: "CVC",
    cardHint: "4242 4242 4242 4242 pays; 4000 0000 0000 0002 is declined.",
    paid: "Payment successful. You can close this page and return to Avalive.",
    failed: "Payment failed. Return to Avalive to try again.",
    cancelled: "Payment cancelled. Return to Avalive to try again.",
    closed: "This order can no longer be paid.",
    missing: "No such payment.",
    order: "Order",
  },
  ZH_CN: {
    sandbox: "支付沙箱：不会产生真实扣款",
    provider: { alipay: "支付宝", wechat: "微信支付", card: "银行卡支付" },
    scan: "请使用 App 扫码，或在下方选择",
    pay: "支付",
    fail: "支付失败",
    cancel: "取消支付",
    card: "卡号",
    expiry: "有效期",
    cvc: "安全码",
    cardHint: "4242 4242 4242 4242 支付成功；4000 0000 0000 0002 被拒绝。",
    paid: "支付成功。你可以关闭本页，返回 Avalive。",
    failed: "支付失败。请返回 Avalive 重试。",
    cancelled: "支付已取消。请返回 Avalive 重试。",
    closed: "该订单已无法支付。",
    missing: "支付不存在。",
    order: "订单",
  },
  ZH_TN: {
    sandbox: "支付沙箱：不會產生真實扣款",
    provider: { alipay: "支付寶", wechat: "微信支付", card: "銀行卡支付" },
    scan: "請使用 App 掃碼，或在下方選擇",
    pay: "支付",
    fail: "支付失敗",
    cancel: "取消支付",
    card: "卡號",
    expiry: "有效期",
    cvc: "安全碼",
    cardHint: "4242 4242 4242 4242 支付成功；4000 0000 0000 0002 被拒絕。",
    paid: "支付成功。你可以關閉本頁，返回 Avalive。",
    failed: "支付失敗。請返回 Avalive 重試。",
    cancelled: "支付已取消。請返回 Avalive 重試。",
    closed: "該訂單已無法支付。",
    missing: "支付不存在。",
    order: "訂單",
  },
} as const;

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string);

/** The providers' colours, darkened until white text on them reads at 4.5:1. */
const COLORS: Record<PayChannel, string> = { alipay: "#1466d8", wechat: "#08794a", card: "#635bff" };

export async function sandboxPage(input: PageInput): Promise<string> {
  const t = T[input.language];
  const color = COLORS[input.channel];
  const lang = input.language === "EN" ? "en" : input.language === "ZH_CN" ? "zh-CN" : "zh-TW";
  let main = "";
  if (input.kind === "checkout" && input.action) {
    const qr =
      input.channel !== "card" && input.selfUrl
        ? `<div class="qr" role="img" aria-label="QR code">${await QRCode.toString(input.selfUrl, { type: "svg", margin: 1, width: 200 })}</div><p class="muted">${t.scan}</p>`
        : "";
    const cardForm =
      input.channel === "card"
        ? `<label>${t.card}<input name="number" inputmode="numeric" autocomplete="cc-number" value="4242 4242 4242 4242" required></label>
           <div class="row"><label>${t.expiry}<input name="expiry" value="12/30" autocomplete="cc-exp"></label><label>${t.cvc}<input name="cvc" value="123" autocomplete="cc-csc"></label></div>
           <p class="muted">${t.cardHint}</p>`
        : "";
    main = `${qr}
      <form method="post" action="${esc(input.action)}/pay?lang=${input.language}" class="stack">${cardForm}
        <button type="submit" data-testid="sandbox-pay">${t.pay} ${esc(input.amount ?? "")}</button>
      </form>
      <form method="post" action="${esc(input.action)}/fail?lang=${input.language}">
        <button type="submit" class="secondary" data-testid="sandbox-fail">${t.fail}</button>
      </form>
      <form method="post" action="${esc(input.action)}/cancel?lang=${input.language}">
        <button type="submit" class="secondary" data-testid="sandbox-cancel">${t.cancel}</button>
      </form>`;
  } else {
    main = `<p class="result" data-testid="sandbox-result" data-outcome="${input.kind}">${t[input.kind === "checkout" ? "missing" : input.kind]}</p>`;
  }
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${t.provider[input.channel]} · Sandbox</title>
<style>
  body { margin: 0; font-family: system-ui, "Noto Sans CJK SC", sans-serif; background: #f4f5f7; color: #1d1f24; }
  header { background: ${color}; color: #fff; padding: 14px 20px; font-weight: 700; font-size: 18px; }
  .banner { background: #fff4d6; color: #5c4400; padding: 8px 20px; font-size: 13px; }
  main { max-width: 380px; margin: 24px auto; background: #fff; border-radius: 14px; padding: 24px; box-shadow: 0 4px 18px rgba(0,0,0,.08); }
  h1 { font-size: 16px; margin: 0 0 4px; } .amount { font-size: 32px; font-weight: 800; margin: 8px 0 16px; }
  .muted { color: #5b6070; font-size: 13px; } .qr { display: grid; place-items: center; } .qr svg { width: 200px; height: 200px; }
  .stack { display: grid; gap: 10px; margin-top: 12px; } .row { display: grid; grid-template-columns: 1fr 1fr; gap: 10px; }
  label { display: grid; gap: 4px; font-size: 13px; } input { font: inherit; padding: 9px 10px; border: 1px solid #c5c9d3; border-radius: 8px; }
  button { width: 100%; font: inherit; font-weight: 700; padding: 11px; border-radius: 10px; border: 0; background: ${color}; color: #fff; cursor: pointer; margin-top: 8px; }
  button.secondary { background: #fff; color: #b42318; border: 1px solid #b42318; }
  .result { font-size: 16px; }
</style>
</head>
<body>
<header>${t.provider[input.channel]}</header>
<div class="banner">${t.sandbox}</div>
<main>
  ${input.productName ? `<h1>${esc(input.productName)}</h1>` : ""}
  ${input.orderNo ? `<p class="muted">${t.order} ${esc(input.orderNo)}</p>` : ""}
  ${input.amount && input.kind === "checkout" ? `<p class="amount" data-testid="sandbox-amount">${esc(input.amount)}</p>` : ""}
  ${main}
</main>
</body>
</html>`;
}
