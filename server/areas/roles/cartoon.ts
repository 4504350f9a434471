/**
 * Cartoon avatars: the creator page uploads its GLB here; create-cartoon and toonify take its URL.
 * A URL is only followed to the server's own storage (the caller's own uploads) or to a host
 * listed in CARTOON_HOSTS; anything else is refused before any request is made.
 */

import { createHash } from "node:crypto";
import validator from "gltf-validator";
import { readCartoonSpec } from "../../../shared/avatar/read-glb.ts";
import { CARTOON_MAX_BYTES, type Language } from "../../../shared/constants.ts";
import { cartoonSpecColumn } from "../../../shared/json-column.ts";
import { translate } from "../../../shared/messages.ts";
import { BizError } from "../../errors.ts";
import type { Deps } from "../../types.ts";
import { mediaUrl } from "../files/service.ts";
import { createRoleService } from "./service.ts";

export { CARTOON_MAX_BYTES };

async function checkGlb(bytes: Uint8Array) {
  try {
    const spec = readCartoonSpec(bytes);
    const report = await validator.validateBytes(bytes, { maxIssues: 5 });
    if (report.issues.numErrors > 0) throw new Error("invalid glTF");
    return spec;
  } catch {
    throw new BizError("CARTOON_INVALID");
  }
}

export function createCartoonService(deps: Pick<Deps, "db" | "reads" | "clock" | "storage" | "jobs" | "env">) {
  const { db, storage } = deps;
  const roles = createRoleService(deps);
  const allowedHosts = new Set(
    deps.env.CARTOON_HOSTS.split(",")
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
  );

  async function store(userId: string, bytes: Uint8Array) {
    const spec = await checkGlb(bytes);
    const key = await storage.put(Buffer.from(bytes), "glb");
    const source = await db.cartoonSource.create({ data: { userId, key, spec: cartoonSpecColumn.encode(spec) } });
    return { url: mediaUrl(key), avatarId: source.id };
  }

  /** The caller's cartoon behind a URL, fetching it first when it is on a configured host. */
  async function resolve(userId: string, url: string, ownHost: string) {
    let parsed: URL;
    try {
      parsed = new URL(url, `http://${ownHost}`);
    } catch {
      throw new BizError("CARTOON_URL_REFUSED");
    }
    const own = parsed.host.toLowerCase() === ownHost.toLowerCase() && parsed.pathname.startsWith("/media/");
    if (own) {
      const key = parsed.pathname.slice("/media/".length);
      const source = await db.cartoonSource.findFirst({ where: { key, userId } });
      if (!source) throw new BizError("NOT_FOUND");
      return source;
    }
    if (!allowedHosts.has(parsed.host.toLowerCase()) || !/^https?:$/.test(parsed.protocol))
      throw new BizError("CARTOON_URL_REFUSED");
    const res = await fetch(parsed, { signal: AbortSignal.timeout(15_000), redirect: "error" }).catch(() => null);
    const length = Number(res?.headers.get("content-length") ?? 0);
    if (!res?.ok || length > CARTOON_MAX_BYTES) throw new BizError("CARTOON_INVALID");
    const bytes = new Uint8Array(await res.arrayBuffer());
    if (bytes.byteLength > CARTOON_MAX_BYTES) throw new BizError("CARTOON_INVALID");
    const { avatarId } = await store(userId, bytes);
    return db.cartoonSource.findUniqueOrThrow({ where: { id: avatarId } });
  }

  return {
    upload: store,

    async create(userId: string, url: string, ownHost: string) {
      return (await resolve(userId, url, ownHost)).id;
    },

    async toonify(
      userId: string,
      input: { url: string; textureSize: number; pose: "T" | "A" },
      ownHost: string,
      language: Language,
    ) {
      const source = await resolve(userId, input.url, ownHost);
      const requestId = createHash("sha256")
        .update(`${userId}\n${source.id}\n${input.textureSize}\n${input.pose}`)
        .digest("hex")
        .slice(0, 24);
      const done = await db.customRole.findUnique({ where: { id: `cartoon-${requestId}` }, select: { id: true } });
      if (!done) {
        await roles.checkDiyLimit(userId);
        await roles.checkPlanLimit(userId);
      }
      const name = cartoonSpecColumn.decode(source.spec).name?.trim() || "Cartoon";
      return deps.jobs.run(
        "toonify",
        {
          userId,
          sourceId: source.id,
          textureSize: input.textureSize,
          pose: input.pose,
          requestId,
          planName: `${name}${translate("draftSuffix", language)}`,
        },
        { jobId: `toonify-${requestId}` },
      );
    },
  };
}
