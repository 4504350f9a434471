import Type from "typebox";
import { Envelope } from "../../../shared/schemas/common.ts";
import {
  AnnouncementDetail,
  AnnouncementIdParams,
  AnnouncementPage,
  AnnouncementPageBody,
  AnnouncementTypeName,
  ContactBody,
  FindDictQuery,
  HelpDocDetail,
  HelpDocParams,
  HelpSection,
} from "../../../shared/schemas/content.ts";
import type { App } from "../../types.ts";
import { createContentService } from "./service.ts";

/** p1: the document-id map, help documents, announcements and the contact form, all public. */
export async function contentRoutes(app: App) {
  const content = createContentService(app.deps);
  const { env } = app.deps;

  app.get(
    "/base/dict/findDict",
    {
      schema: {
        tags: ["common"],
        summary: "A dictionary entry as JSON text; type docMap, key agreementDocMap: the document-id map",
        querystring: FindDictQuery,
        response: { 200: Envelope(Type.String()) },
      },
    },
    async (request, reply) => reply.ok(await content.docMap(request.query.type, request.query.key)),
  );

  app.get(
    "/help/catalog",
    {
      schema: {
        tags: ["help"],
        summary: "The help centre's catalogue: sections, each with its documents",
        response: { 200: Envelope(Type.Array(HelpSection)) },
      },
    },
    async (request, reply) => reply.ok(await content.helpCatalog(request.language)),
  );

  app.get(
    "/help/doc/:id",
    {
      schema: {
        tags: ["help"],
        summary: "A help document by number or key, rendered to safe HTML",
        params: HelpDocParams,
        response: { 200: Envelope(HelpDocDetail) },
      },
    },
    async (request, reply) => reply.ok(await content.helpDoc(request.params.id, request.language)),
  );

  app.get(
    "/announcement/typeInit",
    {
      schema: {
        tags: ["announcements"],
        summary: "Announcement types with localised names",
        response: { 200: Envelope(Type.Array(AnnouncementTypeName)) },
      },
    },
    async (request, reply) => reply.ok(content.announcementTypes(request.language)),
  );

  app.post(
    "/announcement/pageList",
    {
      schema: {
        tags: ["announcements"],
        summary: "Published announcements, newest first, by type",
        body: AnnouncementPageBody,
        response: { 200: Envelope(AnnouncementPage) },
      },
    },
    async (request, reply) => reply.ok(await content.announcements(request.body, request.language)),
  );

  app.get(
    "/announcement/:id",
    {
      schema: {
        tags: ["announcements"],
        summary: "One announcement with the previous, the next and the latest",
        params: AnnouncementIdParams,
        response: { 200: Envelope(AnnouncementDetail) },
      },
    },
    async (request, reply) => reply.ok(await content.announcement(request.params.id, request.language)),
  );

  app.post(
    "/contact",
    {
      schema: {
        tags: ["common"],
        summary: "The contact form: name, phone or email, description",
        body: ContactBody,
        response: { 200: Envelope(Type.Null()) },
      },
      config: { rateLimit: { max: env.CONTACT_RATE_LIMIT, timeWindow: "1 hour" } },
    },
    async (request, reply) => {
      await content.contact(request.body, { ip: request.ip, language: request.language });
      return reply.ok(null, "contactSent");
    },
  );
}
