/**
 * A catalogue item's icon, drawn from its `look` (shared/plan/looks.ts): garments, faces, scenes,
 * pets, effects, viewer events, sounds and voices are a few SVG shapes in the item's colours.
 */
import { type ReactNode, useId } from "react";
import type { CatalogueRecord } from "../../../../shared/schemas/plans.ts";
import { OutfitShape } from "./OutfitIcon.tsx";

type Look = Record<string, unknown>;

const str = (v: unknown, fallback: string) => (typeof v === "string" ? v : fallback);
const num = (v: unknown) => (typeof v === "number" ? v : 0);

/** A face pulled by the expression's blend-shape weights: smile or frown, open jaw, winks, brows. */
function ExpressionFace({ look }: { look: Look }) {
  const w = (look.weights ?? {}) as Record<string, unknown>;
  const avg = (a: string, b: string) => (num(w[a]) + num(w[b])) / 2;
  const smile = avg("mouthSmileLeft", "mouthSmileRight") - avg("mouthFrownLeft", "mouthFrownRight");
  const open = num(w.jawOpen);
  const pucker = num(w.mouthPucker);
  const browUp = num(w.browInnerUp);
  const browDown = avg("browDownLeft", "browDownRight");
  const eye = (x: number, blink: number, wide: number) =>
    blink > 0.6 ? (
      <path d={`M${x - 5} 27q5 3 10 0`} stroke="#3b2a1e" strokeWidth="2.5" fill="none" strokeLinecap="round" />
    ) : (
      <ellipse cx={x} cy="27" rx="3.2" ry={3.2 + 1.6 * wide} fill="#3b2a1e" />
    );
  const browY = 19 - 4 * browUp + 2 * browDown;
  const tilt = 4 * browDown - 2 * browUp;
  let mouth: ReactNode;
  if (pucker > 0.5) mouth = <circle cx="32" cy="44" r="3.5" fill="#c2456a" />;
  else if (open > 0.3)
    mouth = <ellipse cx="32" cy="44" rx={6 + 3 * Math.max(0, smile)} ry={3 + 7 * open} fill="#7a2333" />;
  else {
    const bend = 10 * smile;
    mouth = (
      <path
        d={`M22 ${43 - bend / 3}q10 ${bend} 20 0`}
        stroke="#7a2333"
        strokeWidth="3"
        fill="none"
        strokeLinecap="round"
      />
    );
  }
  return (
    <>
      <circle cx="32" cy="33" r="25" fill="#ffd9b8" stroke="#e9b48f" strokeWidth="1.5" />
      {num(w.cheekSquintLeft) + num(w.cheekSquintRight) > 0.4 && (
        <>
          <circle cx="18" cy="38" r="4" fill="#ff8fa3" opacity="0.5" />
          <circle cx="46" cy="38" r="4" fill="#ff8fa3" opacity="0.5" />
        </>
      )}
      <path
        d={`M18 ${browY + tilt}l9 ${-tilt}M46 ${browY + tilt}l-9 ${-tilt}`}
        stroke="#5a3d2b"
        strokeWidth="2.5"
        strokeLinecap="round"
      />
      {eye(23, num(w.eyeBlinkLeft), num(w.eyeWideLeft))}
      {eye(41, num(w.eyeBlinkRight), num(w.eyeWideRight))}
      {mouth}
    </>
  );
}

function SceneSwatch({ look, id }: { look: Look; id: string }) {
  const colors = Array.isArray(look.colors) ? look.colors.map((c) => str(c, "#888888")) : ["#888888"];
  const style = str(look.style, "");
  const stops = colors.length > 1 ? colors : [colors[0] ?? "#888888", colors[0] ?? "#888888"];
  const last = colors[colors.length - 1] ?? "#888888";
  const backdrop = style === "gradient" || style === "studio" || style === "grid";
  return (
    <>
      <defs>
        <linearGradient id={id} x1="0" y1="0" x2="0" y2="1">
          {stops
            .map((color, i) => ({ color, offset: i / (stops.length - 1) }))
            .map(({ color, offset }) => (
              <stop key={offset} offset={offset} stopColor={color} />
            ))}
        </linearGradient>
      </defs>
      <rect width="64" height="64" fill={`url(#${id})`} />
      {style === "grid" && (
        <path
          d="M0 40h64M0 48h64M0 58h64M32 36v28M16 36 4 64M48 36l12 28"
          stroke={colors[1] ?? "#fff"}
          strokeWidth="1"
        />
      )}
      {style === "studio" && <ellipse cx="32" cy="54" rx="26" ry="6" fill="#000" opacity="0.12" />}
      {!backdrop && <rect y="46" width="64" height="18" fill={last} opacity="0.85" />}
      {(style === "nightSky" || style === "space") &&
        [8, 20, 34, 47, 56, 14, 40].map((x, i) => (
          <circle key={x} cx={x} cy={8 + ((i * 13) % 30)} r="1.2" fill="#fff" />
        ))}
      {style === "beach" && <circle cx="44" cy="32" r="8" fill={colors[1] ?? "#ffd27a"} />}
      {style === "neonStage" && (
        <path d="M8 46l12-30M56 46 44 16" stroke={colors[2] ?? "#3dd6ff"} strokeWidth="2" opacity="0.9" />
      )}
      {style === "garden" && [14, 30, 48].map((x) => <circle key={x} cx={x} cy="40" r="5" fill={colors[2]} />)}
      {style === "livingRoom" && <rect x="14" y="34" width="36" height="14" rx="4" fill={colors[1]} />}
    </>
  );
}

function Pet({ look }: { look: Look }) {
  const color = str(look.color, "#e8944a");
  const accent = str(look.accent, "#ffffff");
  const species = str(look.species, "cat");
  const eyes = (
    <>
      <circle cx="25" cy="34" r="2.6" fill="#1e1e1e" />
      <circle cx="39" cy="34" r="2.6" fill="#1e1e1e" />
    </>
  );
  switch (species) {
    case "chick":
      return (
        <>
          <circle cx="32" cy="36" r="20" fill={color} />
          {eyes}
          <path d="M28 40h8l-4 5z" fill={accent} />
        </>
      );
    case "slime":
      return (
        <>
          <path d="M10 52c0-22 10-36 22-36s22 14 22 36z" fill={color} />
          <ellipse cx="24" cy="26" rx="4" ry="3" fill="#fff" opacity="0.6" />
          <circle cx="26" cy="38" r="3" fill={accent} />
          <circle cx="38" cy="38" r="3" fill={accent} />
        </>
      );
    case "bot":
      return (
        <>
          <path d="M32 10v8" stroke={accent} strokeWidth="2" />
          <circle cx="32" cy="9" r="3" fill={accent} />
          <rect x="12" y="18" width="40" height="32" rx="10" fill={color} />
          <rect x="18" y="26" width="28" height="14" rx="7" fill="#1e2533" />
          <circle cx="26" cy="33" r="3" fill={accent} />
          <circle cx="38" cy="33" r="3" fill={accent} />
        </>
      );
    case "butterfly":
      return (
        <>
          <ellipse cx="19" cy="24" rx="13" ry="11" fill={color} />
          <ellipse cx="45" cy="24" rx="13" ry="11" fill={color} />
          <ellipse cx="21" cy="44" rx="9" ry="8" fill={accent} />
          <ellipse cx="43" cy="44" rx="9" ry="8" fill={accent} />
          <rect x="30" y="16" width="4" height="36" rx="2" fill="#2b2340" />
        </>
      );
    case "fish":
      return (
        <>
          <path d="M46 32l14-10v20z" fill={accent} />
          <ellipse cx="28" cy="32" rx="20" ry="14" fill={color} />
          <circle cx="18" cy="29" r="2.6" fill="#1e1e1e" />
          <path d="M30 20q6 12 0 24" stroke={accent} strokeWidth="2" fill="none" />
        </>
      );
    default: {
      const ears: Record<string, ReactNode> = {
        cat: <path d="M14 26 16 8l12 10zM50 26 48 8 36 18z" fill={color} />,
        fox: <path d="M13 28 14 6l14 12zM51 28 50 6 36 18z" fill={color} />,
        dog: <path d="M12 20c-4 10-2 18 4 20l6-16zM52 20c4 10 2 18-4 20l-6-16z" fill={accent} opacity="0.9" />,
        bunny: (
          <>
            <ellipse cx="24" cy="12" rx="5" ry="13" fill={color} />
            <ellipse cx="40" cy="12" rx="5" ry="13" fill={color} />
            <ellipse cx="24" cy="12" rx="2.5" ry="9" fill={accent} />
            <ellipse cx="40" cy="12" rx="2.5" ry="9" fill={accent} />
          </>
        ),
        panda: (
          <>
            <circle cx="15" cy="18" r="7" fill={accent} />
            <circle cx="49" cy="18" r="7" fill={accent} />
          </>
        ),
      };
      return (
        <>
          {ears[species] ?? ears.cat}
          <circle cx="32" cy="36" r="20" fill={color} />
          {species === "panda" && (
            <>
              <ellipse cx="25" cy="34" rx="5" ry="6" fill={accent} />
              <ellipse cx="39" cy="34" rx="5" ry="6" fill={accent} />
              <circle cx="25" cy="34" r="1.8" fill="#fff" />
              <circle cx="39" cy="34" r="1.8" fill="#fff" />
            </>
          )}
          {species !== "panda" && (
            <>
              <ellipse cx="32" cy="45" rx="10" ry="7" fill={accent} />
              {eyes}
            </>
          )}
          <ellipse cx="32" cy="41" rx="2.6" ry="2" fill="#2b1d16" />
        </>
      );
    }
  }
}

const HEART = "M32 52 12 32c-6-6-4-18 6-18 6 0 10 4 14 9 4-5 8-9 14-9 10 0 12 12 6 18z";

function Effect({ look, id }: { look: Look; id: string }) {
  const color = str(look.color, "#ffffff");
  const style = str(look.style, "");
  if (look.category === "lighting") {
    return (
      <>
        <defs>
          <radialGradient id={id} cx="0.5" cy="0.15" r="0.9">
            <stop offset="0" stopColor={color} stopOpacity="1" />
            <stop offset="1" stopColor={color} stopOpacity="0" />
          </radialGradient>
        </defs>
        <rect width="64" height="64" rx="10" fill="#15132b" />
        {style === "spotlight" ? (
          <path d="M26 4h12l16 56H10z" fill={`url(#${id})`} />
        ) : style === "disco" ? (
          <>
            <circle cx="32" cy="18" r="9" fill={color} />
            <path d="M32 18 8 58M32 18l24 40M32 18v42" stroke={color} strokeWidth="3" opacity="0.5" />
          </>
        ) : (
          <rect width="64" height="64" rx="10" fill={`url(#${id})`} />
        )}
        {style === "neonRim" && <circle cx="32" cy="36" r="14" fill="none" stroke={color} strokeWidth="3" />}
        {style === "moonlight" && <path d="M40 14a12 12 0 1 0 8 20 10 10 0 0 1-8-20z" fill={color} />}
      </>
    );
  }
  const spots: [number, number, number][] = [
    [14, 16, 1],
    [40, 10, 0.7],
    [52, 30, 1.1],
    [24, 40, 0.9],
    [46, 52, 0.8],
    [10, 54, 0.6],
  ];
  const shape = (x: number, y: number, s: number, i: number) => {
    const t = `translate(${x} ${y}) scale(${s * 0.22}) translate(-32 -32)`;
    switch (style) {
      case "hearts":
        return <path key={i} d={HEART} fill={color} transform={t} />;
      case "snow":
        return <circle key={i} cx={x} cy={y} r={4 * s} fill={color} stroke="#9fb8ff" strokeWidth="0.8" />;
      case "bubbles":
        return <circle key={i} cx={x} cy={y} r={6 * s} fill="none" stroke={color} strokeWidth="2" />;
      case "confetti":
        return (
          <rect
            key={i}
            x={x - 3}
            y={y - 1.5}
            width="7"
            height="3"
            fill={i % 2 ? color : "#ffd84d"}
            transform={`rotate(${i * 37} ${x} ${y})`}
          />
        );
      case "petals":
        return (
          <ellipse key={i} cx={x} cy={y} rx={5 * s} ry={3 * s} fill={color} transform={`rotate(${i * 50} ${x} ${y})`} />
        );
      default:
        return (
          <path
            key={i}
            d="M32 8l5 19 19 5-19 5-5 19-5-19-19-5 19-5z"
            fill={color}
            transform={`translate(${x} ${y}) scale(${s * 0.3}) translate(-32 -32)`}
          />
        );
    }
  };
  return (
    <>
      <rect width="64" height="64" rx="10" fill="#1b1740" />
      {spots.map(([x, y, s], i) => shape(x, y, s, i))}
    </>
  );
}

/** Viewer events and their gifts. */
export function EventGlyph({ look }: { look: Look }) {
  const color = str(look.color, "#6d4aff");
  switch (look.icon) {
    case "rose":
      return (
        <>
          <path d="M32 34v24" stroke="#2f8f4e" strokeWidth="3" />
          <path d="M32 46c-6-2-10 0-12 4 6 2 10 0 12-4z" fill="#2f8f4e" />
          <path d="M20 20c0-8 6-12 12-12s12 4 12 12-6 16-12 16-12-8-12-16z" fill={color} />
          <path d="M26 18c2 4 10 4 12 0" stroke="#fff" strokeWidth="1.5" fill="none" opacity="0.6" />
        </>
      );
    case "heart":
      return <path d={HEART} fill={color} />;
    case "rocket":
      return (
        <>
          <path d="M32 6c10 8 12 22 8 36H24c-4-14-2-28 8-36z" fill={color} />
          <circle cx="32" cy="24" r="5" fill="#fff" />
          <path d="M24 42l-8 10 10-2zM40 42l8 10-10-2z" fill={color} />
          <path d="M28 44h8l-4 14z" fill="#ffd84d" />
        </>
      );
    case "crown":
      return <path d="M8 48 6 18l14 12 12-18 12 18 14-12-2 30z" fill={color} />;
    case "star":
      return <path d="M32 6l8 17 18 2-14 12 4 19-16-10-16 10 4-19L6 25l18-2z" fill={color} />;
    case "thumb":
      return (
        <path d="M10 28h10v28H10zM24 56V28l10-20c4 0 6 3 5 8l-3 10h16c4 0 6 4 5 7l-5 18c-1 3-3 5-6 5z" fill={color} />
      );
    case "chat":
      return (
        <>
          <path d="M8 12h48v32H28l-12 10V44H8z" fill={color} />
          <path d="M18 24h28M18 32h18" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
        </>
      );
    case "bell":
      return (
        <>
          <path d="M16 46V30c0-10 7-18 16-18s16 8 16 18v16l4 4H12z" fill={color} />
          <circle cx="32" cy="54" r="5" fill={color} />
        </>
      );
    default:
      return (
        <>
          <circle cx="32" cy="26" r="16" fill={color} />
          <path d="M22 38l-4 20 14-8 14 8-4-20" fill={color} opacity="0.8" />
          <path d="M32 16l3 7h7l-6 4 2 7-6-4-6 4 2-7-6-4h7z" fill="#fff" />
        </>
      );
  }
}

function Sound() {
  return (
    <>
      <path d="M10 24h10l14-12v40L20 40H10z" fill="currentColor" />
      <path d="M42 22c4 6 4 14 0 20M48 16c8 10 8 22 0 32" stroke="currentColor" strokeWidth="4" fill="none" />
    </>
  );
}

function Voice({ look }: { look: Look }) {
  const sex = num(look.sex);
  const color = sex === 1 ? "#3c5bd6" : sex === 2 ? "#c04fd6" : "#1f9e8f";
  return (
    <>
      <rect x="24" y="6" width="16" height="30" rx="8" fill={color} />
      <path d="M16 30c0 10 7 16 16 16s16-6 16-16M32 46v10M22 58h20" stroke={color} strokeWidth="3.5" fill="none" />
    </>
  );
}

function Motion({ look }: { look: Look }) {
  const style = str(look.style, "nod");
  const arrow =
    style === "shake" || style === "spin"
      ? "M10 50c10 8 34 8 44 0m0 0-8-1m8 1-1-8"
      : style === "tilt" || style === "lean"
        ? "M48 12c8 8 8 22 2 30m0 0 0-8m0 8-8-2"
        : "M54 14c6 10 6 24 0 34m0 0-6-4m6 4 2-7";
  // the arm gestures draw the arm: raised with its hand rocking (wave), both hands meeting (clap)
  const arms =
    style === "wave" ? (
      <>
        <path d="M42 52l10-20" stroke="#b9a3e3" strokeWidth="6" strokeLinecap="round" />
        <circle cx="53" cy="27" r="5" fill="#ffd9b8" stroke="#e9b48f" strokeWidth="1.5" />
        <path
          d="M58 14c3 2 4 5 4 8M48 14c-3 2-4 5-4 8"
          stroke="#6d4aff"
          strokeWidth="3"
          fill="none"
          strokeLinecap="round"
        />
      </>
    ) : style === "clap" ? (
      <>
        <path d="M18 58l10-8M42 58l-10-8" stroke="#b9a3e3" strokeWidth="6" strokeLinecap="round" />
        <circle cx="30" cy="47" r="5" fill="#ffd9b8" stroke="#e9b48f" strokeWidth="1.5" />
        <path d="M20 40l-4-4M40 40l4-4M30 36v-5" stroke="#6d4aff" strokeWidth="3" strokeLinecap="round" />
      </>
    ) : (
      <path d={arrow} stroke="#6d4aff" strokeWidth="3.5" fill="none" strokeLinecap="round" />
    );
  return (
    <>
      <circle cx="30" cy="28" r="16" fill="#ffd9b8" stroke="#e9b48f" strokeWidth="1.5" />
      <path d="M14 62c0-10 7-16 16-16s16 6 16 16" fill="#b9a3e3" />
      {arms}
    </>
  );
}

/** The icon of any catalogue item, 64×64 scaled to its box. */
export function LookIcon({
  record,
  className,
}: {
  record: Pick<CatalogueRecord, "kind" | "look">;
  className?: string;
}) {
  const id = useId();
  const { look } = record;
  let body: ReactNode;
  switch (record.kind) {
    case "outfit":
      body = <OutfitShape look={look} />;
      break;
    case "expression":
      body = <ExpressionFace look={look} />;
      break;
    case "scene":
      body = <SceneSwatch look={look} id={`${id}s`} />;
      break;
    case "pet":
      body = <Pet look={look} />;
      break;
    case "effect":
      body = <Effect look={look} id={`${id}e`} />;
      break;
    case "interact":
      body = <EventGlyph look={look} />;
      break;
    case "motion":
      body = <Motion look={look} />;
      break;
    case "voice":
      body = <Voice look={look} />;
      break;
    default:
      body = <Sound />;
  }
  return (
    <svg className={className ?? "look-icon"} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      {body}
    </svg>
  );
}

/** The 'none' tile: an empty slot. */
export function NoneIcon({ className }: { className?: string }) {
  return (
    <svg className={className ?? "look-icon"} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <circle cx="32" cy="32" r="20" fill="none" stroke="currentColor" strokeWidth="4" />
      <path d="M18 46 46 18" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
    </svg>
  );
}
