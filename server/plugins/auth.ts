/** Guards a /web-api/v1 context: a valid, unrevoked token or code 600. */

import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

export const authPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook("onRequest", async (request) => {
      const { userId, sessionId } = await app.deps.tokens.verify(request.headers.authorization);
      request.userId = userId;
      request.sessionId = sessionId;
    });
  },
  { name: "auth" },
);
