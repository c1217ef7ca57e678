import zlib from 'node:zlib';

/**
 * pdfkit re-reads and re-parses a standard font's metrics file for every document, and splits a
 * PNG's alpha channel for every document. A memo needs both each time, so they are done once.
 */

interface StandardFontLike {
  font: { ascender: number; descender: number; bbox: unknown; lineGap: number; xHeight: number; capHeight: number };
}
const parsedFonts = new Map<string, { proto: object; font: StandardFontLike['font'] }>();

interface AfmKerning {
  kernPairs: Record<string, number>;
  getKernPair(left: string, right: string): number;
}

/** pdfkit looks kerning up by a concatenated string key per glyph pair; a nested map makes no garbage. */
function fastKerning(font: AfmKerning) {
  const pairs = new Map<string, Map<string, number>>();
  for (const [key, value] of Object.entries(font.kernPairs)) {
    const [left, right] = key.split('\0');
    let row = pairs.get(left);
    if (!row) pairs.set(left, (row = new Map()));
    row.set(right, value);
  }
  font.getKernPair = (left, right) => pairs.get(left)?.get(right) ?? 0;
}

type Doc = PDFKit.PDFDocument & { _font: StandardFontLike; _fontFamilies: Record<string, unknown>; _fontCount: number };

/** Makes these standard fonts available to doc, sharing their parsed metrics (read-only) between documents. */
export function useStandardFonts(pdf: PDFKit.PDFDocument, names: readonly string[]) {
  const doc = pdf as Doc;
  for (const name of names) {
    const cached = parsedFonts.get(name);
    if (!cached) {
      doc.font(name);
      fastKerning(doc._font.font as unknown as AfmKerning);
      parsedFonts.set(name, { proto: Object.getPrototypeOf(doc._font), font: doc._font.font });
      continue;
    }
    const { font } = cached;
    doc._fontFamilies[name] = Object.assign(Object.create(cached.proto), {
      document: doc,
      name,
      id: `F${++doc._fontCount}`,
      font,
      ascender: font.ascender,
      descender: font.descender,
      bbox: font.bbox,
      lineGap: font.lineGap,
      xHeight: font.xHeight,
      capHeight: font.capHeight,
    });
  }
}

function paeth(a: number, b: number, c: number) {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/**
 * An 8-bit RGBA PNG laid on white as an RGB PNG, which pdfkit embeds without decoding. Other PNG
 * kinds (palette, grey, 16-bit, interlaced) are returned unchanged for pdfkit to handle.
 */
export function flattenPngOnWhite(png: Buffer): Buffer {
  if (png.readUInt32BE(12) !== 0x49484452) return png; // IHDR
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  const [depth, colour, , , interlace] = png.subarray(24, 29);
  if (depth !== 8 || colour !== 6 || interlace !== 0) return png;
  const idat: Buffer[] = [];
  for (let at = 8; at < png.length;) {
    const len = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    if (type === 'IDAT') idat.push(png.subarray(at + 8, at + 8 + len));
    at += 12 + len;
  }
  const raw = zlib.inflateSync(Buffer.concat(idat));
  const stride = width * 4;
  const pixels = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    const out = pixels.subarray(y * stride, (y + 1) * stride);
    const prev = y > 0 ? pixels.subarray((y - 1) * stride, y * stride) : null;
    for (let i = 0; i < stride; i++) {
      const a = i >= 4 ? out[i - 4] : 0;
      const b = prev ? prev[i] : 0;
      const c = prev && i >= 4 ? prev[i - 4] : 0;
      const x = line[i];
      out[i] =
        (filter === 0
          ? x
          : filter === 1
            ? x + a
            : filter === 2
              ? x + b
              : filter === 3
                ? x + ((a + b) >> 1)
                : x + paeth(a, b, c)) & 0xff;
    }
  }
  const rgb = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const s = y * stride + x * 4;
      const alpha = pixels[s + 3] / 255;
      const d = y * (width * 3 + 1) + 1 + x * 3;
      for (let k = 0; k < 3; k++) rgb[d + k] = Math.round(pixels[s + k] * alpha + 255 * (1 - alpha));
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length);
    head.write(type, 4, 'latin1');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(Buffer.concat([head.subarray(4), data])) >>> 0);
    return Buffer.concat([head, data, crc]);
  };
  const ihdr = Buffer.from(png.subarray(16, 29));
  ihdr[9] = 2;
  return Buffer.concat([
    png.subarray(0, 8),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(rgb)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
