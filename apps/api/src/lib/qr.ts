import { qrCodes } from './libraries.js';

/** Draws a QR code as vector squares (crisp at any zoom, no image decoding) with a white quiet zone. */
export function drawQr(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number) {
  const { modules } = qrCodes().create(text, { errorCorrectionLevel: 'M', maskPattern: 0 });
  const n = modules.size;
  const cell = size / (n + 8);
  const ox = x + cell * 4;
  const oy = y + cell * 4;
  doc.rect(x, y, size, size).fill('#ffffff');
  for (let r = 0; r < n; r++) {
    let c = 0;
    while (c < n) {
      if (!modules.get(r, c)) {
        c++;
        continue;
      }
      const start = c;
      while (c < n && modules.get(r, c)) c++;
      doc.rect(ox + start * cell, oy + r * cell, (c - start) * cell + 0.01, cell + 0.01);
    }
  }
  doc.fill('#000000');
}
