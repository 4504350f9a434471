/** The membership feature's public face: the checkout and the order calls the shop pays through. */
export { createOrder, repayOrder } from "./api.ts";
export { CheckoutDialog } from "./CheckoutDialog.tsx";
export { OrderTable } from "./OrderTable.tsx";
export { displayPrice } from "./price.ts";
