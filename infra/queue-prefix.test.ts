import { describe, expect, it } from "vitest";
import { databaseIdentity } from "./queue-prefix.ts";

describe("the database's identity (the default queue prefix, decision 048)", () => {
  it("is a SQLite file's absolute path, or a PostgreSQL database's host, port and name without credentials", () => {
    expect(databaseIdentity("file:/srv/a/app.db")).toBe("file:/srv/a/app.db");
    expect(databaseIdentity("file:/srv/a/../a/app.db")).toBe("file:/srv/a/app.db");
    expect(databaseIdentity("postgresql://u:secret@db:5432/avalive?schema=x")).toBe("postgres://db:5432/avalive");
    expect(databaseIdentity("postgres://db/avalive")).toBe("postgres://db:5432/avalive");
    expect(databaseIdentity("postgres://db/other")).not.toBe(databaseIdentity("postgres://db/avalive"));
  });
});
