/** Small colour helpers over "#rrggbb" and sRGB triples (0..1), for palettes derived from a look. */
import { hexToRgb, type Rgb, rgbToHex } from "../../../shared/avatar/index.ts";

export { hexToRgb, rgbToHex };

const clamp01 = (v: number) => Math.min(1, Math.max(0, v));

export function mixRgb(a: Rgb, b: Rgb, t: number): Rgb {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
}

export function mixHex(a: string, b: string, t: number): string {
  return rgbToHex(mixRgb(hexToRgb(a), hexToRgb(b), t));
}

/** Toward white (amount > 0) or black (amount < 0). */
export function shade(hex: string, amount: number): string {
  return mixHex(hex, amount >= 0 ? "#ffffff" : "#000000", Math.abs(amount));
}

/** Relative luminance (0 black .. 1 white) of an sRGB colour. */
export function luminance(hex: string): number {
  const lin = hexToRgb(hex).map((v) => (v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
  return 0.2126 * (lin[0] as number) + 0.7152 * (lin[1] as number) + 0.0722 * (lin[2] as number);
}

/** A colour along evenly spaced stops, t in 0..1 (clamped). */
export function gradientAt(stops: readonly string[], t: number): Rgb {
  if (stops.length === 0) return [1, 1, 1];
  if (stops.length === 1) return hexToRgb(stops[0] as string);
  const x = clamp01(t) * (stops.length - 1);
  const i = Math.min(Math.floor(x), stops.length - 2);
  return mixRgb(hexToRgb(stops[i] as string), hexToRgb(stops[i + 1] as string), x - i);
}

/** Hue rotation on the colour wheel (turns, 0..1), keeping saturation and lightness. */
export function rotateHue(hex: string, turns: number): string {
  const [r, g, b] = hexToRgb(hex);
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  const d = max - min;
  if (d === 0) return hex;
  const s = d / (1 - Math.abs(2 * l - 1));
  let h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  h = (((h / 6 + turns) % 1) + 1) % 1;
  const c = (1 - Math.abs(2 * l - 1)) * s;
  const x = c * (1 - Math.abs(((h * 6) % 2) - 1));
  const m = l - c / 2;
  const k = Math.floor(h * 6);
  const rgb: Rgb =
    k === 0
      ? [c, x, 0]
      : k === 1
        ? [x, c, 0]
        : k === 2
          ? [0, c, x]
          : k === 3
            ? [0, x, c]
            : k === 4
              ? [x, 0, c]
              : [c, 0, x];
  return rgbToHex([rgb[0] + m, rgb[1] + m, rgb[2] + m]);
}
