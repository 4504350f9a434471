/**
 * The hero's illustrated avatar bust, drawn in SVG: no images, no 3D. Landmark dots and a tracking
 * frame suggest face capture; the 3D renderer arrives later on the pages that need it.
 */

const LANDMARKS: Array<[number, number]> = [
  [150, 196],
  [162, 188],
  [176, 186],
  [224, 186],
  [238, 188],
  [250, 196],
  [158, 214],
  [176, 208],
  [190, 214],
  [210, 214],
  [224, 208],
  [242, 214],
  [200, 222],
  [200, 240],
  [190, 252],
  [210, 252],
  [180, 272],
  [190, 278],
  [200, 280],
  [210, 278],
  [220, 272],
  [150, 250],
  [160, 286],
  [178, 308],
  [200, 316],
  [222, 308],
  [240, 286],
  [250, 250],
];

export function AvatarArt() {
  return (
    <svg className="avatar-art" viewBox="0 0 400 440" role="img" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="aa-bg" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#2a2260" />
          <stop offset="1" stopColor="#0f2a44" />
        </linearGradient>
        <radialGradient id="aa-glow" cx="0.5" cy="0.42" r="0.55">
          <stop offset="0" stopColor="#7c5cff" stopOpacity="0.55" />
          <stop offset="1" stopColor="#7c5cff" stopOpacity="0" />
        </radialGradient>
        <linearGradient id="aa-skin" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#ffe3d3" />
          <stop offset="1" stopColor="#f4c7ae" />
        </linearGradient>
        <linearGradient id="aa-hair" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#3b2f8f" />
          <stop offset="1" stopColor="#1a1646" />
        </linearGradient>
        <linearGradient id="aa-jacket" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#7c5cff" />
          <stop offset="1" stopColor="#3f2bc2" />
        </linearGradient>
        <linearGradient id="aa-iris" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#22c3e6" />
          <stop offset="1" stopColor="#2a5bd7" />
        </linearGradient>
        <clipPath id="aa-frame">
          <rect x="0" y="0" width="400" height="440" rx="28" />
        </clipPath>
      </defs>

      <g clipPath="url(#aa-frame)">
        <rect width="400" height="440" fill="url(#aa-bg)" />
        <rect width="400" height="440" fill="url(#aa-glow)" />
        {/* Studio grid on the floor */}
        <g stroke="#ffffff" strokeOpacity="0.07">
          {[-4, -3, -2, -1, 0, 1, 2, 3, 4].map((n) => (
            <line key={`v${n}`} x1={200 + n * 30} y1="330" x2={200 + n * 110} y2="440" />
          ))}
          {[345, 365, 395, 440].map((y) => (
            <line key={`h${y}`} x1="0" y1={y} x2="400" y2={y} />
          ))}
        </g>

        {/* Back hair */}
        <path
          d="M118 220c-6-92 40-150 82-150s90 54 82 150c-4 60-8 96-20 118H138c-12-22-16-58-20-118z"
          fill="url(#aa-hair)"
        />

        {/* Shoulders and jacket */}
        <path d="M70 440c6-66 50-100 96-110h68c46 10 90 44 96 110z" fill="url(#aa-jacket)" />
        <path
          d="M166 330l34 46 34-46"
          fill="none"
          stroke="#ffffff"
          strokeOpacity="0.5"
          strokeWidth="4"
          strokeLinejoin="round"
        />
        <rect x="180" y="290" width="40" height="48" rx="14" fill="#f0bfa4" />

        {/* Head */}
        <ellipse cx="134" cy="236" rx="12" ry="20" fill="#f4c7ae" />
        <ellipse cx="266" cy="236" rx="12" ry="20" fill="#f4c7ae" />
        <path d="M140 200c0-56 26-86 60-86s60 30 60 86c0 62-28 110-60 110s-60-48-60-110z" fill="url(#aa-skin)" />

        {/* Fringe */}
        <path
          d="M132 206c-2-70 34-104 70-104 44 0 70 36 66 102-12-20-30-40-44-60-10 24-40 40-92 62z"
          fill="url(#aa-hair)"
        />
        <path
          d="M176 118c-14 14-22 30-24 50"
          stroke="#8f7bff"
          strokeOpacity="0.55"
          strokeWidth="5"
          strokeLinecap="round"
          fill="none"
        />

        {/* Brows */}
        <path d="M160 198q16-10 30-2" stroke="#2a2260" strokeWidth="5" strokeLinecap="round" fill="none" />
        <path d="M210 196q14-8 30 2" stroke="#2a2260" strokeWidth="5" strokeLinecap="round" fill="none" />

        {/* Eyes */}
        <ellipse cx="176" cy="222" rx="13" ry="15" fill="#ffffff" />
        <ellipse cx="224" cy="222" rx="13" ry="15" fill="#ffffff" />
        <ellipse cx="177" cy="224" rx="9" ry="11" fill="url(#aa-iris)" />
        <ellipse cx="223" cy="224" rx="9" ry="11" fill="url(#aa-iris)" />
        <circle cx="177" cy="225" r="4.5" fill="#0f1020" />
        <circle cx="223" cy="225" r="4.5" fill="#0f1020" />
        <circle cx="180" cy="219" r="3" fill="#ffffff" />
        <circle cx="226" cy="219" r="3" fill="#ffffff" />
        <path
          d="M162 214q14-14 28 0M210 214q14-14 28 0"
          stroke="#1a1646"
          strokeWidth="3.5"
          strokeLinecap="round"
          fill="none"
        />

        {/* Nose, cheeks, mouth */}
        <path d="M200 236q-4 12 2 16" stroke="#d9a089" strokeWidth="3" strokeLinecap="round" fill="none" />
        <ellipse cx="163" cy="256" rx="12" ry="7" fill="#ff8fa3" opacity="0.35" />
        <ellipse cx="237" cy="256" rx="12" ry="7" fill="#ff8fa3" opacity="0.35" />
        <path d="M184 270q16 16 32 0q-16 6-32 0z" fill="#c2456b" />

        {/* Face capture: landmarks and tracking frame */}
        <g fill="#22c3e6">
          {LANDMARKS.map(([x, y]) => (
            <circle key={`${x}-${y}`} cx={x} cy={y} r="2.2" opacity="0.9" />
          ))}
        </g>
        <path
          d="M150 250L160 286L178 308L200 316L222 308L240 286L250 250M176 208L190 214L200 222L210 214L224 208M180 272L200 280L220 272"
          fill="none"
          stroke="#22c3e6"
          strokeOpacity="0.45"
          strokeWidth="1.2"
        />
        <g fill="none" stroke="#22c3e6" strokeWidth="3" strokeLinecap="round">
          <path d="M128 166v-22h22M272 166v-22h-22M128 300v22h22M272 300v22h-22" />
        </g>
      </g>
    </svg>
  );
}
