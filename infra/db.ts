/** The one place a Prisma client is made. */

import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaClient } from "./generated/prisma/client.ts";

export type Db = PrismaClient;

export function createDb(url: string): Db {
  return new PrismaClient({ adapter: new PrismaBetterSQLite3({ url }) });
}
