/**
 * `npm run mocap-bridge -- --key avk_… [--server http://localhost:3000] [--port 39539] [--host 0.0.0.0]`
 *
 * The motion mode's bridge (docs/decisions/042): listens for VMC-protocol capture (OSC over UDP, as
 * iPhone face-capture apps, VSeeFace, Warudo and capture suits' software send it) and sends it to
 * the studio socket as face frames, authenticated with the user's stream key and the role
 * `capture`, at most 30 a second (the newest). The studio in the motion mode, and the user's OBS
 * sources, follow it. It reconnects when the connection drops; a refused key (1903) or membership
 * (1201) is said and the bridge stops.
 */
import dgram from "node:dgram";
import { parseArgs } from "node:util";
import WebSocket from "ws";
import { LIVE_SOCKET_PATH, STREAM_KEY_PATTERN } from "../shared/live.ts";
import { createFaceThrottle, type FaceFrame } from "../shared/live-face.ts";
import { createVmcReader } from "./mocap/vmc.ts";

const { values } = parseArgs({
  options: {
    key: { type: "string", default: process.env.AVALIVE_STREAM_KEY },
    server: { type: "string", default: process.env.AVALIVE_SERVER ?? "http://localhost:3000" },
    port: { type: "string", default: "39539" },
    host: { type: "string", default: "0.0.0.0" },
  },
});
const key = values.key ?? "";
if (!STREAM_KEY_PATTERN.test(key)) {
  console.error("Give your stream key: npm run mocap-bridge -- --key avk_… (the studio's Stream key panel makes one).");
  process.exit(2);
}
const url = new URL(LIVE_SOCKET_PATH, values.server);
url.protocol = url.protocol === "https:" ? "wss:" : "ws:";

let socket: WebSocket | null = null;
let ready = false;
let sent = 0;
let stopped = false;
const throttle = createFaceThrottle<FaceFrame>((frame) => {
  if (ready && socket?.readyState === WebSocket.OPEN) {
    socket.send(JSON.stringify(frame));
    sent++;
  }
});
const vmc = createVmcReader((frame) => throttle.push(frame));

function connect(delayMs = 0) {
  if (stopped) return;
  setTimeout(() => {
    const ws = new WebSocket(url);
    socket = ws;
    ws.on("open", () => ws.send(JSON.stringify({ type: "auth", streamKey: key, role: "capture" })));
    ws.on("message", (data) => {
      const message = JSON.parse(String(data)) as { type: string; code?: number; message?: string };
      if (message.type === "ready") {
        ready = true;
        console.log(`connected to ${url.href}: sending motion`);
      } else if (message.type === "error") {
        console.error(`the server says ${message.code}: ${message.message}`);
        if (message.code === 1903 || message.code === 1201) stop(1);
      }
    });
    ws.on("close", () => {
      ready = false;
      if (!stopped) {
        console.error("connection closed; trying again in 3 s");
        connect(3000);
      }
    });
    ws.on("error", (error) => console.error(`connection: ${error.message}`));
  }, delayMs);
}

const udp = dgram.createSocket("udp4");
udp.on("message", (data) => vmc.read(data));
udp.on("error", (error) => {
  console.error(`UDP ${values.host}:${values.port}: ${error.message}`);
  stop(1);
});
udp.bind(Number(values.port), values.host, () =>
  console.log(`listening for VMC on udp://${values.host}:${values.port} (point your capture app here)`),
);
const report = setInterval(() => {
  const { packets, refused } = vmc.stats();
  console.log(`${packets} VMC packets (${refused} unreadable), ${sent} frames sent`);
}, 10_000);

function stop(code = 0) {
  stopped = true;
  clearInterval(report);
  throttle.stop();
  socket?.close();
  udp.close();
  process.exitCode = code;
}
process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));
connect();
