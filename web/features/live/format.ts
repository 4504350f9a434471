/** A duration in whole seconds as the studio's timer and the records show it: mm:ss, or h:mm:ss. */
export function clock(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const two = (n: number) => String(n).padStart(2, "0");
  return h ? `${h}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
}

/** The studio's first mode the user may go live in (allowed by the server and built), else the first listed. */
export function firstOpenMode<M extends { mode: string; allowed: boolean; built: boolean }>(modes: M[]): M | undefined {
  return modes.find((m) => m.allowed && m.built) ?? modes[0];
}

/**
 * Which capture a live mode runs in the studio: the face for `face` and for `cloud` (a cloud session
 * takes the same face data, decision 037's amendment), face and shoulders for `halfBody`; none otherwise.
 */
export function captureModeOf(mode: string): "face" | "halfBody" | null {
  if (mode === "face" || mode === "cloud") return "face";
  if (mode === "halfBody") return "halfBody";
  return null;
}

/**
 * How the preview frames the avatar in a live mode: the half-body (hands and arms in the picture)
 * where the body is followed, by the webcam (`halfBody`) or a capture app (`motion`); the bust
 * (head and shoulders) in every other mode.
 */
export function framingOfMode(mode: string | null | undefined): "bust" | "half" {
  return mode === "halfBody" || mode === "motion" ? "half" : "bust";
}

/** The modes a live session switches between without ending (issue 47; the server's SWITCHABLE_MODES): all drawn in the studio. */
export const SWITCHABLE_LIVE_MODES: readonly string[] = ["plan", "face", "halfBody", "motion"];
export const canSwitchLive = (from: string, to: string) =>
  SWITCHABLE_LIVE_MODES.includes(from) && SWITCHABLE_LIVE_MODES.includes(to);
