import { useId } from "react";

/**
 * A bust silhouette for avatars without a thumbnail, tinted by sex (1 male, 2 female). Wide enough
 * to fill a 4:3 card and centred so a portrait card only trims the sides.
 */
export function AvatarPlaceholder({ sex }: { sex: number }) {
  const id = useId();
  const female = sex === 2;
  const [top, bottom] = female ? ["#ffd9ec", "#c9b6ff"] : ["#cfeeff", "#a9b8ff"];
  const ink = female ? "#7b4fd6" : "#3c5bd6";
  return (
    <svg
      className="avatar-placeholder"
      viewBox="0 0 200 150"
      preserveAspectRatio="xMidYMid slice"
      aria-hidden="true"
      data-testid="avatar-placeholder"
    >
      <defs>
        <linearGradient id={`${id}bg`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor={top} />
          <stop offset="1" stopColor={bottom} />
        </linearGradient>
      </defs>
      <rect width="200" height="150" fill={`url(#${id}bg)`} />
      <g fill={ink} opacity="0.28" transform="translate(40 0)">
        {female && <path d="M34 62c-4-30 12-44 26-44s30 14 26 44c-2 16 2 28 6 36H28c4-8 8-20 6-36z" />}
        <path d="M14 150c2-26 18-36 34-40l12 6 12-6c16 4 32 14 34 40z" />
        <rect x="52" y="84" width="16" height="24" rx="6" />
        <ellipse cx="60" cy="62" rx="21" ry="26" />
        {!female && <path d="M38 56c-2-20 10-32 22-32s24 8 22 32c-4-10-12-14-22-14s-18 4-22 14z" />}
      </g>
    </svg>
  );
}
