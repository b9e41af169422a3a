/** One colour per person everywhere: picked from the id, never from the shown name (remarks change it). */
const COLOURS = ['#c77700', '#2f6fba', '#3d8a12', '#9b12b8', '#16806f', '#c4402f', '#6c5ce7', '#007a62'];

export function avatarColour(seed: number | string): string {
  let h = 0;
  for (const ch of String(seed)) h = (h * 31 + (ch.codePointAt(0) ?? 0)) >>> 0;
  return COLOURS[h % COLOURS.length] ?? '#767676';
}
