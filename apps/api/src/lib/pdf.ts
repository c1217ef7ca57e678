import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The PDF standard fonts (Helvetica...) have no rupee sign and no Indian scripts' punctuation, so
 * every PDF embeds DejaVu Sans Condensed (apps/api/assets/fonts, Bitstream Vera licence) under the
 * Helvetica names the documents already use: '₹' prints everywhere without touching each layout.
 * Courier (monospaced codes) stays the standard font.
 */
const FACES: Record<string, string> = {
  Helvetica: 'DejaVuSansCondensed.ttf',
  'Helvetica-Bold': 'DejaVuSansCondensed-Bold.ttf',
  'Helvetica-Oblique': 'DejaVuSansCondensed-Oblique.ttf',
};

/** apps/api/assets/fonts from the sources (src/lib); dist/fonts beside the bundle (build.mjs copies them). */
function fontDir(): string | null {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [
    process.env.PDF_FONT_DIR,
    path.resolve(here, '../../assets/fonts'),
    path.resolve(here, 'fonts'),
    path.resolve(here, '../fonts'),
    path.resolve(process.cwd(), 'apps/api/assets/fonts'),
    path.resolve(process.cwd(), 'assets/fonts'),
  ].filter((d): d is string => Boolean(d));
  return candidates.find((d) => fs.existsSync(path.join(d, FACES.Helvetica))) ?? null;
}

let faces: Array<[string, Buffer]> | null = null;
function loadFaces(): Array<[string, Buffer]> {
  if (faces) return faces;
  const dir = fontDir();
  faces = dir ? Object.entries(FACES).map(([name, file]) => [name, fs.readFileSync(path.join(dir, file))]) : [];
  if (!dir) console.warn('PDF fonts not found (apps/api/assets/fonts): PDFs fall back to Helvetica, without ₹');
  return faces;
}

/** True when the embedded font is available (₹ prints); otherwise write 'Rs.'. */
export const hasRupeeFont = () => loadFaces().length > 0;

/** Registers the embedded faces under the Helvetica names and selects the body face. */
export function embedFonts(doc: PDFKit.PDFDocument) {
  // The constructor already opened the standard Helvetica and cached it by name (pdfkit 0.17):
  // drop that cache entry, or doc.font('Helvetica') would keep returning the standard face.
  const cache = (doc as unknown as { _fontFamilies?: Record<string, unknown> })._fontFamilies;
  for (const [name, buf] of loadFaces()) {
    doc.registerFont(name, buf);
    if (cache) delete cache[name];
  }
  if (hasRupeeFont()) doc.font('Helvetica');
}

/**
 * Collects a pdfkit document's output; call right after `new PDFDocument()` (it also embeds the
 * fonts, see above), await after doc.end().
 */
export function pdfBuffer(doc: PDFKit.PDFDocument): Promise<Buffer> {
  embedFonts(doc);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  return new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

/** ₹ with Indian (lakh) grouping and paise: 12345650 → '₹1,23,456.50'. */
export const rupeeText = (paise: number) =>
  `${paise < 0 ? '-' : ''}${hasRupeeFont() ? '₹' : 'Rs. '}${(Math.abs(paise) / 100).toLocaleString('en-IN', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  })}`;
