/**
 * POST /web-api/v1/base/baseProductLabel/speak: a line said in the plan's voice, answered as the
 * WAV file itself (docs/decisions/040). The caller's own plan only (1212 otherwise, as every plan
 * call); its voice must be open to the caller's membership or purchases (1201 / 1803).
 */

import type { FastifyRequest } from "fastify";
import { planEndpoints } from "../../../shared/endpoints.ts";
import { catalogueLookColumn } from "../../../shared/json-column.ts";
import type { VoiceLook } from "../../../shared/plan/looks.ts";
import { ErrorEnvelope } from "../../../shared/schemas/common.ts";
import { WavFile } from "../../../shared/schemas/media.ts";
import { SPEECH_MAX_CHARS, speechLength } from "../../../shared/speech.ts";
import { BizError } from "../../errors.ts";
import { route } from "../../route.ts";
import type { App } from "../../types.ts";
import { planReads } from "./reads.ts";
import type { createPlanService } from "./service.ts";

export function speakRoutes(app: App, service: ReturnType<typeof createPlanService>) {
  const { speech, reads, env } = app.deps;
  const hot = planReads(reads);

  route(
    app,
    planEndpoints.planSpeak,
    async (request, reply) => {
      const userId = request.userId as string;
      const text = request.body.text.trim();
      if (!text) throw new BizError("SPEECH_TEXT_EMPTY");
      if (speechLength(text) > SPEECH_MAX_CHARS) throw new BizError("SPEECH_TEXT_TOO_LONG", { max: SPEECH_MAX_CHARS });
      const plan = await hot.plan(userId, request.body.planId);
      if (!plan) throw new BizError("NOT_FOUND");
      if (!plan.voiceId) throw new BizError("SPEECH_NO_VOICE");
      const [voice] = await service.catalogue.usable([plan.voiceId], ["voice"], await service.equityOf(userId));
      if (!voice) throw new BizError("NOT_FOUND");
      if (!(await speech.ready)) throw new BizError("SPEECH_UNAVAILABLE");
      const look = catalogueLookColumn.decode(voice.look) as unknown as VoiceLook;
      const { wav, cached } = await speech.speak(look, text);
      return reply
        .header("cache-control", "private, no-store")
        .header("x-speech-cache", cached ? "hit" : "miss")
        .type("audio/wav")
        .send(wav);
    },
    {
      config: {
        rateLimit: {
          max: env.SPEECH_RATE_LIMIT,
          timeWindow: "1 minute",
          // per user: the auth hook has run (route hooks follow the context's)
          keyGenerator: (request: FastifyRequest) => `speak:${request.userId ?? request.ip}`,
        },
      },
      // Not an envelope: the file itself.
      responses: {
        200: {
          description: "The WAV file (16-bit PCM, mono, 22050 Hz); a refusal answers its envelope",
          content: {
            "audio/wav": { schema: WavFile },
            "application/json": { schema: ErrorEnvelope },
          },
        },
      },
    },
  );
}
