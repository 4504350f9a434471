/** What the studio's voice accepts (docs/decisions/040): shared by the server's check and the web's box. */

/** The most characters (Unicode code points, after trimming) one spoken line may have. */
export const SPEECH_MAX_CHARS = 200;

/** A line's length as the limit counts it: code points of the trimmed text (an emoji is one). */
export function speechLength(text: string): number {
  return [...text.trim()].length;
}
