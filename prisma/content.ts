/**
 * The help centre, the company profile and the announcements live as Markdown under content/
 * (docs/decisions/022-content.md). `syncContent` puts them into the database: sections and
 * documents by key, announcements by slug, texts replaced. It runs with the seed on every start
 * and through `npm run content -- sync`. Nothing is deleted: a document's number stays, since
 * links and the document-id map point at it.
 */

import fs from "node:fs";
import path from "node:path";
import { parse as parseYaml } from "yaml";
import type { Db } from "../infra/db.ts";
import type { Language } from "../shared/constants.ts";
import { ANNOUNCEMENT_TYPES, type AnnouncementType } from "../shared/schemas/content.ts";

export const CONTENT_DIR = path.resolve(import.meta.dirname, "..", "content");

const LANGUAGE_DIRS: Record<string, Language> = { en: "EN", zh_cn: "ZH_CN", zh_tn: "ZH_TN" };

export interface MarkdownFile {
  file: string;
  meta: Record<string, unknown>;
  body: string;
}

/** A Markdown file with a YAML front matter block between `---` lines. */
export function readMarkdown(file: string): MarkdownFile {
  const text = fs.readFileSync(file, "utf8").replace(/^\uFEFF/, "");
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(text);
  if (!match) throw new Error(`${file}: no front matter (--- … ---) at the top`);
  const meta = parseYaml(match[1] as string) as unknown;
  if (!meta || typeof meta !== "object") throw new Error(`${file}: the front matter is not a mapping`);
  return { file, meta: meta as Record<string, unknown>, body: (match[2] as string).trim() };
}

function field<T>(md: MarkdownFile, name: string, check: (v: unknown) => v is T, what: string): T {
  const value = md.meta[name];
  if (!check(value)) throw new Error(`${md.file}: front matter "${name}" must be ${what}`);
  return value;
}
const isText = (v: unknown): v is string => typeof v === "string" && v.trim() !== "";
const isInt = (v: unknown): v is number => Number.isInteger(v);
const isBool = (v: unknown): v is boolean => typeof v === "boolean";
/** YAML reads an unquoted date as a Date; a quoted one is text. */
const asDate = (md: MarkdownFile, name: string): Date => {
  const value = md.meta[name];
  const date = value instanceof Date ? value : typeof value === "string" ? new Date(value) : null;
  if (!date || Number.isNaN(date.getTime())) throw new Error(`${md.file}: front matter "${name}" must be a date`);
  return date;
};

interface SectionDef {
  key: string;
  order: number;
  name: Record<Language, string>;
}
interface DocDef {
  key: string;
  section: string;
  order: number;
  revisedAt: Date;
  texts: { language: Language; title: string; markdown: string }[];
}
interface AnnouncementDef {
  slug: string;
  type: AnnouncementType;
  published: boolean;
  publishedAt: Date;
  texts: { language: Language; title: string; markdown: string }[];
}

export interface Content {
  sections: SectionDef[];
  docs: DocDef[];
  announcements: AnnouncementDef[];
}

const listDir = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir).sort() : []);

/** Reads and checks the whole content folder; a mistake names its file. */
export function readContent(dir = CONTENT_DIR): Content {
  const sections = JSON.parse(fs.readFileSync(path.join(dir, "help", "sections.json"), "utf8")) as SectionDef[];
  for (const s of sections) {
    if (!isText(s.key) || !isInt(s.order) || !isText(s.name?.EN) || !isText(s.name?.ZH_CN) || !isText(s.name?.ZH_TN))
      throw new Error(`help/sections.json: section ${JSON.stringify(s.key)} needs key, order and name.EN/ZH_CN/ZH_TN`);
  }
  const sectionKeys = new Set(sections.map((s) => s.key));

  const docs = new Map<string, DocDef>();
  const addDoc = (md: MarkdownFile, language: Language, key: string) => {
    const section = field(md, "section", isText, "a section key");
    if (!sectionKeys.has(section)) throw new Error(`${md.file}: unknown section "${section}"`);
    const doc = docs.get(key) ?? {
      key,
      section,
      order: field(md, "order", isInt, "a whole number"),
      revisedAt: asDate(md, "updated"),
      texts: [],
    };
    if (doc.section !== section) throw new Error(`${md.file}: section differs from the other languages`);
    doc.texts.push({ language, title: field(md, "title", isText, "a title"), markdown: md.body });
    docs.set(key, doc);
  };
  for (const [folder, language] of Object.entries(LANGUAGE_DIRS)) {
    for (const name of listDir(path.join(dir, "help", folder)).filter((n) => n.endsWith(".md"))) {
      const md = readMarkdown(path.join(dir, "help", folder, name));
      addDoc(md, language, field(md, "id", isText, "the document's key"));
    }
    const profile = path.join(dir, "pages", "introduce", `${folder}.md`);
    if (fs.existsSync(profile)) {
      const md = readMarkdown(profile);
      md.meta = { section: "about", order: 1, updated: "2026-11-01", ...md.meta };
      addDoc(md, language, "companyProfile");
    }
  }

  const announcements: AnnouncementDef[] = [];
  for (const slug of listDir(path.join(dir, "announcements"))) {
    const folder = path.join(dir, "announcements", slug);
    if (!fs.statSync(folder).isDirectory()) continue;
    let def: AnnouncementDef | null = null;
    for (const [file, language] of Object.entries(LANGUAGE_DIRS)) {
      const full = path.join(folder, `${file}.md`);
      if (!fs.existsSync(full)) continue;
      const md = readMarkdown(full);
      const type = field(md, "type", (v): v is AnnouncementType => ANNOUNCEMENT_TYPES.includes(v as never), "a type");
      def ??= {
        slug,
        type,
        published: field(md, "published", isBool, "true or false"),
        publishedAt: asDate(md, "publishedAt"),
        texts: [],
      };
      def.texts.push({ language, title: field(md, "title", isText, "a title"), markdown: md.body });
    }
    if (def) announcements.push(def);
  }
  return { sections, docs: [...docs.values()], announcements };
}

type Text = { language: string; title: string; markdown: string };
/** The texts as comparable text, whatever their order. */
const textsKey = (texts: Text[]) =>
  JSON.stringify(
    texts
      .map(({ language, title, markdown }) => [language, title, markdown])
      .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
  );

/**
 * Puts the content into the database; answers what it holds. Idempotent, and it runs on every
 * start: what is unchanged is read once and not written again.
 */
export async function syncContent(db: Db, dir = CONTENT_DIR) {
  const content = readContent(dir);
  const [sections, docs, announcements] = await Promise.all([
    db.helpSection.findMany(),
    db.helpDoc.findMany({ include: { texts: true } }),
    db.announcement.findMany({ include: { texts: true } }),
  ]);
  const sectionsByKey = new Map(sections.map((r) => [r.key, r]));
  const docsByKey = new Map(docs.map((r) => [r.key, r]));
  const announcementsBySlug = new Map(announcements.map((r) => [r.slug, r]));

  await db.$transaction(async (tx) => {
    for (const s of content.sections) {
      const data = { sort: s.order, nameEn: s.name.EN, nameZhCn: s.name.ZH_CN, nameZhTn: s.name.ZH_TN };
      const held = sectionsByKey.get(s.key);
      if (
        held?.sort === data.sort &&
        held.nameEn === data.nameEn &&
        held.nameZhCn === data.nameZhCn &&
        held.nameZhTn === data.nameZhTn
      )
        continue;
      await tx.helpSection.upsert({ where: { key: s.key }, create: { key: s.key, ...data }, update: data });
    }
    for (const d of content.docs) {
      const data = { sectionKey: d.section, sort: d.order, revisedAt: d.revisedAt };
      const held = docsByKey.get(d.key);
      const sameRow =
        held?.sectionKey === data.sectionKey &&
        held.sort === data.sort &&
        held.revisedAt.getTime() === data.revisedAt.getTime();
      if (held && sameRow && textsKey(held.texts) === textsKey(d.texts)) continue;
      const doc = await tx.helpDoc.upsert({ where: { key: d.key }, create: { key: d.key, ...data }, update: data });
      await tx.helpDocText.deleteMany({ where: { docId: doc.id } });
      await tx.helpDocText.createMany({ data: d.texts.map((t) => ({ docId: doc.id, ...t })) });
    }
    for (const a of content.announcements) {
      const data = { type: a.type, published: a.published, publishedAt: a.publishedAt };
      const held = announcementsBySlug.get(a.slug);
      const sameRow =
        held?.type === data.type &&
        held.published === data.published &&
        held.publishedAt.getTime() === data.publishedAt.getTime();
      if (held && sameRow && textsKey(held.texts) === textsKey(a.texts)) continue;
      const row = await tx.announcement.upsert({
        where: { slug: a.slug },
        create: { slug: a.slug, ...data },
        update: data,
      });
      await tx.announcementText.deleteMany({ where: { announcementId: row.id } });
      await tx.announcementText.createMany({ data: a.texts.map((t) => ({ announcementId: row.id, ...t })) });
    }
  });
  return {
    sections: content.sections.length,
    docs: content.docs.length,
    announcements: content.announcements.length,
    published: content.announcements.filter((a) => a.published).length,
  };
}
