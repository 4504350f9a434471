import * as Type from "typebox";
import { Envelope } from "../../../shared/schemas/common.ts";
import type { App } from "../../types.ts";

/**
 * The /dev area: tools for demos and tests. Registered only outside production, so in
 * production every /dev path is a plain 404.
 */
export async function devRoutes(app: App) {
  app.get(
    "/dev",
    {
      schema: {
        // Not the API: absent in production, so the served document is the same everywhere (decision 047).
        hide: true,
        tags: ["dev"],
        summary: "Development tools (absent in production)",
        response: { 200: Envelope(Type.Object({ environment: Type.String(), tools: Type.Array(Type.String()) })) },
      },
    },
    async (_request, reply) =>
      reply.ok({
        environment: app.deps.env.NODE_ENV,
        tools: ["/dev/outbox", "/oauth-sandbox/authorize", "/web-api/docs"],
      }),
  );

  app.get(
    "/dev/outbox",
    {
      schema: {
        hide: true,
        tags: ["dev"],
        summary: "Recent SMS and email, newest first, with their codes (absent in production)",
        querystring: Type.Object({ to: Type.Optional(Type.String({ maxLength: 254 })) }),
        response: {
          200: Envelope(
            Type.Array(
              Type.Object({
                id: Type.String(),
                channel: Type.String(),
                to: Type.String(),
                subject: Type.String(),
                body: Type.String(),
                status: Type.String(),
                createdAt: Type.String(),
              }),
            ),
          ),
        },
      },
    },
    async (request, reply) => reply.ok(app.deps.outbox.recent({ to: request.query.to?.trim().toLowerCase() })),
  );
}
