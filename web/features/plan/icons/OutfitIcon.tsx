/** Outfit silhouettes drawn from the look (slot, style, colour, accent): no image files. 64×64. */

type Look = { style: string; color: string; accent: string };

const SHORT_SLEEVES = "M23 9 14 13 5 24l8 7 6-5v29h26V26l6 5 8-7-9-11-9-4c-2 5-5 7-9 7s-7-2-9-7z";
const LONG_SLEEVES =
  "M23 9 14 13C9 18 7 32 6 50l8 2 5-22v25h26V30l5 22 8-2c-1-18-3-32-8-37l-9-4c-2 5-5 7-9 7s-7-2-9-7z";

function Top({ style, color, accent }: Look) {
  const stroke = { stroke: accent, strokeWidth: 1.5, strokeLinejoin: "round" as const };
  switch (style) {
    case "hoodie":
      return (
        <>
          <path d="M22 10c-2-6 4-8 10-8s12 2 10 8l-4 6H26z" fill={accent} />
          <path d={LONG_SLEEVES} fill={color} {...stroke} />
          <path d="M25 42h14l2 9H23z" fill={accent} opacity="0.55" />
          <path d="M29 16v9M35 16v9" stroke={accent} strokeWidth="1.5" strokeLinecap="round" />
        </>
      );
    case "turtleneck":
      return (
        <>
          <path d={LONG_SLEEVES} fill={color} {...stroke} />
          <rect x="24" y="5" width="16" height="9" rx="3" fill={accent} />
        </>
      );
    case "sweater":
      return (
        <>
          <path d={LONG_SLEEVES} fill={color} {...stroke} />
          <path d="M19 50h26M19 53h26M23 11c2 4 5 6 9 6s7-2 9-6" stroke={accent} strokeWidth="2" fill="none" />
          <path d="M24 30l4 4 4-4 4 4 4-4" stroke={accent} strokeWidth="1.5" fill="none" />
        </>
      );
    case "blazer":
      return (
        <>
          <path d={LONG_SLEEVES} fill={color} stroke={color} strokeWidth="1.5" strokeLinejoin="round" />
          <path d="M25 10l7 14 7-14z" fill={accent} />
          <path d="M23 9l9 22-5-1-6-18zM41 9l-9 22 5-1 6-18z" fill={color} stroke={accent} strokeWidth="1" />
          <circle cx="32" cy="38" r="1.4" fill={accent} />
          <circle cx="32" cy="45" r="1.4" fill={accent} />
        </>
      );
    case "qipao":
      return (
        <>
          <path
            d="M24 9 16 14 9 24l7 6 5-4-3 34h28l-3-34 5 4 7-6-7-10-8-5c-2 3-5 4-8 4s-6-1-8-4z"
            fill={color}
            {...stroke}
          />
          <rect x="26" y="5" width="12" height="6" rx="2" fill={accent} />
          <path d="M32 11c3 3 6 4 9 4" stroke={accent} strokeWidth="2" fill="none" />
          <path d="M41 44l2 16" stroke={accent} strokeWidth="1.5" />
          <path d="M20 26h24" stroke={accent} strokeWidth="1" opacity="0.7" />
        </>
      );
    default:
      return (
        <>
          <path d={SHORT_SLEEVES} fill={color} {...stroke} />
          <path d="M23 10c2 4 5 6 9 6s7-2 9-6" stroke={accent} strokeWidth="2" fill="none" />
        </>
      );
  }
}

function Headwear({ style, color, accent }: Look) {
  switch (style) {
    case "beanie":
      return (
        <>
          <circle cx="32" cy="12" r="5" fill={accent} />
          <path d="M12 42c0-14 9-26 20-26s20 12 20 26z" fill={color} />
          <rect x="10" y="40" width="44" height="10" rx="4" fill={accent} />
          <path d="M18 41v8M24 41v8M30 41v8M36 41v8M42 41v8M48 41v8" stroke={color} strokeWidth="1" opacity="0.6" />
        </>
      );
    case "beret":
      return (
        <>
          <path d="M31 14l2-6" stroke={accent} strokeWidth="3" strokeLinecap="round" />
          <ellipse cx="30" cy="30" rx="24" ry="13" fill={color} />
          <path d="M14 38c6 5 26 5 34 0v4c-8 5-28 5-34 0z" fill={accent} />
        </>
      );
    case "catEars":
      return (
        <>
          <path d="M10 50c0-18 10-30 22-30s22 12 22 30" stroke={color} strokeWidth="4" fill="none" />
          <path d="M14 34 12 12l16 12z" fill={color} />
          <path d="M50 34l2-22-16 12z" fill={color} />
          <path d="M16 29 15 17l8 7zM48 29l1-12-8 7z" fill={accent} />
        </>
      );
    case "crown":
      return (
        <>
          <path d="M10 48 8 18l13 13 11-19 11 19 13-13-2 30z" fill={color} />
          <rect x="10" y="46" width="44" height="7" rx="2" fill={color} stroke={accent} strokeWidth="1" />
          <circle cx="32" cy="36" r="4" fill={accent} />
          <circle cx="19" cy="40" r="2.5" fill={accent} />
          <circle cx="45" cy="40" r="2.5" fill={accent} />
        </>
      );
    case "halo":
      return (
        <>
          <ellipse cx="32" cy="32" rx="24" ry="9" fill="none" stroke={accent} strokeWidth="8" opacity="0.35" />
          <ellipse cx="32" cy="32" rx="24" ry="9" fill="none" stroke={color} strokeWidth="4" />
        </>
      );
    default:
      // cap
      return (
        <>
          <path d="M12 40c0-14 9-24 20-24s20 10 20 24z" fill={color} />
          <path d="M32 40h26c0 4-6 7-14 7H32z" fill={color} stroke={accent} strokeWidth="1" />
          <circle cx="32" cy="16" r="2.5" fill={accent} />
          <path d="M32 17v23M21 20c2 8 3 14 3 20M43 20c-2 8-3 14-3 20" stroke={accent} strokeWidth="1" opacity="0.7" />
        </>
      );
  }
}

function Glasses({ style, color, accent }: Look) {
  const frame = { stroke: color, strokeWidth: 3, fill: accent, fillOpacity: style === "aviator" ? 0.95 : 0.6 };
  const bridge = <path d="M27 30c2-2 8-2 10 0" stroke={color} strokeWidth="3" fill="none" />;
  const arms = <path d="M7 28 2 26M57 28l5-2" stroke={color} strokeWidth="3" strokeLinecap="round" />;
  switch (style) {
    case "square":
      return (
        <>
          {arms}
          <rect x="6" y="22" width="21" height="17" rx="3" {...frame} />
          <rect x="37" y="22" width="21" height="17" rx="3" {...frame} />
          {bridge}
        </>
      );
    case "aviator":
      return (
        <>
          {arms}
          <path d="M6 24h21c0 10-3 17-10 17S6 34 6 24z" {...frame} />
          <path d="M37 24h21c0 10-4 17-11 17s-10-7-10-17z" {...frame} />
          <path d="M27 25h10" stroke={color} strokeWidth="2" />
          {bridge}
        </>
      );
    case "heart":
      return (
        <>
          {arms}
          <path d="M16 42 6 30c-3-4-1-10 4-10 3 0 5 2 6 4 1-2 3-4 6-4 5 0 7 6 4 10z" {...frame} />
          <path d="M48 42 38 30c-3-4-1-10 4-10 3 0 5 2 6 4 1-2 3-4 6-4 5 0 7 6 4 10z" {...frame} />
          {bridge}
        </>
      );
    default:
      // round
      return (
        <>
          {arms}
          <circle cx="17" cy="31" r="10" {...frame} />
          <circle cx="47" cy="31" r="10" {...frame} />
          {bridge}
        </>
      );
  }
}

function Accessory({ style, color, accent }: Look) {
  switch (style) {
    case "hoops":
      return (
        <>
          <circle cx="18" cy="36" r="11" fill="none" stroke={color} strokeWidth="4" />
          <circle cx="46" cy="36" r="11" fill="none" stroke={color} strokeWidth="4" />
          <path d="M18 25v-8M46 25v-8" stroke={accent} strokeWidth="2" />
        </>
      );
    case "bowtie":
      return (
        <>
          <path d="M6 18l22 10v8L6 46zM58 18 36 28v8l22 10z" fill={color} />
          <rect x="26" y="25" width="12" height="14" rx="3" fill={accent} />
        </>
      );
    case "scarf":
      return (
        <>
          <path d="M10 20c8 8 36 8 44 0v10c-8 8-36 8-44 0z" fill={color} />
          <path d="M36 34l4 24h-9l-3-22z" fill={color} />
          <path d="M14 24h36M14 28h36M33 44h8M34 50h7" stroke={accent} strokeWidth="2" />
          <path d="M31 58v4M34 58v4M37 58v4" stroke={accent} strokeWidth="1.5" />
        </>
      );
    case "headphones":
      return (
        <>
          <path d="M12 40V32c0-12 9-20 20-20s20 8 20 20v8" fill="none" stroke={color} strokeWidth="5" />
          <rect x="6" y="34" width="12" height="18" rx="5" fill={color} />
          <rect x="46" y="34" width="12" height="18" rx="5" fill={color} />
          <rect x="9" y="38" width="6" height="10" rx="3" fill={accent} />
          <rect x="49" y="38" width="6" height="10" rx="3" fill={accent} />
        </>
      );
    case "chain": {
      const links = [0, 1, 2, 3, 4, 5, 6, 7, 8];
      return (
        <>
          {links.map((i) => {
            const a = Math.PI * (0.1 + (0.8 * i) / 8);
            return (
              <ellipse
                key={i}
                cx={32 - 22 * Math.cos(a)}
                cy={14 + 26 * Math.sin(a)}
                rx="4"
                ry="2.6"
                fill="none"
                stroke={i % 2 ? accent : color}
                strokeWidth="2"
              />
            );
          })}
        </>
      );
    }
    default: {
      // pearls
      const beads = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
      return (
        <>
          {beads.map((i) => {
            const a = Math.PI * (0.08 + (0.84 * i) / 10);
            return (
              <circle
                key={i}
                cx={32 - 23 * Math.cos(a)}
                cy={14 + 28 * Math.sin(a)}
                r="3.6"
                fill={color}
                stroke={accent}
                strokeWidth="1"
              />
            );
          })}
        </>
      );
    }
  }
}

export function OutfitShape({ look }: { look: Record<string, unknown> }) {
  const l: Look = {
    style: String(look.style ?? ""),
    color: String(look.color ?? "#888888"),
    accent: String(look.accent ?? "#cccccc"),
  };
  switch (look.slot) {
    case "headwear":
      return <Headwear {...l} />;
    case "glasses":
      return <Glasses {...l} />;
    case "accessory":
      return <Accessory {...l} />;
    default:
      return <Top {...l} />;
  }
}
