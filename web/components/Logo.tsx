/** The Avalive mark: an "A" whose crossbar is a face-capture scan line. */
export function Logo({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="logo-g" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#7c5cff" />
          <stop offset="1" stopColor="#22c3e6" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="16" fill="url(#logo-g)" />
      <path d="M19 47 32 15l13 32h-6.5l-2.8-7.5h-7.4L25.5 47z" fill="#fff" />
      <rect x="22" y="33" width="20" height="2.6" rx="1.3" fill="#0f1020" opacity="0.35" />
    </svg>
  );
}
