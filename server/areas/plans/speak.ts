/**
 * POST /web-api/v1/base/baseProductLabel/speak: a line said in the plan's voice, answered as the
 * WAV file itself (docs/decisions/040). The caller's own plan only (1212 otherwise, as every plan
 * call); its voice must be open to the caller's membership or purchases (1201 / 1803). The OBS
 * source's speak call (live/routes.ts) says lines the same way, in the used plan's voice.
 */

import type { FastifyReply, FastifyRequest } from "fastify";
import { planEndpoints } from "../../../shared/endpoints.ts";
import { catalogueLookColumn } from "../../../shared/json-column.ts";
import type { VoiceLook } from "../../../shared/plan/looks.ts";
import { ErrorEnvelope } from "../../../shared/schemas/common.ts";
import { WavFile } from "../../../shared/schemas/media.ts";
import { SPEECH_MAX_CHARS, speechLength } from "../../../shared/speech.ts";
import { BizError } from "../../errors.ts";
import { route } from "../../route.ts";
import type { App, Deps } from "../../types.ts";
import { planReads } from "./reads.ts";
import type { createPlanService } from "./service.ts";

/**
 * A line in one of the user's plans' voice, with the speak call's checks in its order: the text
 * (1908, 1909), the plan (1212; the used one when no id is given), its voice (1910, and open to the
 * user: 1201 / 1803 as using it), the engine (1911). Spoken lines are cached by voice and text
 * (speech.ts), so the studio and its OBS source saying the same line synthesise it once.
 */
export function createPlanSpeaker(
  { speech, reads, db }: Pick<Deps, "speech" | "reads" | "db">,
  service: ReturnType<typeof createPlanService>,
) {
  const hot = planReads(reads);
  return async function say(userId: string, planId: string | null, raw: string) {
    const text = raw.trim();
    if (!text) throw new BizError("SPEECH_TEXT_EMPTY");
    if (speechLength(text) > SPEECH_MAX_CHARS) throw new BizError("SPEECH_TEXT_TOO_LONG", { max: SPEECH_MAX_CHARS });
    const plan = planId
      ? await hot.plan(userId, planId)
      : await db.plan.findFirst({ where: { userId, usedAt: { not: null } }, select: { voiceId: true } });
    if (!plan) throw new BizError("NOT_FOUND");
    if (!plan.voiceId) throw new BizError("SPEECH_NO_VOICE");
    const [voice] = await service.catalogue.usable([plan.voiceId], ["voice"], await service.equityOf(userId));
    if (!voice) throw new BizError("NOT_FOUND");
    if (!(await speech.ready)) throw new BizError("SPEECH_UNAVAILABLE");
    const look = catalogueLookColumn.decode(voice.look) as unknown as VoiceLook;
    return speech.speak(look, text);
  };
}

/** Answers a spoken line as the WAV file itself (not an envelope; a refusal is one). */
export function sendWav(reply: FastifyReply, { wav, cached }: { wav: Buffer; cached: boolean }) {
  return reply
    .header("cache-control", "private, no-store")
    .header("x-speech-cache", cached ? "hit" : "miss")
    .type("audio/wav")
    .send(wav);
}

/** The OpenAPI answers of a call that speaks. */
export const WAV_RESPONSES = {
  200: {
    description: "The WAV file (16-bit PCM, mono, 22050 Hz); a refusal answers its envelope",
    content: {
      "audio/wav": { schema: WavFile },
      "application/json": { schema: ErrorEnvelope },
    },
  },
};

export function speakRoutes(app: App, service: ReturnType<typeof createPlanService>) {
  const { env } = app.deps;
  const say = createPlanSpeaker(app.deps, service);

  route(
    app,
    planEndpoints.planSpeak,
    async (request, reply) =>
      sendWav(reply, await say(request.userId as string, request.body.planId, request.body.text)),
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
      responses: WAV_RESPONSES,
    },
  );
}
