/**
 * The studio's face-capture files (docs/decisions/036): the tracker's models and TensorFlow.js's
 * wasm builds come from our server, out of the npm packages; only the files the tracker loads.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HUMAN_MODELS, TFJS_WASM } from "../../server/areas/models/routes.ts";
import { makeTestApp, type TestApp } from "../helpers/app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t.close());

describe("face-capture models", () => {
  it("serves every model file and wasm build the tracker loads, long-cached", async () => {
    for (const file of HUMAN_MODELS) {
      const res = await t.app.inject({ method: "GET", url: `/models/human/${file}` });
      expect(res.statusCode, file).toBe(200);
      expect(res.headers["cache-control"]).toBe("public, max-age=604800");
      if (file.endsWith(".json")) expect(JSON.parse(res.body)).toHaveProperty("weightsManifest");
      else expect(res.rawPayload.length).toBeGreaterThan(100_000);
    }
    for (const file of TFJS_WASM) {
      const res = await t.app.inject({ method: "GET", url: `/models/tfjs/${file}` });
      expect(res.statusCode, file).toBe(200);
      // a WebAssembly module: \0asm
      expect(res.rawPayload.subarray(0, 4).toString("hex")).toBe("0061736d");
    }
  });

  it("lets pages compile WebAssembly, and still no JavaScript eval", async () => {
    const res = await t.request.get("/workbench/myplan"); // a page's headers
    const csp = res.headers["content-security-policy"] as string;
    expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval'");
    expect(csp).not.toMatch(/'unsafe-eval'/);
  });

  it("answers nothing else from those packages", async () => {
    for (const url of [
      "/models/human/faceres.json",
      "/models/human/models.json",
      "/models/human/../package.json",
      "/models/tfjs/tf-backend-wasm.js",
      "/models/tfjs/",
    ]) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ code: 404 });
    }
  });
});
