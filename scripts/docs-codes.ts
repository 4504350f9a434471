/** `npm run docs:codes`: rewrite the code table in docs/api.md from shared/codes.ts and shared/messages.ts. */

import fs from "node:fs";
import path from "node:path";
import { CODES } from "../shared/codes.ts";
import { MESSAGES } from "../shared/messages.ts";
import { ROOT } from "./lib.ts";

const file = path.join(ROOT, "docs", "api.md");
const rows = Object.entries(CODES).map(
  ([name, e]) => `| ${e.code} | ${e.http} | ${name} | ${MESSAGES[e.message].EN} |`,
);
const table = ["| code | HTTP | name | message (EN) |", "|---|---|---|---|", ...rows].join("\n");
const doc = fs.readFileSync(file, "utf8");
const updated = doc.replace(
  /<!-- codes:start -->[\s\S]*<!-- codes:end -->/,
  `<!-- codes:start -->\n${table}\n<!-- codes:end -->`,
);
fs.writeFileSync(file, updated);
console.log(`docs/api.md: ${rows.length} codes`);
