/**
 * `npm run payments:duplicates`: the payments to refund. A second attempt of an order that was
 * also paid (the first QR code, then another channel after 'Proceed Pay') is recorded as a
 * duplicate-order, never granted twice (docs/decisions/048). This lists them, newest first, with
 * what the operator needs to refund at the provider.
 *
 *   npm run payments:duplicates            a table
 *   npm run payments:duplicates -- --json  one JSON object a line
 */

import { createDb } from "../infra/db.ts";
import { loadEnv } from "../infra/env.ts";

const env = loadEnv();
const db = createDb(env.DATABASE_URL);
try {
  const rows = await db.paymentEvent.findMany({
    where: { outcome: "paid", result: "duplicate-order" },
    orderBy: { createdAt: "desc" },
  });
  if (process.argv.includes("--json")) {
    for (const row of rows)
      console.log(
        JSON.stringify({
          orderNo: row.orderNo,
          provider: row.provider,
          eventId: row.eventId,
          amount: row.amount,
          at: row.createdAt.toISOString(),
        }),
      );
  } else if (rows.length === 0) {
    console.log("No duplicate payments: nothing to refund.");
  } else {
    console.log(`${rows.length} duplicate payment(s) to refund at the provider:`);
    for (const row of rows)
      console.log(
        `${row.createdAt.toISOString()}  order ${row.orderNo}  ${row.provider}  event ${row.eventId}  amount ${row.amount}`,
      );
  }
} finally {
  await db.$disconnect();
}
