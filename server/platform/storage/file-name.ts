const MAX_NAME_LENGTH = 150;

/**
 * A file name as the visitor's computer gave it, made safe to show and to offer as a download name:
 * no folder parts (either slash), no control or direction-override characters, not too long.
 */
export function cleanFileName(original: string): string {
  const base = original.split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .normalize('NFC')
    .replace(/[\p{Cc}\u200B-\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/gu, '')
    .replace(/^[\s.]+|\s+$/g, '');
  if (cleaned.length <= MAX_NAME_LENGTH) return cleaned || 'drawing';
  const extension = /\.[^.]{1,10}$/.exec(cleaned)?.[0] ?? '';
  return cleaned.slice(0, MAX_NAME_LENGTH - extension.length) + extension;
}
