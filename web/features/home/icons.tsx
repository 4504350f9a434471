/** Line icons for the landing page's feature cards (decorative: the card's heading names it). */

const stroke = {
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 1.8,
  strokeLinecap: "round" as const,
  strokeLinejoin: "round" as const,
};

export const DesignIcon = () => (
  <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" {...stroke}>
    <circle cx="12" cy="9" r="5" />
    <path d="M4 21c1.5-4 4.5-6 8-6s6.5 2 8 6" />
    <path d="M17 3l2 2M19 3l-2 2" />
  </svg>
);

export const PlanIcon = () => (
  <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" {...stroke}>
    <rect x="3" y="3" width="8" height="8" rx="2" />
    <rect x="13" y="3" width="8" height="8" rx="2" />
    <rect x="3" y="13" width="8" height="8" rx="2" />
    <path d="M17 14v6M14 17h6" />
  </svg>
);

export const LiveIcon = () => (
  <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" {...stroke}>
    <rect x="2" y="5" width="15" height="14" rx="3" />
    <path d="M17 10l5-3v10l-5-3" />
    <circle cx="9.5" cy="12" r="2.5" />
  </svg>
);

export const CheckIcon = () => (
  <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" {...stroke} strokeWidth={2.4}>
    <path d="M5 12.5l4.5 4.5L19 7.5" />
  </svg>
);
