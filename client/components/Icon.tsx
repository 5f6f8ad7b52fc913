/** Line icons drawn on a 24 × 24 grid; decorative unless a label is given. */
const paths = {
  mail: 'M3 5h18v14H3z M3 6l9 7 9-7',
  phone: 'M5 3h4l2 5-2.5 1.5a11 11 0 0 0 6 6L16 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 5a2 2 0 0 1 2-2z',
  whatsapp: 'M4 20l1.3-4A8 8 0 1 1 8 18.7z M9 8.5c0 3.5 3 6.5 6.5 6.5l1-1.5-2-1-1 1a4 4 0 0 1-2-2l1-1-1-2z',
  send: 'M3 11l18-8-8 18-2-8z M11 13l10-10',
  menu: 'M4 6h16 M4 12h16 M4 18h16',
  close: 'M6 6l12 12 M18 6L6 18',
  chevron: 'M6 9l6 6 6-6',
  pin: 'M12 21s-7-6.5-7-12a7 7 0 0 1 14 0c0 5.5-7 12-7 12z M12 11.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z',
  clock: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18z M12 7v5l3 3',
  check: 'M5 12l5 5 9-10',
  arrow: 'M5 12h14 M13 6l6 6-6 6',
  pause: 'M8 5v14 M16 5v14',
  play: 'M7 4l13 8-13 8z',
  linkedin: 'M4 9h4v11H4z M6 4a2 2 0 1 1 0 4 2 2 0 0 1 0-4z M11 9h4v2a4 4 0 0 1 5 3v6h-4v-6a1.5 1.5 0 0 0-3 0v6h-2z',
  facebook: 'M14 21v-8h3l.5-3.5H14V7.5c0-1 .5-1.5 1.5-1.5H18V3h-3a4.5 4.5 0 0 0-4.5 4.5v2H8V13h2.5v8z',
  instagram:
    'M7 3h10a4 4 0 0 1 4 4v10a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4V7a4 4 0 0 1 4-4z M12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8z M17.5 6.5h.01',
  youtube: 'M3 8a3 3 0 0 1 3-3h12a3 3 0 0 1 3 3v8a3 3 0 0 1-3 3H6a3 3 0 0 1-3-3z M10 9l5 3-5 3z',
  x: 'M4 4h4.5L20 20h-4.5z M20 4l-6.5 7.5 M4 20l6.5-7.5',
  car: 'M3 16v-4l2-5h14l2 5v4z M3 16v2h3v-2 M18 16v2h3v-2 M7 13h.01 M17 13h.01',
  ring: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18z M12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8z M12 4.5v1 M12 18.5v1 M4.5 12h1 M18.5 12h1',
  jack: 'M4 21h16 M7 21v-3h10v3 M9 18V9h6v9 M10.5 9V4h3v5 M8 4h8',
  pipe: 'M3 8h8a5 5 0 0 1 5 5v8 M3 14h6a1 1 0 0 1 1 1v6 M3 6v10 M14 21h8',
  tractor: 'M7 13a4 4 0 1 0 0 8 4 4 0 0 0 0-8z M18 16a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5z M5 13V6h6l2 7h6v3 M11 9h2',
  valve: 'M3 10v6 M21 10v6 M3 13h6 M15 13h6 M9 9h6v8H9z M12 9V5 M8 5h8',
  gear: 'M12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8z M12 2v3 M12 19v3 M2 12h3 M19 12h3 M4.9 4.9l2.1 2.1 M17 17l2.1 2.1 M4.9 19.1L7 17 M17 7l2.1-2.1',
  handshake: 'M2 11l4-4 4 2 2-1 4 1 4 2 2 2-5 5-3-1-2 2-3-1-4-3z M10 9l-2 3 2 1 3-2',
  star: 'M12 3l2.8 5.7 6.2.9-4.5 4.4 1 6.2L12 17.3 6.5 20.2l1-6.2L3 9.6l6.2-.9z',
  people:
    'M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7z M2 20a7 7 0 0 1 14 0 M16 4.5a3.5 3.5 0 0 1 0 6.5 M18 14a6 6 0 0 1 4 6',
  growth: 'M3 20h18 M5 16l5-5 4 3 6-7 M15 7h5v5',
  ceo: 'M12 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8z M4 21a8 8 0 0 1 16 0 M12 14l-1.5 3 1.5 2 1.5-2z',
  director: 'M12 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8z M4 21a8 8 0 0 1 16 0 M9 17h6',
  certificate: 'M4 4h16v11H4z M8 8h8 M8 11h5 M15 15v6l2-1.5 2 1.5v-6',
  factory: 'M3 21V10l6 4v-4l6 4V4h6v17z M7 17h2 M12 17h2 M17 17h2',
} as const;

export type IconName = keyof typeof paths;

export function Icon({ name, label, size = 24 }: { name: IconName; label?: string; size?: number }) {
  return (
    <svg
      className="icon"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      focusable="false"
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
    >
      <path d={paths[name]} />
    </svg>
  );
}
