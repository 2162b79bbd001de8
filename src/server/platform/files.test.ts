import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { deleteImage, saveImage } from './files';

const dir = mkdtempSync(path.join(tmpdir(), 'uploads-'));
const config = loadConfig({ DATA_DIR: dir, JWT_SECRET: 'x' });

const png = (size: number) => sharp({ create: { width: size, height: size, channels: 3, background: '#7c4dcc' } }).png().toBuffer();

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
    await expect(saveImage(config, 'products', { filename: 'foto.png', buffer: Buffer.from('no soy una imagen') })).rejects.toMatchObject({ code: 'INVALID_IMAGE', status: 400 });
  });

  it('refuses an image of 1 MB or more', async () => {
    const big = Buffer.concat([await png(10), Buffer.alloc(1024 * 1024)]);
    await expect(saveImage(config, 'products', { filename: 'grande.png', buffer: big })).rejects.toMatchObject({ code: 'FILE_TOO_LARGE', status: 413 });
  });
});
