import { chromium } from "playwright-core";
const cfg = JSON.parse(process.argv[2]);
const port = new URL(cfg.host).port;
const b = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless","--no-sandbox","--disable-gpu",`--host-resolver-rules=MAP host.example 127.0.0.1:${port}, MAP host.example.evil 127.0.0.1:${port}`] });
const ctx = await b.newContext({ viewport: { width: 1366, height: 900 } });
const p = await ctx.newPage();
p.on("console", m => console.log("console", m.type(), m.text()));
p.on("pageerror", e => console.log("pageerror", e.message));
const base = cfg.base;
await p.route("http://host.example/attack", (route) => route.fulfill({ contentType: "text/html", body: `<!doctype html><html lang="en"><title>host</title><body>
<iframe id="avalive" title="Avalive" src="${base}/"></iframe>
<script>window.got = []; addEventListener("message", (e) => { console.log("msg", e.origin, JSON.stringify(e.data)); if (e.origin === "${base}") got.push(e.data); });</script></body></html>` }));
await p.goto("http://host.example/attack");
await p.waitForTimeout(4000);
for (const f of p.frames()) console.log(f.url(), await f.evaluate(() => [location.ancestorOrigins?.[0], document.referrer, window.self !== window.top]).catch(e => e.message));
console.log("got", JSON.stringify(await p.evaluate(() => window.got)));
await b.close();
