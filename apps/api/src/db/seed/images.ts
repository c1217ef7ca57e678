import { encodePng, type Rgba } from '../../lib/png.js';

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

/** A wide banner: diagonal gradient with soft bands; the college name is set over it by the web app. */
export function drawBanner(from: [number, number, number], to: [number, number, number]): Buffer {
  const w = 960;
  const h = 96;
  return encodePng(w, h, (x, y) => {
    const t = (x / w) * 0.8 + (y / h) * 0.2;
    const band = (Math.sin((x + y * 2) / 38) + 1) / 2;
    const base = mix(from, to, t);
    return [...mix(base, [255, 255, 255], band * 0.08), 255] as Rgba;
  });
}
