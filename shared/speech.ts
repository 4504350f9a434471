/** What the studio's voice accepts (docs/decisions/040): shared by the server's check and the web's box. */

/** The most characters (Unicode code points, after trimming) one spoken line may have. */
export const SPEECH_MAX_CHARS = 200;

/** The placeholder an interaction's reply names the viewer with. */
export const VIEWER_PLACEHOLDER = "{viewer}";

/** An interaction's reply as said: `{viewer}` is the viewer's name, everywhere it appears. */
export function replyFor(reply: string, viewer: string): string {
  return reply.split(VIEWER_PLACEHOLDER).join(viewer).trim();
}

/** A line's length as the limit counts it: code points of the trimmed text (an emoji is one). */
export function speechLength(text: string): number {
  return [...text.trim()].length;
}
