import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { checkSignedImage, deleteImage, saveImage, signedImageUrl, SIGNED_URL_SECONDS } from './files';
import { exifTags, GPS_INFO, ARTIST, photoWithMetadata } from './files.test-helpers';

const dir = mkdtempSync(path.join(tmpdir(), 'uploads-'));
const config = loadConfig({ DATA_DIR: dir, JWT_SECRET: 'x' });

const png = (size: number) =>
  sharp({ create: { width: size, height: size, channels: 3, background: '#7c4dcc' } })
    .png()
    .toBuffer();

describe('photo storage', () => {
  it('stores a real image with a thumbnail, judged by content', async () => {
    const name = await saveImage(config, 'products', { filename: 'foto.jpg', buffer: await png(600) });
    expect(name).toMatch(/^[0-9a-f-]{36}\.png$/);
    expect(existsSync(path.join(config.uploadsDir, 'products', name))).toBe(true);
    const thumb = await sharp(path.join(config.uploadsDir, 'products', 'thumbnails', name)).metadata();
    expect([thumb.width, thumb.height]).toEqual([240, 240]);
    await deleteImage(config, 'products', name);
    expect(existsSync(path.join(config.uploadsDir, 'products', name))).toBe(false);
  });

  it('refuses a text file named like an image', async () => {
    await expect(saveImage(config, 'products', { filename: 'foto.png', buffer: Buffer.from('no soy una imagen') })).rejects.toMatchObject({
      code: 'INVALID_IMAGE',
      status: 400,
    });
  });

  it('refuses an image of 1 MB or more', async () => {
    const big = Buffer.concat([await png(10), Buffer.alloc(1024 * 1024)]);
    await expect(saveImage(config, 'products', { filename: 'grande.png', buffer: big })).rejects.toMatchObject({ code: 'FILE_TOO_LARGE', status: 413 });
  });
});

describe('metadata', () => {
  const stored = (folder: string, name: string, thumbnail = false) =>
    readFileSync(path.join(config.uploadsDir, folder, ...(thumbnail ? ['thumbnails'] : []), name));

  it('leaves out the EXIF GPS position and author, the XMP and the IPTC of every stored photo and thumbnail', async () => {
    const jpg = await photoWithMetadata('jpeg');
    // the photo as a phone would send it: GPS, author, XMP creator, turned by its orientation tag
    const before = await sharp(jpg).metadata();
    expect(exifTags(before.exif)).toEqual(expect.arrayContaining([GPS_INFO, ARTIST]));
    expect(before.xmp).toBeDefined();
    expect(jpg.includes('Artista Secreta')).toBe(true);
    for (const folder of ['customers', 'notes', 'users', 'products'] as const) {
      const name = await saveImage(config, folder, { filename: 'cara.jpg', buffer: jpg });
      for (const file of [stored(folder, name), stored(folder, name, true)]) {
        const meta = await sharp(file).metadata();
        expect(meta.format).toBe('jpeg');
        expect([meta.exif, meta.xmp, meta.iptc, meta.orientation]).toEqual([undefined, undefined, undefined, undefined]);
        expect(file.includes('Artista Secreta') || file.includes('Autor XMP') || file.includes('Exif\0\0')).toBe(false);
      }
      // the orientation was applied to the pixels: 60×40 turned by 90°
      const meta = await sharp(stored(folder, name)).metadata();
      expect([meta.width, meta.height]).toEqual([40, 60]);
    }
  });

  it('strips PNG, WebP and GIF photos too, keeping their format and an animation', async () => {
    for (const format of ['png', 'webp', 'gif'] as const) {
      const input = await photoWithMetadata(format);
      const name = await saveImage(config, 'notes', { filename: `nota.${format}`, buffer: input });
      for (const file of [stored('notes', name), stored('notes', name, true)]) {
        expect(file.includes('Artista Secreta'), format).toBe(false);
        expect((await sharp(file).metadata()).exif, format).toBeUndefined();
      }
    }
    const frame = (background: string) =>
      sharp({ create: { width: 20, height: 20, channels: 4, background } })
        .png()
        .toBuffer();
    const gif = await sharp([await frame('#ff0000'), await frame('#00ff00')], { join: { animated: true } })
      .gif()
      .toBuffer();
    const name = await saveImage(config, 'notes', { filename: 'animada.gif', buffer: gif });
    expect((await sharp(stored('notes', name), { animated: true }).metadata()).pages).toBe(2);
  });
});

describe('signed links to private photos', () => {
  const name = '0b3a7c1e-2f4d-4e5a-9b6c-7d8e9f0a1b2c.jpg';
  const now = Date.UTC(2025, 4, 1, 12, 1, 0);
  const parts = (url: string) => {
    const u = new URL(url, 'http://x');
    return { path: u.pathname, exp: u.searchParams.get('exp') ?? undefined, sig: u.searchParams.get('sig') ?? undefined };
  };

  it('name one file and its expiry, 15 to 20 minutes ahead, and stay the same within five minutes', () => {
    const link = parts(signedImageUrl(config, 'customers', name, true, now));
    expect(link.path).toBe(`/v1/files/customers/thumbnail/${name}`);
    const left = checkSignedImage(config, 'customers', name, true, link, now);
    expect(left).toBeGreaterThanOrEqual(SIGNED_URL_SECONDS);
    expect(left).toBeLessThanOrEqual(SIGNED_URL_SECONDS + 300);
    expect(signedImageUrl(config, 'customers', name, true, now + 1000)).toBe(signedImageUrl(config, 'customers', name, true, now));
  });

  it('refuse an expired link, a changed expiry, file, variant or folder, another key and a missing signature', () => {
    const link = parts(signedImageUrl(config, 'customers', name, false, now));
    const refused = { code: 'FORBIDDEN', status: 403 };
    expect(() => checkSignedImage(config, 'customers', name, false, link, now + 21 * 60_000)).toThrow(expect.objectContaining(refused));
    expect(() => checkSignedImage(config, 'customers', name, false, { ...link, exp: String(Number(link.exp) + 3600) }, now)).toThrow(
      expect.objectContaining(refused),
    );
    expect(() => checkSignedImage(config, 'customers', name.replace('0b3a', '1b3a'), false, link, now)).toThrow(expect.objectContaining(refused));
    expect(() => checkSignedImage(config, 'customers', name, true, link, now)).toThrow(expect.objectContaining(refused));
    expect(() => checkSignedImage(config, 'notes', name, false, link, now)).toThrow(expect.objectContaining(refused));
    const other = loadConfig({ DATA_DIR: dir, JWT_SECRET: 'otra-clave' });
    expect(() => checkSignedImage(other, 'customers', name, false, link, now)).toThrow(expect.objectContaining(refused));
    const flipped = link.sig!.slice(0, -1) + (link.sig!.endsWith('A') ? 'B' : 'A');
    expect(() => checkSignedImage(config, 'customers', name, false, { ...link, sig: flipped }, now)).toThrow(expect.objectContaining(refused));
    expect(() => checkSignedImage(config, 'customers', name, false, { ...link, sig: link.sig + '=' }, now)).toThrow(expect.objectContaining(refused));
    expect(() => checkSignedImage(config, 'customers', name, false, {}, now)).toThrow(expect.objectContaining({ code: 'UNAUTHORIZED', status: 401 }));
  });
});
