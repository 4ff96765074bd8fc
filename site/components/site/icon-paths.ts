// Stroke icons (24x24 viewBox, round caps) shared by Icon.astro and the product mock-ups
// that `npm run assets` renders (scripts/render-assets.ts), so both draw the same icons.
export const ICON_PATHS = {
  shield: [
    'M12 3 4.5 6v5.5c0 4.6 3.2 8.4 7.5 9.5 4.3-1.1 7.5-4.9 7.5-9.5V6z',
    'm8.5 12 2.5 2.5 4.5-5',
  ],
  bolt: ['M13 2 4 14h7l-1 8 9-12h-7z'],
  contract: ['M7 3h7l5 5v13H7z', 'M14 3v5h5', 'M10 13h6M10 17h4'],
  check: ['M20 6 9 17l-5-5'],
  upload: ['M12 16V4', 'm7 9 5-5 5 5', 'M4 16v4h16v-4'],
  key: ['M15 7a4 4 0 1 1-3.5 6L4 20.5V17h3v-3h3l1.5-1.5', 'M16 8h.01'],
  lock: ['M6 11h12v10H6z', 'M8 11V7a4 4 0 0 1 8 0v4'],
  chart: ['M4 20V4', 'M4 20h16', 'M8 16v-4M12 16V8M16 16v-6'],
  users: [
    'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8z',
    'M2 21c0-4 3-6 7-6s7 2 7 6',
    'M16 3.5a4 4 0 0 1 0 7.5M22 21c0-3-1.5-5-4-5.7',
  ],
  database: [
    'M4 6c0-1.7 3.6-3 8-3s8 1.3 8 3-3.6 3-8 3-8-1.3-8-3z',
    'M4 6v12c0 1.7 3.6 3 8 3s8-1.3 8-3V6',
    'M4 12c0 1.7 3.6 3 8 3s8-1.3 8-3',
  ],
  file: ['M6 3h8l4 4v14H6z', 'M14 3v4h4'],
  link: [
    'M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1',
    'M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1',
  ],
  eye: ['M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z', 'M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6z'],
  server: ['M4 4h16v6H4zM4 14h16v6H4z', 'M8 7h.01M8 17h.01'],
  cloud: ['M7 18a5 5 0 1 1 .9-9.9A6 6 0 0 1 19 10a4 4 0 0 1-1 8z'],
  clock: ['M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z', 'M12 7v5l3 2'],
  refresh: ['M20 11a8 8 0 0 0-14.9-3M4 4v4h4', 'M4 13a8 8 0 0 0 14.9 3M20 20v-4h-4'],
  flask: [
    'M9 3h6',
    'M10 3v6L4.5 19A1.4 1.4 0 0 0 5.7 21h12.6a1.4 1.4 0 0 0 1.2-2L14 9V3',
    'M7 15h10',
  ],
  factory: ['M3 21V10l6 4v-4l6 4V4h6v17z', 'M7 17h2M12 17h2M17 17h2'],
  pill: ['M10.5 20.5a5 5 0 0 1-7-7l6-6a5 5 0 0 1 7 7z', 'm8.5 8.5 7 7'],
  clipboard: ['M9 4h6v3H9z', 'M9 5H6v16h12V5h-3', 'm9 14 2 2 4-4'],
  globe: [
    'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z',
    'M3 12h18',
    'M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9S9.5 5.7 12 3z',
  ],
  mail: ['M3 5h18v14H3z', 'm3 6 9 7 9-7'],
  phone: [
    'M5 3h4l2 5-2.5 1.5a11 11 0 0 0 6 6L16 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 5a2 2 0 0 1 2-2z',
  ],
  pin: [
    'M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21z',
    'M12 12a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z',
  ],
  target: [
    'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z',
    'M12 16a4 4 0 1 0 0-8 4 4 0 0 0 0 8z',
    'M12 12h.01',
  ],
  heart: ['M12 20s-8-4.6-8-10.5A4.5 4.5 0 0 1 12 7a4.5 4.5 0 0 1 8 2.5C20 15.4 12 20 12 20z'],
  sparkle: [
    'M12 3v4M12 17v4M3 12h4M17 12h4',
    'm6 6 2.5 2.5M15.5 15.5 18 18M6 18l2.5-2.5M15.5 8.5 18 6',
  ],
  arrow: ['M5 12h14', 'm13 6 6 6-6 6'],
  alert: ['M12 3 2 20h20z', 'M12 10v4M12 17h.01'],
  grid: ['M4 4h7v7H4z', 'M13 4h7v7h-7z', 'M4 13h7v7H4z', 'M13 13h7v7h-7z'],
  send: ['M22 2 11 13', 'M22 2 15 22l-4-9-9-4z'],
  sliders: ['M4 6h9M17 6h3M4 12h3M11 12h9M4 18h11M19 18h1', 'M15 4v4M9 10v4M17 16v4'],
  help: [
    'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z',
    'M9.5 9a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6v.6',
    'M12 17h.01',
  ],
  list: ['M9 6h11M9 12h11M9 18h11', 'M4 6h.01M4 12h.01M4 18h.01'],
  download: ['M12 4v12', 'm7 11 5 5 5-5', 'M4 20h16'],
} as const;

export type IconName = keyof typeof ICON_PATHS;

/** An inline SVG of one icon, for HTML written as a string (the rendered mock-ups). */
export function iconSvg(name: IconName, size = 16, strokeWidth = 1.8): string {
  const paths = ICON_PATHS[name].map((d) => `<path d="${d}"/>`).join('');
  return `<svg width="${size}" height="${size}" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="${strokeWidth}" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true">${paths}</svg>`;
}
