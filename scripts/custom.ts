/**
 * `npm run custom -- <command>`: the studio's side of tailored models (docs/decisions/026). It
 * works on the database of DATA_DIR / DATABASE_URL, the same one the server uses, and moves a
 * request through its states; a move its state does not allow is refused and changes nothing.
 * <id> is the request's id or its number (CM…); amounts are in the smallest unit (fen or cents).
 *
 *   list [status]           the requests, oldest first (all, or one state)
 *   show <id>               one request: its fields, photos and history
 *   quote <id> <amount>     submitted or quoted -> quoted, at this price
 *   produce <id>            quoted -> producing (the user accepted the quote)
 *   deliver <id>            producing -> delivered: the avatar is added to the user's avatars
 *   reject <id> <reason>    submitted, quoted or producing -> rejected, with the reason shown to the user
 */

import { createDb } from "../infra/db.ts";
import { loadEnv } from "../infra/env.ts";
import { createStorage } from "../infra/storage.ts";
import { createCustomOperator } from "../server/areas/custom/operator.ts";
import { BizError } from "../server/errors.ts";
import { createInProcessRunner } from "../server/jobs/in-process.ts";
import { CUSTOM_STATUSES, formatMoney } from "../shared/custom.ts";
import { translate } from "../shared/messages.ts";
import { CURRENCY } from "../shared/orders.ts";

const USAGE =
  "usage: npm run custom -- list [status] | show <id> | quote <id> <amount> | produce <id> | deliver <id> | reject <id> <reason>";

const [command, ref, ...rest] = process.argv.slice(2);

const env = loadEnv();
const db = createDb(env.DATABASE_URL);
const storage = createStorage(env);
const quiet = { info() {}, warn() {}, error: (...args: unknown[]) => console.error(...args) };
// Deliver runs the photo-cloning fit here, in this process: the server's queue is not needed.
const jobs = createInProcessRunner({ db, storage, log: quiet });
const operator = createCustomOperator({ db, jobs, clock: { now: () => new Date() } });

type Row = Awaited<ReturnType<typeof operator.find>>;
const money = (minor: number | null, currency: string) =>
  minor === null ? "-" : formatMoney(minor, CURRENCY[currency === "CNY" ? "cn" : "intl"].symbol);
type Summary = Pick<Row, "requestNo" | "status" | "style" | "budget" | "quoteAmount" | "currency" | "deadline" | "id">;
const line = (r: Summary) =>
  `${r.requestNo}  ${r.status.padEnd(9)}  ${r.style.padEnd(9)}  budget ${money(r.budget, r.currency)}  quote ${money(r.quoteAmount, r.currency)}  by ${r.deadline}  id ${r.id}`;

function need(value: string | undefined, what: string): string {
  if (!value) throw new Error(`missing ${what}\n${USAGE}`);
  return value;
}

async function main() {
  switch (command) {
    case "list": {
      if (ref && !(CUSTOM_STATUSES as readonly string[]).includes(ref))
        throw new Error(`unknown status "${ref}": one of ${CUSTOM_STATUSES.join(", ")}`);
      const rows = await operator.list(ref);
      if (rows.length === 0) console.log(ref ? `no ${ref} requests` : "no requests");
      for (const r of rows)
        console.log(`${line(r)}  ${r.photos.length} photos  ${r.user.email ?? r.user.phone ?? r.userId}`);
      return;
    }
    case "show": {
      const r = await operator.find(need(ref, "<id>"));
      console.log(line(r));
      console.log(`  sex ${r.sex === 1 ? "male" : "female"}, ${r.photos.length} photos, language ${r.language}`);
      console.log(`  description: ${r.description}`);
      if (r.rejectReason) console.log(`  rejected: ${r.rejectReason}`);
      if (r.roleId) console.log(`  delivered avatar: ${r.roleId}`);
      return;
    }
    case "quote": {
      const amountText = need(rest[0], "<amount>");
      if (!/^\d+$/.test(amountText))
        throw new Error(`<amount> must be a whole number in fen or cents: "${amountText}"`);
      const r = await operator.quote(need(ref, "<id>"), Number(amountText));
      console.log(`quoted ${r.requestNo} at ${money(r.quoteAmount, r.currency)}`);
      return;
    }
    case "produce": {
      const r = await operator.produce(need(ref, "<id>"));
      console.log(`${r.requestNo} is in production`);
      return;
    }
    case "deliver": {
      const r = await operator.deliver(need(ref, "<id>"));
      console.log(`delivered ${r.requestNo}: avatar ${r.roleId} added to the user's avatars`);
      return;
    }
    case "reject": {
      const r = await operator.reject(need(ref, "<id>"), need(rest.join(" "), "<reason>"));
      console.log(`rejected ${r.requestNo}: ${r.rejectReason}`);
      return;
    }
    default:
      console.log(USAGE);
      process.exitCode = command ? 1 : 0;
  }
}

try {
  await main();
} catch (error) {
  const text =
    error instanceof BizError
      ? error.codeName === "NOT_FOUND"
        ? `no request "${ref}"`
        : translate(error.entry.message, "EN", error.params)
      : error instanceof Error
        ? error.message
        : String(error);
  console.error(`custom: ${text}`);
  process.exitCode = 1;
} finally {
  await jobs.close();
  await db.$disconnect();
}
