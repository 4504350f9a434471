/**
 * `npm run mocap-bridge` (decision 042) as a user runs it: the bridge process listens for VMC over
 * UDP and sends it to a real server with a diamond member's stream key; the member's studio socket
 * receives the capture as motion frames.
 */
import { type ChildProcess, spawn } from "node:child_process";
import dgram from "node:dgram";
import { once } from "node:events";
import path from "node:path";
import readline from "node:readline";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedRoles } from "../../prisma/seed.ts";
import type { LiveServerMessage } from "../../shared/live.ts";
import { V1 } from "../helpers/account.ts";
import { makeTestApp, type TestApp } from "../helpers/app.ts";
import { bundle, message } from "../helpers/osc.ts";

const ROOT = path.join(import.meta.dirname, "..", "..");

describe("the VMC bridge", () => {
  let t: TestApp;
  let bridge: ChildProcess | null = null;
  beforeAll(async () => {
    t = await makeTestApp();
    await seedRoles(t.db);
    await t.app.listen({ port: 0, host: "127.0.0.1" });
  });
  afterAll(async () => {
    bridge?.kill("SIGTERM");
    if (bridge && bridge.exitCode === null) await once(bridge, "exit");
    await t.close();
  });

  it("sends a capture app's VMC to the member's studio as motion frames", async () => {
    const user = await t.user({ vipType: "diamond" });
    const rotated = await t.request.post(`${V1}/live/streamKey/rotate`).set("authorization", user.token).send({});
    const key = rotated.body.data.key as string;

    // the member's studio, listening
    const studio = await t.app.injectWS("/web-api/ws/live?language=EN", {
      socket: { remoteAddress: "127.0.0.1" },
    } as never);
    const seen: LiveServerMessage[] = [];
    studio.on("message", (data: unknown) => void seen.push(JSON.parse(String(data)) as LiveServerMessage));
    studio.send(JSON.stringify({ type: "auth", token: user.token }));
    await expect.poll(() => seen.some((m) => m.type === "ready")).toBe(true);

    // a free UDP port for the bridge
    const probe = dgram.createSocket("udp4");
    await new Promise<void>((resolve) => probe.bind(0, "127.0.0.1", resolve));
    const port = probe.address().port;
    probe.close();

    const server = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    bridge = spawn(
      process.execPath,
      [
        "--import",
        "tsx",
        path.join(ROOT, "scripts", "mocap-bridge.ts"),
        "--key",
        key,
        "--server",
        server,
        "--port",
        String(port),
        "--host",
        "127.0.0.1",
      ],
      { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] },
    );
    const lines: string[] = [];
    for (const stream of [bridge.stdout, bridge.stderr])
      if (stream) readline.createInterface({ input: stream }).on("line", (line) => lines.push(line));
    await expect.poll(() => lines.some((l) => l.startsWith("connected")), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => lines.some((l) => l.startsWith("listening")), { timeout: 5_000 }).toBe(true);

    // a capture app's frames: the mouth opening, then closing, the head turned 20° to the right, the
    // chest rolled, the left arm hanging straight down (a T-pose's arm turned 90° about Unity's z)
    const sender = dgram.createSocket("udp4");
    const head = [0, Math.sin(Math.PI / 18), 0, Math.cos(Math.PI / 18)];
    for (const jaw of [0.9, 0.1]) {
      const packet = bundle(
        message("/VMC/Ext/Blend/Val", "JawOpen", jaw),
        message("/VMC/Ext/Bone/Pos", "Head", 0, 1.5, 0, ...head),
        message("/VMC/Ext/Bone/Pos", "Chest", 0, 0.1, 0, 0, 0, Math.sin(-Math.PI / 36), Math.cos(-Math.PI / 36)),
        message("/VMC/Ext/Bone/Pos", "LeftUpperArm", -0.1, 0.3, 0, 0, 0, Math.SQRT1_2, Math.SQRT1_2),
        message("/VMC/Ext/Bone/Pos", "LeftLowerArm", -0.25, 0, 0, 0, 0, 0, 1),
        message("/VMC/Ext/Bone/Pos", "LeftHand", -0.22, 0, 0, 0, 0, 0, 1),
        message("/VMC/Ext/Blend/Apply"),
      );
      await new Promise<void>((resolve, reject) =>
        sender.send(packet, port, "127.0.0.1", (error) => (error ? reject(error) : resolve())),
      );
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    sender.close();
    const motions = () => seen.flatMap((m) => (m.type === "motion" ? [m.frame] : []));
    await expect.poll(() => motions().length, { timeout: 5_000 }).toBe(2);
    const [open, closed] = motions();
    expect(open?.blendshapes.jawOpen).toBeCloseTo(0.9, 5);
    expect(closed?.blendshapes.jawOpen).toBeCloseTo(0.1, 5);
    expect(((open?.head?.yaw ?? 0) * 180) / Math.PI).toBeCloseTo(-20, 3);
    // the chest rolled -10° about Unity's z, toward the right shoulder: the body tilts 10° to the right
    expect(((open?.shoulders?.tilt ?? 0) * 180) / Math.PI).toBeCloseTo(10, 3);
    // the arm turns with the chest: the body leans right, so the hanging hand swings 10° to its left
    const arm = open?.arms?.left;
    expect(arm?.upper[1]).toBeCloseTo(-Math.cos(Math.PI / 18), 5);
    expect(arm?.upper[0]).toBeCloseTo(Math.sin(Math.PI / 18), 5);
    for (const [i, v] of (arm?.fore ?? []).entries()) expect(v).toBeCloseTo(arm?.upper[i] ?? Number.NaN, 9); // straight
    studio.terminate();
  }, 60_000);
});
