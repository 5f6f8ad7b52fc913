/** The site's colours (client/styles/site.css), for the images the server draws. */
export const COLOURS = {
  navy: '#1f3a5f',
  accent: '#f08a24',
  light: '#e8eef5',
  muted: '#c9d6e6',
  white: '#ffffff',
} as const;
