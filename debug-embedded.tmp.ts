import { startProduct } from "./scripts/serve.ts";
import { startHostDemo } from "./scripts/host-demo.ts";
const product = await startProduct("dbg", { HOST_ORIGINS: "http://host.example" });
const demo = await startHostDemo({ avaliveUrl: product.baseUrl, hostPort: 0, iosPort: 0 });
console.log(JSON.stringify({ base: product.baseUrl, host: demo.hostUrl, ios: demo.iosUrl, data: product.dataDir }));
process.on("SIGTERM", async () => { await demo.stop(); await product.stop(); process.exit(0); });
setInterval(() => {}, 1 << 30);
