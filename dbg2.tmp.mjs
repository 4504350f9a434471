import { chromium } from "playwright-core";
const cfg = JSON.parse(process.argv[2]);
const port = new URL(cfg.host).port;
const b = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless","--no-sandbox","--disable-gpu",`--host-resolver-rules=MAP host.example 127.0.0.1:${port}, MAP host.example.evil 127.0.0.1:${port}`] });
const ctx = await b.newContext({ viewport: { width: 1366, height: 900 } });
const p = await ctx.newPage();
p.on("console", m => console.log("console", m.type(), m.text()));
p.on("pageerror", e => console.log("pageerror", e.message));
// query mode
await p.goto("http://host.example/");
await p.getByLabel("Email").fill("gold@demo.avalive.dev");
await p.getByLabel("Password").fill("Avalive2026!");
await p.getByLabel(/in the address/).check();
await p.getByRole("button", { name: "Log in" }).click();
await p.waitForTimeout(5000);
console.log(JSON.stringify(await p.evaluate(() => window.hostDemo.log.map(e => [e.dir, e.type, e.data]))));
console.log(p.frames().map(f => f.url()));
await p.screenshot({ path: "/tmp/dbg2.png" });
// attack page
const base = cfg.base;
await p.route("http://host.example/attack", (route) => route.fulfill({ contentType: "text/html", body: `<!doctype html><html lang="en"><title>host</title><body>
<iframe id="avalive" title="Avalive" src="${base}/"></iframe>
<script>window.got = []; addEventListener("message", (e) => { if (e.origin === "${base}") got.push(e.data); });</script></body></html>` }));
await p.goto("http://host.example/attack");
await p.waitForTimeout(4000);
console.log("got", JSON.stringify(await p.evaluate(() => window.got)));
await b.close();
