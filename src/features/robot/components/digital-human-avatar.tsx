// The digital human's presenter (issue 21 part F): an SVG face whose eyes blink and whose mouth
// moves while it talks: open at each word boundary of the voice, and a gentle talking motion in
// between (voices without boundary events). Under prefers-reduced-motion nothing moves (the
// page highlights the sentence being read instead); digital-human.css holds the motion.

export function DigitalHumanAvatar({ talking, mouthOpen, label }: { talking: boolean; mouthOpen: boolean; label: string }) {
  const classes = ['dh-avatar', talking ? 'dh-avatar--talking' : '', mouthOpen ? 'dh-avatar--open' : ''].filter(Boolean).join(' ');
  return (
    <svg className={classes} viewBox="0 0 200 220" role="img" aria-label={label} data-testid="dh-avatar" data-talking={talking} data-mouth={mouthOpen ? 'open' : 'closed'}>
      <defs>
        <linearGradient id="dh-bg" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#e6fffb" />
          <stop offset="1" stopColor="#b5f5ec" />
        </linearGradient>
      </defs>
      <rect x="0" y="0" width="200" height="220" rx="24" fill="url(#dh-bg)" />
      {/* Shoulders and collar. */}
      <path d="M30 220 C40 170 70 160 100 160 C130 160 160 170 170 220 Z" fill="#08979c" />
      <path d="M86 160 L100 182 L114 160 Z" fill="#ffffff" />
      {/* Neck, hair behind, face. */}
      <rect x="88" y="130" width="24" height="34" rx="10" fill="#f5c6a5" />
      <ellipse cx="100" cy="86" rx="56" ry="62" fill="#3a2a20" />
      <ellipse cx="100" cy="96" rx="46" ry="52" fill="#fcd9bd" />
      <path d="M54 80 C60 40 140 40 146 80 C130 60 80 58 54 80 Z" fill="#3a2a20" />
      {/* Eyes: blink by scaling vertically (CSS). */}
      <g className="dh-eyes">
        <ellipse cx="82" cy="94" rx="6" ry="7" fill="#2b2b2b" />
        <ellipse cx="118" cy="94" rx="6" ry="7" fill="#2b2b2b" />
        <circle cx="84" cy="92" r="2" fill="#ffffff" />
        <circle cx="120" cy="92" r="2" fill="#ffffff" />
      </g>
      <path d="M72 80 Q82 75 92 80" stroke="#3a2a20" strokeWidth="3" fill="none" strokeLinecap="round" />
      <path d="M108 80 Q118 75 128 80" stroke="#3a2a20" strokeWidth="3" fill="none" strokeLinecap="round" />
      <ellipse cx="72" cy="112" rx="7" ry="4" fill="#ffb3a7" opacity="0.6" />
      <ellipse cx="128" cy="112" rx="7" ry="4" fill="#ffb3a7" opacity="0.6" />
      <path d="M100 100 Q96 110 101 112" stroke="#d9a07f" strokeWidth="2" fill="none" strokeLinecap="round" />
      {/* Mouth: closed smile, or open (boundary) / talking motion (CSS). */}
      <g className="dh-mouth">
        <ellipse className="dh-mouth-open" cx="100" cy="126" rx="10" ry="7" fill="#a8071a" />
        <path className="dh-mouth-closed" d="M88 124 Q100 133 112 124" stroke="#a8071a" strokeWidth="3" fill="none" strokeLinecap="round" />
      </g>
    </svg>
  );
}
