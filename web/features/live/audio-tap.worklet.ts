/**
 * The render page's sound tap (docs/decisions/041), an AudioWorklet: on the audio thread, so the
 * samples are all collected however slowly the page draws. It gathers the first channel of what
 * plays into chunks of CLOUD_AUDIO_CHUNK samples and posts each one that is not silent, as int16,
 * with its start on the context's clock. Loaded by audio-out.ts (Vite builds it as its own file).
 */
import { CLOUD_AUDIO_CHUNK, toPcm16 } from "../../../shared/cloud-audio.ts";

// the AudioWorkletGlobalScope (not in TypeScript's DOM library)
declare const sampleRate: number;
declare const currentFrame: number;
declare function registerProcessor(name: string, processor: new () => AudioWorkletProcessor): void;
declare class AudioWorkletProcessor {
  readonly port: MessagePort;
}

/** What the tap posts: a chunk's samples (int16) and its start in seconds. */
export interface TapChunk {
  start: number;
  samples: Int16Array;
}

class SoundTap extends AudioWorkletProcessor {
  private block = new Float32Array(CLOUD_AUDIO_CHUNK);
  private filled = 0;
  private startFrame = 0;

  process(inputs: Float32Array[][]): boolean {
    const channel = inputs[0]?.[0];
    // nothing connected plays: a quantum of silence (128 frames)
    const length = channel?.length ?? 128;
    for (let i = 0; i < length; i++) {
      if (this.filled === 0) this.startFrame = currentFrame + i;
      this.block[this.filled++] = channel ? (channel[i] as number) : 0;
      if (this.filled === this.block.length) {
        const samples = toPcm16(this.block);
        if (samples) {
          const chunk: TapChunk = { start: this.startFrame / sampleRate, samples };
          this.port.postMessage(chunk, [samples.buffer]);
        }
        this.filled = 0;
      }
    }
    return true;
  }
}

registerProcessor("avalive-sound-tap", SoundTap);
