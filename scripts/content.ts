/**
 * `npm run content -- <command>`: publish and edit the help centre and announcements without
 * touching code (docs/decisions/022-content.md). The files under content/ are the source; this
 * writes them into the database the server reads.
 *
 *   sync                 read content/ and update the database (also done on every start)
 *   list                 the announcements, newest first, with their state
 *   publish <slug>       set published: true in the announcement's files, then sync
 *   unpublish <slug>     set published: false, then sync
 */

import fs from "node:fs";
import path from "node:path";
import { createDb } from "../infra/db.ts";
import { loadEnv } from "../infra/env.ts";
import { CONTENT_DIR, readContent, syncContent } from "../prisma/content.ts";

const [command, slug] = process.argv.slice(2);

function setPublished(name: string, published: boolean) {
  const folder = path.join(CONTENT_DIR, "announcements", name);
  if (!/^[\w-]+$/.test(name) || !fs.existsSync(folder)) throw new Error(`no announcement "${name}" in ${folder}`);
  for (const file of fs.readdirSync(folder).filter((f) => f.endsWith(".md"))) {
    const full = path.join(folder, file);
    const text = fs.readFileSync(full, "utf8");
    const next = text.replace(/^(---\r?\n[\s\S]*?)^published:\s*\S+\s*$/m, `$1published: ${published}`);
    if (next === text && !new RegExp(`^published: ${published}$`, "m").test(text))
      throw new Error(`${full}: no "published:" line in its front matter`);
    fs.writeFileSync(full, next);
  }
}

async function sync() {
  const db = createDb(loadEnv().DATABASE_URL);
  try {
    const held = await syncContent(db);
    console.log(
      `content: ${held.sections} sections, ${held.docs} documents, ${held.announcements} announcements (${held.published} published)`,
    );
  } finally {
    await db.$disconnect();
  }
}

try {
  if (command === "sync") await sync();
  else if (command === "list") {
    const { announcements } = readContent();
    for (const a of announcements.sort((x, y) => y.publishedAt.getTime() - x.publishedAt.getTime()))
      console.log(
        `${a.publishedAt.toISOString().slice(0, 16)}  ${a.published ? "published" : "draft    "}  ${a.type.padEnd(11)}  ${a.slug}`,
      );
  } else if ((command === "publish" || command === "unpublish") && slug) {
    setPublished(slug, command === "publish");
    await sync();
  } else {
    console.log("usage: npm run content -- sync | list | publish <slug> | unpublish <slug>");
    process.exitCode = command ? 1 : 0;
  }
} catch (error) {
  console.error(`content: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
