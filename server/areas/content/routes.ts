import { contentEndpoints as content } from "../../../shared/endpoints.ts";
import { route } from "../../route.ts";
import type { App } from "../../types.ts";
import { createContentService } from "./service.ts";

/** p1: the document-id map, help documents, announcements and the contact form, all public. */
export async function contentRoutes(app: App) {
  const service = createContentService(app.deps);
  const { env } = app.deps;

  route(app, content.findDict, async (request, reply) =>
    reply.ok(await service.docMap(request.query.type, request.query.key)),
  );

  route(app, content.helpCatalog, async (request, reply) => reply.ok(await service.helpCatalog(request.language)));

  route(app, content.helpDoc, async (request, reply) =>
    reply.ok(await service.helpDoc(request.params.id, request.language)),
  );

  route(app, content.announcementTypes, async (request, reply) =>
    reply.ok(service.announcementTypes(request.language)),
  );

  route(app, content.announcementPage, async (request, reply) =>
    reply.ok(await service.announcements(request.body, request.language)),
  );

  route(app, content.announcement, async (request, reply) =>
    reply.ok(await service.announcement(request.params.id, request.language)),
  );

  route(
    app,
    content.contact,
    async (request, reply) => {
      await service.contact(request.body, { ip: request.ip, language: request.language });
      return reply.ok(null, "contactSent");
    },
    { config: { rateLimit: { max: env.CONTACT_RATE_LIMIT, timeWindow: "1 hour" } } },
  );
}
