/**
 * GET /reporting/colors/{count}: one colour per series (the number of metrics). The first nine are
 * the categorical 'retro' palette the chart cards name (theme=categorical.retro); further ones walk
 * the hue circle by the golden angle, so neighbours stay apart however many there are.
 */
const RETRO = [
  '#ea5545',
  '#f46a9b',
  '#ef9b20',
  '#edbf33',
  '#ede15b',
  '#bdcf32',
  '#87bc45',
  '#27aeef',
  '#b33dc6',
];

const hex = (n: number) =>
  Math.round(n * 255)
    .toString(16)
    .padStart(2, '0');

function hsl(h: number, s: number, l: number): string {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
  };
  return `#${hex(f(0))}${hex(f(8))}${hex(f(4))}`;
}

export function seriesColors(count: number): string[] {
  return Array.from({ length: count }, (_, i) => RETRO[i] ?? hsl((i * 137.508) % 360, 0.65, 0.55));
}
