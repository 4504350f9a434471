/**
 * The cloud render worker on its own (worker/render/cloud.ts through server/jobs/cloud-render.ts,
 * docs/decisions/037): a real child process and a real headless Chromium open a page shaped like
 * the render page, stream its frames as JPEG at the asked size, hand it face data as `avalive:face`
 * events, refuse a page that says it was refused, and stop. The page here is a small animated
 * canvas served by the test, so this runs without the built web app; the E2E streams the real one.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CloudRenderer, createCloudRenderer } from "../../server/jobs/cloud-render.ts";

const PAGE = (state: string) => `<!doctype html><html><body style="margin:0">
<div data-testid="obs-source" data-state="${state}"><canvas width="640" height="360"></canvas></div>
<script>
  const ctx = document.querySelector("canvas").getContext("2d");
  let n = 0;
  (function frame() { ctx.fillStyle = "hsl(" + (n++ * 7 % 360) + ",70%,50%)"; ctx.fillRect(0, 0, 640, 360); requestAnimationFrame(frame); })();
  addEventListener("avalive:face", (e) => fetch("/face", { method: "POST", body: JSON.stringify(e.detail) }));
</script></body></html>`;

let server: http.Server;
let base = "";
const faces: unknown[] = [];
let renderer: CloudRenderer;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url === "/face") {
      let body = "";
      req.on("data", (d) => {
        body += d;
      });
      req.on("end", () => {
        faces.push(JSON.parse(body));
        res.end();
      });
      return;
    }
    res.setHeader("content-type", "text/html");
    res.end(PAGE(req.url?.includes("refused") ? "refused" : "ready"));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  renderer = createCloudRenderer();
});
afterAll(async () => {
  await renderer?.close();
  await new Promise((resolve) => server.close(resolve));
});

describe("cloud render worker", () => {
  it("streams JPEG frames at the asked size, forwards face data, and stops", async () => {
    const frames: Buffer[] = [];
    const failures: string[] = [];
    await renderer.start(
      "s1",
      `${base}/render`,
      { width: 1280, height: 720 },
      { frame: (jpeg) => frames.push(jpeg), failed: (m) => failures.push(m) },
    );
    expect(renderer.active()).toBe(1);
    await expect.poll(() => frames.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(5);
    const meta = await sharp(frames.at(-1)).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 1280, 720]);

    const face = { type: "face" as const, t: 1, blendshapes: { jawOpen: 0.7 }, head: { pitch: 0, yaw: 0.1, roll: 0 } };
    renderer.face("s1", face);
    await expect.poll(() => faces, { timeout: 10_000 }).toContainEqual(face);

    renderer.stop("s1");
    expect(renderer.active()).toBe(0);
    const after = frames.length;
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(frames.length).toBe(after);
    expect(failures).toEqual([]);
  }, 60_000);

  it("refuses a render page that could not load its plan", async () => {
    await expect(
      renderer.start("s2", `${base}/refused`, { width: 1280, height: 720 }, { frame() {}, failed() {} }),
    ).rejects.toThrow(/refused/);
    expect(renderer.active()).toBe(0);
  }, 60_000);
});
