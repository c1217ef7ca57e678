import { encodePng, type Rgba } from '../../lib/png.js';
import { textMask, textWidth } from './font.js';

const mix = (a: number[], b: number[], t: number) => a.map((v, i) => Math.round(v + (b[i] - v) * t));

/** A round crest: coloured ring, open book and a star, drawn with anti-aliased edges. */
export function drawLogo(primary: [number, number, number], accent: [number, number, number]): Buffer {
  const size = 128;
  const c = size / 2;
  return encodePng(size, size, (x, y) => {
    const dx = x + 0.5 - c;
    const dy = y + 0.5 - c;
    const r = Math.hypot(dx, dy);
    const alpha = Math.max(0, Math.min(1, 62 - r));
    if (alpha === 0) return [0, 0, 0, 0];
    let color: number[] = r > 52 ? primary : [255, 255, 255];
    if (r <= 52 && r > 48) color = accent;
    // open book: two slanted pages below the centre
    const bx = Math.abs(dx);
    const pageTop = 8 + bx * 0.25;
    if (bx < 30 && dy > pageTop && dy < pageTop + 18) color = bx < 2 ? primary : mix(primary, [255, 255, 255], 0.25);
    // five-point star above the book
    const angle = Math.atan2(dy + 14, dx);
    const sr = Math.hypot(dx, dy + 14);
    const starEdge = 16 * (0.55 + 0.45 * Math.cos(5 * (angle + Math.PI / 2)));
    if (sr < starEdge && dy < 6) color = accent;
    return [...color, Math.round(alpha * 255)] as Rgba;
  });
}

/** A wide banner: diagonal gradient with soft bands and the college's name lettered in white. */
export function drawBanner(from: [number, number, number], to: [number, number, number], name: string): Buffer {
  const w = 960;
  const h = 96;
  const scale = Math.max(2, Math.min(4, Math.floor((w - 48) / (name.length * 6))));
  const text = textMask(name, Math.round((w - textWidth(name, scale)) / 2), Math.round((h - 7 * scale) / 2), scale);
  const shadow = textMask(name, Math.round((w - textWidth(name, scale)) / 2) + 2, Math.round((h - 7 * scale) / 2) + 2, scale);
  return encodePng(w, h, (x, y) => {
    if (text(x, y)) return [255, 255, 255, 255];
    const t = (x / w) * 0.8 + (y / h) * 0.2;
    const band = (Math.sin((x + y * 2) / 38) + 1) / 2;
    const base = mix(mix(from, to, t), [255, 255, 255], band * 0.08);
    return [...(shadow(x, y) ? mix(base, [0, 0, 0], 0.35) : base), 255] as Rgba;
  });
}
