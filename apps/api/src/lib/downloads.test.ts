import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { contentDisposition, sendUpload } from './downloads.js';

describe('contentDisposition (RFC 6266 / 5987)', () => {
  it('keeps a plain ASCII name as it is', () => {
    expect(contentDisposition('attachment', 'overdue.xlsx')).toBe('attachment; filename="overdue.xlsx"');
    expect(contentDisposition('inline', 'statement-22A91A0501.pdf')).toBe('inline; filename="statement-22A91A0501.pdf"');
  });

  it('cannot be broken or injected by a quote, a semicolon or a line break', () => {
    expect(contentDisposition('attachment', 'a"; filename="evil.html')).toBe(
      `attachment; filename="a__ filename=_evil.html"; filename*=UTF-8''a%22%3B%20filename%3D%22evil.html`,
    );
    // line breaks go: no header can be added after it
    expect(contentDisposition('inline', 'x\r\nSet-Cookie: a=b.pdf')).toBe('inline; filename="xSet-Cookie: a=b.pdf"');
  });

  it('encodes a non-Latin-1 name in filename* with an ASCII fallback', () => {
    expect(contentDisposition('attachment', 'రవి-photo.jpg')).toBe(
      `attachment; filename="___-photo.jpg"; filename*=UTF-8''%E0%B0%B0%E0%B0%B5%E0%B0%BF-photo.jpg`,
    );
    expect(contentDisposition('attachment', "O'Brien (1).pdf")).toBe(
      `attachment; filename="O'Brien (1).pdf"; filename*=UTF-8''O%27Brien%20%281%29.pdf`,
    );
    expect(contentDisposition('attachment', '')).toBe('attachment; filename="download"');
  });
});

describe('sendUpload', () => {
  const serve = async (data: Buffer, name: string) => {
    const app = Fastify();
    app.get('/f', (_req, reply) => sendUpload(reply, data, name));
    const res = await app.inject({ method: 'GET', url: '/f' });
    await app.close();
    return res;
  };

  it('serves HTML saved under an image name as a download, never as a page', async () => {
    const res = await serve(Buffer.from('<html><script>alert(document.cookie)</script></html>'), 'photo.jpg');
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.headers['content-disposition']).toBe('attachment; filename="photo.jpg"');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
  });

  it('serves SVG (script-capable) as a download too', async () => {
    const res = await serve(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), 'logo.png');
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.headers['content-disposition']).toMatch(/^attachment;/);
  });

  it('shows a real PNG or PDF inline with its own type', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    const res = await serve(png, 'photo.png');
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-disposition']).toBe('inline; filename="photo.png"');
    const pdf = await serve(Buffer.from('%PDF-1.4\n%%EOF'), 'offer.pdf');
    expect(pdf.headers['content-type']).toBe('application/pdf');
  });
});
