import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT } from "../../scripts/lib.ts";

/**
 * The import rules of `npm run lint` (.dependency-cruiser.cjs) catch what they are for: throwaway
 * files in temporary folders inside the repository import in a circle and the wrong way, and the
 * check names each broken rule; a file that keeps the rules passes.
 */
const BIN = path.join(ROOT, "node_modules/dependency-cruiser/bin/dependency-cruise.mjs");
const FEATURE = "web/features/__depcheck__";
const WORKER = "worker/__depcheck__";
const SHARED = "shared/__depcheck__";
const CLIENTS = "clients/__depcheck__";
const HOSTS = "hosts/__depcheck__";

function write(file: string, text: string) {
  fs.mkdirSync(path.dirname(path.join(ROOT, file)), { recursive: true });
  fs.writeFileSync(path.join(ROOT, file), text);
}

function cruise(...paths: string[]) {
  const run = spawnSync(
    process.execPath,
    [BIN, "--config", ".dependency-cruiser.cjs", "--output-type", "err", "--max-depth", "2", ...paths],
    { cwd: ROOT, encoding: "utf8", timeout: 30_000 },
  );
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

describe("import rules", () => {
  beforeAll(() => {
    write(`${FEATURE}/cycle-a.ts`, 'import { b } from "./cycle-b.ts";\nexport const a = () => b;\n');
    write(`${FEATURE}/cycle-b.ts`, 'import { a } from "./cycle-a.ts";\nexport const b = () => a;\n');
    write(`${FEATURE}/to-server.ts`, 'export { BizError } from "../../../server/errors.ts";\n');
    write(`${FEATURE}/to-feature.ts`, 'export { useSiteConfig } from "../site/api.ts";\n');
    write(`${WORKER}/to-server.ts`, 'export { BizError } from "../../server/errors.ts";\n');
    write(`${SHARED}/to-web.ts`, 'export { newId } from "../../web/lib/ids.ts";\n');
    write(`${CLIENTS}/to-web-app.ts`, 'export { request } from "../../web/lib/api.ts";\n');
    write(`${HOSTS}/to-web.ts`, 'export { tellHost } from "../../web/lib/host.ts";\n');
    write(`${HOSTS}/clean/clean.ts`, 'export { parseAppMessage } from "../../../shared/host/messages.ts";\n');
    write(
      `${CLIENTS}/clean/clean.ts`,
      'export { countFrame } from "../../../web/three/probe.ts";\nexport { CODES } from "../../../shared/codes.ts";\n',
    );
    write(
      `${FEATURE}/clean/clean.ts`,
      'export { useSiteConfig } from "../../site/index.ts";\nexport { CODES } from "../../../../shared/codes.ts";\n',
    );
  });
  afterAll(() => {
    for (const dir of [FEATURE, WORKER, SHARED, CLIENTS, HOSTS])
      fs.rmSync(path.join(ROOT, dir), { recursive: true, force: true });
  });

  // each spawns dependency-cruiser: seconds on a busy 2-core machine
  it("fails on a cycle and on each wrong-way import, naming the rule", { timeout: 30_000 }, () => {
    const { status, output } = cruise(FEATURE, WORKER, SHARED, CLIENTS, HOSTS);
    expect(status, output).not.toBe(0);
    expect(output).toMatch(/error no-circular: web\/features\/__depcheck__\/cycle-[ab]\.ts/);
    expect(output).toContain("error web-not-node: web/features/__depcheck__/to-server.ts → server/errors.ts");
    expect(output).toContain(
      "error features-through-index: web/features/__depcheck__/to-feature.ts → web/features/site/api.ts",
    );
    expect(output).toContain("error worker-not-server: worker/__depcheck__/to-server.ts → server/errors.ts");
    expect(output).toContain("error shared-imports-only-shared: shared/__depcheck__/to-web.ts → web/lib/ids.ts");
    expect(output).toContain("error clients-use-the-3d-code-only: clients/__depcheck__/to-web-app.ts → web/lib/api.ts");
    expect(output).toContain("error hosts-use-the-protocol-only: hosts/__depcheck__/to-web.ts → web/lib/host.ts");
    expect(output).not.toContain("clean.ts");
  });

  it("passes a file that keeps the rules", { timeout: 30_000 }, () => {
    const { status, output } = cruise(`${FEATURE}/clean`, `${CLIENTS}/clean`, `${HOSTS}/clean`);
    expect(output).toContain("no dependency violations found");
    expect(status).toBe(0);
  });
});
