/**
 * The page's one audio output (docs/decisions/041): the voice (lipsync.ts) and the interactions'
 * sounds play into one bus, which goes to the speakers through a volume. One graph, so that:
 * - a cloud session's render page can tap everything it plays for the stream (`startCloudTap`);
 * - a studio showing a cloud session hears the stream only (`setLocalSound(false)`), not its own
 *   copy of the lines and sounds a second time.
 * The AudioContext is made on first use (the browser lets it sound after a click; OBS always).
 */
import { CLOUD_AUDIO_BINDING, CLOUD_AUDIO_RATE } from "../../../shared/cloud-audio.ts";
import type { TapChunk } from "./audio-tap.worklet.ts";
import tapUrl from "./audio-tap.worklet.ts?worker&url";

interface Output {
  context: AudioContext;
  /** Everything the page plays goes in here. */
  bus: GainNode;
  /** Between the bus and the speakers. */
  volume: GainNode;
}

type Sink = (base64: string, start: number, rate: number) => void;

let output: Output | null = null;
let localSound = true;
const decoded = new Map<string, Promise<AudioBuffer>>();

/** The render worker's sink, present on a cloud session's render page only (worker/render/cloud.ts). */
function cloudSink(): Sink | null {
  const sink = (window as unknown as Record<string, unknown>)[CLOUD_AUDIO_BINDING];
  return typeof sink === "function" ? (sink as Sink) : null;
}

export function audioOutput(): Output {
  if (!output) {
    // the render page's clock runs at the stream's rate: no resampling before the socket
    const context = new AudioContext(cloudSink() ? { sampleRate: CLOUD_AUDIO_RATE } : undefined);
    const bus = context.createGain();
    const volume = context.createGain();
    volume.gain.value = localSound ? 1 : 0;
    bus.connect(volume).connect(context.destination);
    output = { context, bus, volume };
  }
  return output;
}

/** Wakes the output (call it from a click: the browser's autoplay rule). */
export function unlockAudio(): void {
  const { context } = audioOutput();
  if (context.state === "suspended") void context.resume().catch(() => undefined);
}

/** Whether the page's own sound reaches the speakers (a cloud studio hears the stream instead). */
export function setLocalSound(on: boolean): void {
  localSound = on;
  if (output) output.volume.gain.value = on ? 1 : 0;
}

/** How long a sound waits for a suspended output to wake before it is dropped (not played late). */
const WAKE_MS = 1000;

/**
 * Resolves once the output runs, rejects when it is not allowed to sound yet (no click on the page;
 * an OBS source has none, OBS's browser allows sound anyway): a line or a gift's sound minutes late
 * would be worse than none, so it is dropped instead of holding its queue.
 */
export async function awake(): Promise<AudioContext> {
  const { context } = audioOutput();
  if (context.state === "suspended") {
    await Promise.race([context.resume().catch(() => undefined), new Promise((r) => setTimeout(r, WAKE_MS))]);
    if ((context.state as AudioContextState) !== "running")
      throw new Error("the browser does not allow sound here yet");
  }
  return context;
}

/** Plays a sound file (an interaction's) on the bus; resolves when it has started (see `awake`). */
export async function playSound(url: string): Promise<void> {
  const context = await awake();
  const { bus } = audioOutput();
  let buffer = decoded.get(url);
  if (!buffer) {
    buffer = fetch(url)
      .then((res) => {
        if (!res.ok) throw new Error(`sound ${res.status}`);
        return res.arrayBuffer();
      })
      .then((bytes) => context.decodeAudioData(bytes));
    decoded.set(url, buffer);
    buffer.catch(() => decoded.delete(url));
  }
  const source = context.createBufferSource();
  source.buffer = await buffer;
  source.connect(bus);
  source.start();
}

function base64(samples: Int16Array): string {
  const bytes = new Uint8Array(samples.buffer, samples.byteOffset, samples.byteLength);
  let text = "";
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}

/**
 * On a cloud session's render page, hands every chunk of sound the page plays to the render worker
 * (which sends it down the stream). Elsewhere it does nothing; answers whether it taps.
 */
export function startCloudTap(): Promise<boolean> {
  tapping ??= tap();
  return tapping;
}

let tapping: Promise<boolean> | null = null;

async function tap(): Promise<boolean> {
  const sink = cloudSink();
  if (!sink) return false;
  const { context, bus } = audioOutput();
  await context.audioWorklet.addModule(tapUrl);
  const node = new AudioWorkletNode(context, "avalive-sound-tap", {
    numberOfOutputs: 1,
    channelCount: 1,
    // a stereo sound is heard mixed down to one channel
    channelCountMode: "explicit",
    channelInterpretation: "speakers",
  });
  node.port.onmessage = (event: MessageEvent<TapChunk>) => {
    const { start, samples } = event.data;
    sink(base64(samples), start, context.sampleRate);
  };
  bus.connect(node);
  // a node is only run while something pulls it: a silent path to the speakers
  const pull = context.createGain();
  pull.gain.value = 0;
  node.connect(pull).connect(context.destination);
  if (context.state === "suspended") await context.resume();
  return true;
}
