/** Help documents, announcements and the contact form (docs/api.md "Help, announcements and contact"). */

import type { Static } from "typebox";
import * as Type from "typebox";
import { Page } from "./common.ts";

export const ANNOUNCEMENT_TYPES = ["release", "maintenance", "event", "notice"] as const;
export type AnnouncementType = (typeof ANNOUNCEMENT_TYPES)[number];
/** The longest contact description accepted, in characters. */
export const CONTACT_DESCRIPTION_MAX = 2000;

export const FindDictQuery = Type.Object({
  type: Type.String({ minLength: 1, maxLength: 32 }),
  key: Type.String({ minLength: 1, maxLength: 64 }),
});
export type FindDictQuery = Static<typeof FindDictQuery>;

export const HelpDocRef = Type.Object({ id: Type.Integer(), key: Type.String(), title: Type.String() });
export type HelpDocRef = Static<typeof HelpDocRef>;

export const HelpSection = Type.Object({ key: Type.String(), name: Type.String(), docs: Type.Array(HelpDocRef) });
export type HelpSection = Static<typeof HelpSection>;

/** `id` is the document's number (as the document-id map answers it) or its key (privacyAgreement). */
export const HelpDocParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });

export const HelpDocDetail = Type.Object({
  id: Type.Integer(),
  key: Type.String(),
  title: Type.String(),
  /** Rendered from Markdown with raw HTML disabled: safe to insert. */
  html: Type.String(),
  sectionKey: Type.String(),
  sectionName: Type.String(),
  revisedAt: Type.String({ format: "date-time" }),
});
export type HelpDocDetail = Static<typeof HelpDocDetail>;

export const AnnouncementTypeName = Type.Object({ value: Type.String(), name: Type.String() });
export type AnnouncementTypeName = Static<typeof AnnouncementTypeName>;

/** A tuple, not ANNOUNCEMENT_TYPES.map(...): a mapped array's Static is not the union of the types. */
const AnnouncementTypeSchema = Type.Union([
  Type.Literal("release"),
  Type.Literal("maintenance"),
  Type.Literal("event"),
  Type.Literal("notice"),
]);
/** Fails to compile when the schema and ANNOUNCEMENT_TYPES differ. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _typesInStep: Same<Static<typeof AnnouncementTypeSchema>, AnnouncementType> = true;

export const AnnouncementPageBody = Type.Object({
  page: Page,
  limit: Type.Integer({ minimum: 1, maximum: 50, default: 10 }),
  type: Type.Optional(AnnouncementTypeSchema),
});
export type AnnouncementPageBody = Static<typeof AnnouncementPageBody>;

export const AnnouncementSummary = Type.Object({
  id: Type.Integer(),
  type: Type.String(),
  typeName: Type.String(),
  title: Type.String(),
  /** The first paragraph as plain text, at most 160 characters. */
  summary: Type.String(),
  publishedAt: Type.String({ format: "date-time" }),
});
export type AnnouncementSummary = Static<typeof AnnouncementSummary>;

export const AnnouncementPage = Type.Object({ records: Type.Array(AnnouncementSummary), total: Type.Integer() });
export type AnnouncementPage = Static<typeof AnnouncementPage>;

export const AnnouncementIdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });

const Neighbour = Type.Union([Type.Object({ id: Type.Integer(), title: Type.String() }), Type.Null()]);

export const AnnouncementDetail = Type.Object({
  id: Type.Integer(),
  type: Type.String(),
  typeName: Type.String(),
  title: Type.String(),
  html: Type.String(),
  publishedAt: Type.String({ format: "date-time" }),
  /** The one above in the newest-first list (published later), or null. */
  previous: Neighbour,
  /** The one below in the newest-first list (published earlier), or null. */
  next: Neighbour,
  latest: Type.Array(Type.Object({ id: Type.Integer(), title: Type.String(), publishedAt: Type.String() })),
});
export type AnnouncementDetail = Static<typeof AnnouncementDetail>;

/**
 * The spec's contact form: name, phone or email, description. A phone, an email, or both; `contact`
 * (one field holding either) is accepted too. The rules and messages are the spec's (section 5).
 */
export const ContactBody = Type.Object({
  name: Type.Optional(Type.String({ maxLength: 50 })),
  phone: Type.Optional(Type.String({ maxLength: 32 })),
  email: Type.Optional(Type.String({ maxLength: 254 })),
  contact: Type.Optional(Type.String({ maxLength: 254 })),
  description: Type.Optional(Type.String({ maxLength: 20_000 })),
});
export type ContactBody = Static<typeof ContactBody>;
