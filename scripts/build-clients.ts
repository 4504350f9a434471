/**
 * `npm run clients`: build the PC live-stream clients of /download (docs/decisions/024).
 *
 * Each package is a zip holding the launcher (clients/launcher: server.mjs and its start scripts),
 * the client page (clients/app) and, for local rendering, the scene with its 3D engine
 * (clients/scene, built from web/three/plan). The cloud (thin) package has no scene: the server
 * hosts it at /clients/scene/ from clients/dist/scene.
 *
 * Reproducible: entries sorted, every timestamp the release date from clients/releases.yaml
 * (12:00 local time, so the zip's DOS time is the same in every time zone), fixed permissions and
 * line endings. The same sources give the same bytes, so the same SHA-256.
 *
 * Output (gitignored): clients/dist/{packages/*.zip, scene/, manifest.json, .build-hash}.
 * `npm start`, the E2E harness and the Dockerfile build when the sources changed (`--if-stale`).
 */

import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { zipSync } from "fflate";
import {
  CLIENTS_DIST,
  CLIENTS_ROOT,
  loadReleases,
  MANIFEST_NAME,
  type Manifest,
  type ManifestPackage,
  PACKAGES_DIR,
  packageFileName,
  type Release,
  readManifest,
  SCENE_DIR,
} from "../server/areas/downloads/releases.ts";
import { ROOT, sourceHash } from "./lib.ts";

/** Everything a package is made of. */
const INPUTS = [
  "clients",
  "web/three",
  "web/features/plan/planLook.ts",
  "shared",
  "package-lock.json",
  "scripts/build-clients.ts",
  "server/areas/downloads/releases.ts",
];
const STAMP = ".build-hash";
/** The address the client starts with: `npm start` on the same PC. Changed on the client's page. */
const DEFAULT_SERVER = "http://127.0.0.1:3000";
const PORTS = { local: 17310, cloud: 17311 } as const;

export function clientsSourceHash(): string {
  return sourceHash(INPUTS);
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv) {
  const result = spawnSync(command, args, { cwd: ROOT, env, stdio: ["ignore", "inherit", "inherit"] });
  if (result.status !== 0)
    throw new Error(`${path.basename(command)} ${args.join(" ")} failed (exit ${result.status})`);
}

/** A client page built by Vite into `outDir` (clients/vite.config.ts). */
function buildPage(page: "app" | "scene", outDir: string) {
  run(path.join(ROOT, "node_modules", ".bin", "vite"), ["build", "--config", "clients/vite.config.ts"], {
    ...process.env,
    CLIENT_PAGE: page,
    CLIENT_OUT: outDir,
  });
}

/** Files under a folder, by their path relative to it (with /), sorted. */
function filesUnder(dir: string, prefix = ""): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  for (const name of fs.readdirSync(dir).sort()) {
    const full = path.join(dir, name);
    const rel = prefix ? `${prefix}/${name}` : name;
    if (fs.statSync(full).isDirectory()) for (const [k, v] of filesUnder(full, rel)) out.set(k, v);
    else out.set(rel, fs.readFileSync(full));
  }
  return out;
}

const lf = (text: string) => text.replace(/\r\n/g, "\n");
const crlf = (text: string) => lf(text).replace(/\n/g, "\r\n");
const launcherFile = (name: string) => fs.readFileSync(path.join(CLIENTS_ROOT, "launcher", name), "utf8");

/** The third-party notices: each bundled npm package with its licence text. */
function notices(packages: string[]): string {
  const parts = [
    "Avalive live-stream client: third-party software",
    "",
    "The client pages bundle these npm packages. Their licences follow.",
    "",
  ];
  for (const name of packages) {
    const dir = path.join(ROOT, "node_modules", name);
    const meta = JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8")) as {
      version: string;
      license?: string;
    };
    const licenceFile = fs.readdirSync(dir).find((f) => /^(licen[cs]e|copying)(\.|$)/i.test(f));
    parts.push(`${"=".repeat(72)}`, `${name} ${meta.version} (${meta.license ?? "see below"})`, "");
    parts.push(
      licenceFile
        ? lf(fs.readFileSync(path.join(dir, licenceFile), "utf8")).trim()
        : `The package declares the ${meta.license ?? "(unnamed)"} licence and ships no licence text of its own.`,
    );
    parts.push("");
  }
  return parts.join("\n");
}

const README_TEXT = {
  EN: {
    heading: "English",
    version: "Version {version}, released {date}",
    start: [
      "Start",
      "  Windows: double-click start.cmd.",
      "  macOS:   double-click start.command (the first time: right-click, Open).",
      "  Linux:   run ./start.sh in a terminal.",
      "  Or, anywhere: node server.mjs [--server URL] [--port N] [--open]",
      "The client page opens in your browser at http://127.0.0.1:{port}/. Log in there with your",
      "Avalive email and password, and set the Avalive server's address if it is not {server}.",
    ],
    obs: [
      "Go live with OBS Studio",
      "  1. Sources -> + -> Browser.",
      "  2. URL: http://127.0.0.1:{port}/scene/   Width: 1280   Height: 720",
      "  3. Start streaming. The scene follows the plan you marked as used on the website.",
    ],
    files: [
      "Files",
      "  server.mjs       the client (Node.js, no other dependencies); listens on 127.0.0.1 only",
      "  app/             the client page",
      "  scene/           the live scene and its 3D engine (local rendering only)",
      "  config.json      variant, version, port and the default server address",
      "  Your login and settings are kept in ~/.avalive/live-client-{variant} (AVALIVE_CLIENT_HOME).",
      "  To remove the client, stop it (Ctrl+C) and delete this folder and that one.",
    ],
    requirements: "System requirements",
    notes: "Release notes",
  },
  ZH_CN: {
    heading: "简体中文",
    version: "版本 {version}，发布于 {date}",
    start: [
      "启动",
      "  Windows：双击 start.cmd。",
      "  macOS：双击 start.command（首次请右键点击并选择“打开”）。",
      "  Linux：在终端中运行 ./start.sh。",
      "  或在任意系统运行：node server.mjs [--server 地址] [--port 端口] [--open]",
      "客户端页面会在浏览器中打开：http://127.0.0.1:{port}/。请在该页面用 Avalive 邮箱和密码登录；",
      "如果你的 Avalive 服务器不是 {server}，请在该页面修改服务器地址。",
    ],
    obs: [
      "用 OBS Studio 开播",
      "  1. 来源 -> + -> 浏览器。",
      "  2. URL：http://127.0.0.1:{port}/scene/   宽度：1280   高度：720",
      "  3. 开始直播。画面会跟随你在网站上设为“使用中”的方案。",
    ],
    files: [
      "文件",
      "  server.mjs       客户端程序（Node.js，无其他依赖），只监听 127.0.0.1",
      "  app/             客户端页面",
      "  scene/           直播画面及其 3D 引擎（仅本地渲染版）",
      "  config.json      版本类型、版本号、端口和默认服务器地址",
      "  登录状态和设置保存在 ~/.avalive/live-client-{variant}（可用 AVALIVE_CLIENT_HOME 修改）。",
      "  卸载：停止客户端（Ctrl+C），删除本文件夹和上述文件夹即可。",
    ],
    requirements: "系统要求",
    notes: "更新说明",
  },
  ZH_TN: {
    heading: "繁體中文",
    version: "版本 {version}，發布於 {date}",
    start: [
      "啟動",
      "  Windows：按兩下 start.cmd。",
      "  macOS：按兩下 start.command（首次請按右鍵並選擇「打開」）。",
      "  Linux：在終端機中執行 ./start.sh。",
      "  或在任何系統執行：node server.mjs [--server 位址] [--port 連接埠] [--open]",
      "客戶端頁面會在瀏覽器中開啟：http://127.0.0.1:{port}/。請在該頁面以 Avalive 電子郵件和密碼登入；",
      "如果你的 Avalive 伺服器不是 {server}，請在該頁面修改伺服器位址。",
    ],
    obs: [
      "用 OBS Studio 開播",
      "  1. 來源 -> + -> 瀏覽器。",
      "  2. URL：http://127.0.0.1:{port}/scene/   寬度：1280   高度：720",
      "  3. 開始直播。畫面會跟隨你在網站上設為「使用中」的方案。",
    ],
    files: [
      "檔案",
      "  server.mjs       客戶端程式（Node.js，無其他依賴），只監聽 127.0.0.1",
      "  app/             客戶端頁面",
      "  scene/           直播畫面及其 3D 引擎（僅本機渲染版）",
      "  config.json      版本類型、版本號、連接埠和預設伺服器位址",
      "  登入狀態和設定保存在 ~/.avalive/live-client-{variant}（可用 AVALIVE_CLIENT_HOME 修改）。",
      "  解除安裝：停止客戶端（Ctrl+C），刪除本資料夾和上述資料夾即可。",
    ],
    requirements: "系統需求",
    notes: "更新說明",
  },
} as const;

function readme(release: Release, variant: "local" | "cloud"): string {
  const values: Record<string, string | number> = {
    version: release.version,
    date: release.date,
    port: PORTS[variant],
    server: DEFAULT_SERVER,
    variant,
  };
  const fillIn = (text: string) => text.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key]));
  const lines = [`Avalive · ${release.name.EN}`, `${release.name.ZH_CN} / ${release.name.ZH_TN}`, ""];
  for (const language of ["EN", "ZH_CN", "ZH_TN"] as const) {
    const t = README_TEXT[language];
    lines.push("=".repeat(72), t.heading, "=".repeat(72), "", release.name[language], fillIn(t.version), "");
    lines.push(release.summary[language], "");
    lines.push(...t.start.map(fillIn), "", ...t.obs.map(fillIn), "");
    lines.push(t.requirements, ...release.requirements[language].map((r) => `  - ${r}`), "");
    lines.push(t.notes, ...release.notes[language].map((n) => `  - ${n}`), "");
    lines.push(...t.files.map(fillIn), "");
  }
  return lines.join("\n");
}

/** A DOS timestamp that reads as the release date in every time zone (fflate writes local time). */
function zipTime(date: string): Date {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return new Date(y, m - 1, d, 12, 0, 0);
}

const FILE_MODE = 0o100644;
const EXEC_MODE = 0o100755;

export interface PackageInput {
  /** The folder every entry sits in. */
  root: string;
  date: string;
  files: Map<string, { bytes: Uint8Array; executable?: boolean }>;
}

/** The zip of a package: sorted entries, fixed times and permissions; the same input, the same bytes. */
export function zipPackage(input: PackageInput): Uint8Array {
  const mtime = zipTime(input.date);
  const entries: Record<string, [Uint8Array, { mtime: Date; os: number; attrs: number; level: 9 }]> = {};
  for (const name of [...input.files.keys()].sort()) {
    const file = input.files.get(name);
    if (!file) continue;
    const mode = file.executable ? EXEC_MODE : FILE_MODE;
    // os 3 (Unix) so unzip and macOS keep the start scripts executable
    entries[`${input.root}/${name}`] = [file.bytes, { mtime, os: 3, attrs: (mode << 16) >>> 0, level: 9 }];
  }
  return zipSync(entries);
}

const utf8 = (text: string) => new Uint8Array(Buffer.from(text, "utf8"));

function packageFiles(release: Release, pages: { app: Map<string, Buffer>; scene: Map<string, Buffer> }) {
  const variant = release.rendering === "cloud" ? "cloud" : "local";
  const files: PackageInput["files"] = new Map();
  const bundled = new Set<string>();
  const addPage = (dir: string, page: Map<string, Buffer>) => {
    for (const [name, bytes] of page) {
      if (name === ".modules.json") {
        for (const pkg of JSON.parse(bytes.toString("utf8")) as string[]) bundled.add(pkg);
      } else files.set(`${dir}/${name}`, { bytes });
    }
  };
  addPage("app", pages.app);
  if (variant === "local") addPage("scene", pages.scene);
  const config = { variant, version: release.version, port: PORTS[variant], server: DEFAULT_SERVER };
  files.set("config.json", { bytes: utf8(`${JSON.stringify(config, null, 2)}\n`) });
  files.set("server.mjs", { bytes: utf8(lf(launcherFile("server.mjs"))), executable: true });
  files.set("start.sh", { bytes: utf8(lf(launcherFile("start.sh"))), executable: true });
  files.set("start.command", { bytes: utf8(lf(launcherFile("start.sh"))), executable: true });
  files.set("start.cmd", { bytes: utf8(crlf(launcherFile("start.cmd"))) });
  files.set("README.txt", { bytes: utf8(crlf(readme(release, variant))) });
  files.set("THIRD-PARTY-NOTICES.txt", { bytes: utf8(crlf(notices([...bundled].sort()))) });
  return files;
}

/** Write a file whole: a reader (the server, another build) never sees half of it. */
function writeAtomic(file: string, bytes: Uint8Array | string) {
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, bytes);
  fs.renameSync(tmp, file);
}

/** Put a built folder in place; another build of the same sources may have done it already. */
function replaceDir(from: string, to: string) {
  const old = `${to}.${process.pid}.old`;
  try {
    fs.renameSync(to, old);
  } catch {
    // not there (yet), or a parallel build moved it first
  }
  try {
    fs.renameSync(from, to);
  } catch {
    // a parallel build put the same files there first
  }
  fs.rmSync(old, { recursive: true, force: true });
}

export interface BuildResult {
  manifest: Manifest;
  ms: number;
}

/** Build every PC package into `outDir` (default clients/dist). */
export function buildClients(outDir = CLIENTS_DIST): BuildResult {
  const started = Date.now();
  const hash = clientsSourceHash();
  const releases = loadReleases();
  const stage = fs.mkdtempSync(path.join(os.tmpdir(), "avalive-clients-"));
  try {
    buildPage("app", path.join(stage, "app"));
    buildPage("scene", path.join(stage, "scene"));
    const pages = { app: filesUnder(path.join(stage, "app")), scene: filesUnder(path.join(stage, "scene")) };

    fs.mkdirSync(path.join(outDir, PACKAGES_DIR), { recursive: true });
    const packages: ManifestPackage[] = [];
    for (const release of releases.filter((r) => r.platform === "pc")) {
      const file = packageFileName(release);
      const bytes = zipPackage({
        root: file.replace(/\.zip$/, ""),
        date: release.date,
        files: packageFiles(release, pages),
      });
      writeAtomic(path.join(outDir, PACKAGES_DIR, file), bytes);
      const sha256 = createHash("sha256").update(bytes).digest("hex");
      packages.push({ id: release.id, version: release.version, file, size: bytes.length, sha256 });
    }
    // older versions' packages go: the manifest is what is offered (a parallel build's .tmp files stay)
    for (const name of fs.readdirSync(path.join(outDir, PACKAGES_DIR))) {
      if (name.endsWith(".zip") && !packages.some((p) => p.file === name)) {
        fs.rmSync(path.join(outDir, PACKAGES_DIR, name), { force: true });
      }
    }

    // the scene the thin client loads from the server
    fs.rmSync(path.join(stage, "scene", ".modules.json"));
    replaceDir(path.join(stage, "scene"), path.join(outDir, SCENE_DIR));

    const manifest: Manifest = { builtAt: new Date().toISOString(), sourceHash: hash, packages };
    writeAtomic(path.join(outDir, MANIFEST_NAME), `${JSON.stringify(manifest, null, 2)}\n`);
    writeAtomic(path.join(outDir, STAMP), hash);
    return { manifest, ms: Date.now() - started };
  } finally {
    fs.rmSync(stage, { recursive: true, force: true });
  }
}

/** Built from exactly these sources, with every package in place? */
export function clientsUpToDate(outDir = CLIENTS_DIST): boolean {
  const stamp = path.join(outDir, STAMP);
  if (!fs.existsSync(stamp) || fs.readFileSync(stamp, "utf8") !== clientsSourceHash()) return false;
  const manifest = readManifest(outDir);
  return (
    manifest !== null &&
    fs.existsSync(path.join(outDir, SCENE_DIR, "index.html")) &&
    manifest.packages.every((p) => fs.existsSync(path.join(outDir, PACKAGES_DIR, p.file)))
  );
}

/** Build the packages unless they were built from exactly these sources. Returns whether it built. */
export function buildClientsIfStale(outDir = CLIENTS_DIST): boolean {
  if (clientsUpToDate(outDir)) return false;
  buildClients(outDir);
  return true;
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const ifStale = process.argv.includes("--if-stale");
  if (ifStale && clientsUpToDate()) {
    console.log("clients: up to date");
  } else {
    const { manifest, ms } = buildClients();
    for (const p of manifest.packages) {
      console.log(`clients: ${p.file}  ${(p.size / 1024).toFixed(0)} KiB  sha256 ${p.sha256}`);
    }
    console.log(`clients: built in ${(ms / 1000).toFixed(1)} s into ${path.relative(ROOT, CLIENTS_DIST)}/`);
  }
}
