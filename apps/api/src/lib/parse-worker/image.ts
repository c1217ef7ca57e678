import { ParseRefused } from './protocol.js';

/**
 * The `image` task of the parse worker: an uploaded JPEG, PNG or GIF's dimensions, read from its
 * header (JPEG: its frame header, after walking the segments before it). A file that is not
 * readable so, or whose pixels would take more memory to decode than `maxPixels` allows (a
 * decompression bomb for whatever draws it later, e.g. pdfkit), is refused.
 */

/** Pixels an uploaded image may have: a 50-megapixel photo decodes to 200 MB. */
export const MAX_IMAGE_PIXELS = 50_000_000;

export interface ImageInput {
  buf: Uint8Array;
  maxPixels: number;
}
export interface ImageInfo {
  type: 'jpg' | 'png' | 'gif';
  width: number;
  height: number;
}

const unreadable = () => new ParseRefused('unreadable', 'it is not a readable JPEG, PNG or GIF image');

/** JPEG start-of-frame markers (baseline, progressive, ...): every 0xFFCn but DHT, JPG and DAC. */
const isFrame = (marker: number) => marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

function jpegSize(b: Buffer): [number, number] {
  let at = 2;
  while (at + 4 <= b.length) {
    if (b[at] !== 0xff) throw unreadable();
    const marker = b[at + 1];
    // Fill bytes and markers without a length (restart, TEM) carry no segment.
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      at += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) break; // end of image, or scan data before any frame
    const length = b.readUInt16BE(at + 2);
    if (length < 2) throw unreadable();
    if (isFrame(marker)) {
      if (at + 9 > b.length) throw unreadable();
      return [b.readUInt16BE(at + 7), b.readUInt16BE(at + 5)];
    }
    at += 2 + length;
  }
  throw unreadable();
}

export function imageInfo(input: ImageInput): ImageInfo {
  const b = Buffer.from(input.buf.buffer, input.buf.byteOffset, input.buf.byteLength);
  let info: ImageInfo;
  if (b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) {
    const [width, height] = jpegSize(b);
    info = { type: 'jpg', width, height };
  } else if (b.length >= 24 && b.readUInt32BE(0) === 0x89504e47 && b.toString('latin1', 12, 16) === 'IHDR') {
    info = { type: 'png', width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
  } else if (b.length >= 10 && /^GIF8[79]a$/.test(b.toString('latin1', 0, 6))) {
    info = { type: 'gif', width: b.readUInt16LE(6), height: b.readUInt16LE(8) };
  } else throw unreadable();
  if (info.width === 0 || info.height === 0) throw unreadable();
  if (info.width * info.height > input.maxPixels) {
    throw new ParseRefused(
      'tooLarge',
      `the image is ${info.width} × ${info.height} pixels, more than the ${Math.round(input.maxPixels / 1e6)} megapixels an upload may have`,
    );
  }
  return info;
}
