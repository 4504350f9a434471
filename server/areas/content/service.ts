/**
 * Help documents, the document-id map, announcements and contact enquiries. The texts live in
 * the database, seeded and synced from content/ (prisma/content.ts, `npm run content`).
 */

import type { Language } from "../../../shared/constants.ts";
import { translate } from "../../../shared/messages.ts";
import {
  ANNOUNCEMENT_TYPES,
  type AnnouncementDetail,
  type AnnouncementPage,
  type AnnouncementType,
  type AnnouncementTypeName,
  CONTACT_DESCRIPTION_MAX,
  type ContactBody,
  type HelpDocDetail,
  type HelpSection,
} from "../../../shared/schemas/content.ts";
import { isBlankName, isEmail, isPhone } from "../../../shared/validation.ts";
import { BizError } from "../../errors.ts";
import type { Deps } from "../../types.ts";
import { renderMarkdown, summaryOf } from "./markdown.ts";

/** The document-id map's dictionary entry (spec section 7: findDict type docMap, key agreementDocMap). */
export const DOC_MAP = { type: "docMap", key: "agreementDocMap" } as const;
const LATEST = 5;

/** A text in the asked language, else English, else any: a document missing one translation still shows. */
function pick<T extends { language: string }>(texts: T[], language: Language): T | undefined {
  return texts.find((t) => t.language === language) ?? texts.find((t) => t.language === "EN") ?? texts[0];
}

const sectionName = (s: { nameEn: string; nameZhCn: string; nameZhTn: string }, language: Language) =>
  language === "ZH_CN" ? s.nameZhCn : language === "ZH_TN" ? s.nameZhTn : s.nameEn;

export function createContentService({ db, clock, outbox, env }: Pick<Deps, "db" | "clock" | "outbox" | "env">) {
  /** Only published announcements whose time has come are visible. */
  const visible = () => ({ published: true, publishedAt: { lte: clock.now() } });

  return {
    /** The document-id map as JSON text: {"privacyAgreement": "1", …}. */
    async docMap(type: string, key: string): Promise<string> {
      if (type !== DOC_MAP.type || key !== DOC_MAP.key) throw new BizError("NOT_FOUND");
      const docs = await db.helpDoc.findMany({ select: { id: true, key: true }, orderBy: { id: "asc" } });
      return JSON.stringify(Object.fromEntries(docs.map((d) => [d.key, String(d.id)])));
    },

    async helpCatalog(language: Language): Promise<HelpSection[]> {
      const sections = await db.helpSection.findMany({
        orderBy: { sort: "asc" },
        include: { docs: { orderBy: { sort: "asc" }, include: { texts: true } } },
      });
      return sections
        .filter((s) => s.docs.length > 0)
        .map((s) => ({
          key: s.key,
          name: sectionName(s, language),
          docs: s.docs.map((d) => ({ id: d.id, key: d.key, title: pick(d.texts, language)?.title ?? d.key })),
        }));
    },

    async helpDoc(idOrKey: string, language: Language): Promise<HelpDocDetail> {
      const where = /^\d{1,9}$/.test(idOrKey) ? { id: Number(idOrKey) } : { key: idOrKey };
      const doc = await db.helpDoc.findUnique({ where, include: { texts: true, section: true } });
      const text = doc && pick(doc.texts, language);
      if (!doc || !text) throw new BizError("NOT_FOUND");
      return {
        id: doc.id,
        key: doc.key,
        title: text.title,
        html: renderMarkdown(text.markdown),
        sectionKey: doc.sectionKey,
        sectionName: sectionName(doc.section, language),
        revisedAt: doc.revisedAt.toISOString(),
      };
    },

    announcementTypes(language: Language): AnnouncementTypeName[] {
      return ANNOUNCEMENT_TYPES.map((value) => ({ value, name: translate(`announcement_${value}`, language) }));
    },

    async announcements(
      input: { page: number; limit: number; type?: AnnouncementType },
      language: Language,
    ): Promise<AnnouncementPage> {
      const where = { ...visible(), ...(input.type ? { type: input.type } : {}) };
      const [total, rows] = await Promise.all([
        db.announcement.count({ where }),
        db.announcement.findMany({
          where,
          orderBy: [{ publishedAt: "desc" }, { id: "desc" }],
          skip: (input.page - 1) * input.limit,
          take: input.limit,
          include: { texts: true },
        }),
      ]);
      return {
        total,
        records: rows.map((a) => {
          const text = pick(a.texts, language);
          return {
            id: a.id,
            type: a.type,
            typeName: translate(`announcement_${a.type as AnnouncementType}`, language),
            title: text?.title ?? a.slug,
            summary: summaryOf(text?.markdown ?? ""),
            publishedAt: a.publishedAt.toISOString(),
          };
        }),
      };
    },

    async announcement(id: number, language: Language): Promise<AnnouncementDetail> {
      const a = await db.announcement.findFirst({ where: { id, ...visible() }, include: { texts: true } });
      const text = a && pick(a.texts, language);
      if (!a || !text) throw new BizError("NOT_FOUND");
      const titled = (row: { id: number; texts: { language: string; title: string }[] } | null) =>
        row ? { id: row.id, title: pick(row.texts, language)?.title ?? "" } : null;
      const texts = { select: { language: true, title: true } };
      // newest first, ties by id: "previous" is the one above in that list, "next" the one below
      const [previous, next, latest] = await Promise.all([
        db.announcement.findFirst({
          where: {
            ...visible(),
            OR: [{ publishedAt: { gt: a.publishedAt } }, { publishedAt: a.publishedAt, id: { gt: a.id } }],
          },
          orderBy: [{ publishedAt: "asc" }, { id: "asc" }],
          select: { id: true, texts },
        }),
        db.announcement.findFirst({
          where: {
            ...visible(),
            OR: [{ publishedAt: { lt: a.publishedAt } }, { publishedAt: a.publishedAt, id: { lt: a.id } }],
          },
          orderBy: [{ publishedAt: "desc" }, { id: "desc" }],
          select: { id: true, texts },
        }),
        db.announcement.findMany({
          where: visible(),
          orderBy: [{ publishedAt: "desc" }, { id: "desc" }],
          take: LATEST,
          select: { id: true, publishedAt: true, texts },
        }),
      ]);
      return {
        id: a.id,
        type: a.type,
        typeName: translate(`announcement_${a.type as AnnouncementType}`, language),
        title: text.title,
        html: renderMarkdown(text.markdown),
        publishedAt: a.publishedAt.toISOString(),
        previous: titled(previous),
        next: titled(next),
        latest: latest.map((l) => ({
          id: l.id,
          title: pick(l.texts, language)?.title ?? "",
          publishedAt: l.publishedAt.toISOString(),
        })),
      };
    },

    /**
     * The contact form: the spec's rules in its order (name, then a valid phone or email), then
     * the description. Stored, then delivered to support through the outbox (SMTP when set).
     */
    async contact(body: ContactBody, meta: { ip: string; language: Language }): Promise<void> {
      const name = body.name?.trim() ?? "";
      if (isBlankName(name)) throw new BizError("NAME_REQUIRED");
      const either = body.contact?.trim();
      const phone = body.phone?.trim() || (either && isPhone(either) ? either : undefined);
      const email = body.email?.trim() || (either && isEmail(either) ? either : undefined);
      const phoneOk = phone !== undefined && isPhone(phone);
      const emailOk = email !== undefined && isEmail(email);
      // a given value must be valid; at least one must be given
      if ((!phoneOk && !emailOk) || (phone !== undefined && !phoneOk) || (email !== undefined && !emailOk))
        throw new BizError("CONTACT_REQUIRED");
      const description = body.description?.trim() ?? "";
      if (!description) throw new BizError("DESCRIPTION_REQUIRED");
      if ([...description].length > CONTACT_DESCRIPTION_MAX)
        throw new BizError("DESCRIPTION_TOO_LONG", { max: CONTACT_DESCRIPTION_MAX });
      const row = await db.contactMessage.create({
        data: {
          name,
          phone: phone ?? null,
          email: email ?? null,
          description,
          language: meta.language,
          ip: meta.ip,
          createdAt: clock.now(),
        },
      });
      await outbox.send({
        channel: "email",
        to: env.SUPPORT_EMAIL,
        subject: translate("contactSubject", "EN", { name }),
        body: [
          `Name: ${name}`,
          `Phone: ${phone ?? "-"}`,
          `Email: ${email ?? "-"}`,
          `Language: ${meta.language}`,
          `Enquiry: ${row.id}`,
          "",
          description,
        ].join("\n"),
      });
    },
  };
}
