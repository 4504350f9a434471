/** Line icons of the download cards (decorative: each card's heading names the client). */

const stroke = {
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 1.8,
  strokeLinecap: "round" as const,
  strokeLinejoin: "round" as const,
};

export const PcIcon = () => (
  <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" {...stroke}>
    <rect x="3" y="4" width="18" height="12" rx="2" />
    <path d="M8 20h8M12 16v4" />
    <circle cx="12" cy="9.5" r="2.2" />
  </svg>
);

export const CloudIcon = () => (
  <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" {...stroke}>
    <path d="M7 18a4 4 0 0 1-.6-7.95A5.5 5.5 0 0 1 17 9a3.5 3.5 0 0 1 .5 6.97" />
    <path d="M12 12v8M9 17l3 3 3-3" />
  </svg>
);

export const PhoneIcon = () => (
  <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" {...stroke}>
    <rect x="6" y="2.5" width="12" height="19" rx="3" />
    <path d="M10.5 18.5h3" />
  </svg>
);
