import { randomUUID } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import sharp from 'sharp';
import type { AppConfig } from '../config';
import { AppError } from './errors';

export const MAX_IMAGE_BYTES = 1024 * 1024;
export const THUMBNAIL_SIZE = 240;

/** Formats accepted for photos (png, jpg/jpeg, webp, gif), judged by content, not by name. */
const FORMATS: Record<string, { ext: string; mime: string }> = {
  png: { ext: 'png', mime: 'image/png' },
  jpeg: { ext: 'jpg', mime: 'image/jpeg' },
  webp: { ext: 'webp', mime: 'image/webp' },
  gif: { ext: 'gif', mime: 'image/gif' },
};
const MIME_BY_EXT: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp', gif: 'image/gif' };
const SAFE_NAME = /^[0-9a-f-]{36}\.(png|jpg|webp|gif)$/;

export type ImageFolder = 'users' | 'customers' | 'notes' | 'products' | 'treatments' | 'packages';

export interface ImageUpload {
  filename: string;
  buffer: Buffer;
}

/** Reads the multipart `image` files of a request (at most `max`); none → 400, too big → 413. */
export async function readImageUploads(req: FastifyRequest, max: number): Promise<ImageUpload[]> {
  if (!req.isMultipart()) throw new AppError('NO_IMAGES');
  const uploads: ImageUpload[] = [];
  try {
    for await (const part of req.parts({ limits: { fileSize: MAX_IMAGE_BYTES, files: max } })) {
      if (part.type !== 'file') continue;
      const buffer = await part.toBuffer();
      if (part.file.truncated) throw new AppError('FILE_TOO_LARGE');
      if (buffer.length) uploads.push({ filename: part.filename, buffer });
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('FILE_TOO_LARGE');
    if (code === 'FST_FILES_LIMIT') throw new AppError('BAD_REQUEST', `Se permiten como máximo ${max} imágenes`);
    throw new AppError('INVALID_IMAGE');
  }
  if (!uploads.length) throw new AppError('NO_IMAGES');
  return uploads;
}

function folderPath(config: AppConfig, folder: ImageFolder, thumbnail = false): string {
  return path.join(config.uploadsDir, folder, ...(thumbnail ? ['thumbnails'] : []));
}

/** Checks the content, stores the original and a thumbnail; returns the stored file name. */
export async function saveImage(config: AppConfig, folder: ImageFolder, upload: ImageUpload): Promise<string> {
  if (upload.buffer.length >= MAX_IMAGE_BYTES) throw new AppError('FILE_TOO_LARGE');
  let format: string | undefined;
  try {
    format = (await sharp(upload.buffer).metadata()).format;
  } catch {
    throw new AppError('INVALID_IMAGE');
  }
  const kind = format ? FORMATS[format] : undefined;
  if (!kind) throw new AppError('INVALID_IMAGE');
  const name = `${randomUUID()}.${kind.ext}`;
  await mkdir(folderPath(config, folder, true), { recursive: true });
  const thumb = await sharp(upload.buffer, { animated: false }).rotate().resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'cover' }).toFormat(kind.ext === 'jpg' ? 'jpeg' : kind.ext === 'gif' ? 'png' : (kind.ext as 'png' | 'webp')).toBuffer();
  await writeFile(path.join(folderPath(config, folder), name), upload.buffer);
  await writeFile(path.join(folderPath(config, folder, true), name), thumb);
  return name;
}

export async function deleteImage(config: AppConfig, folder: ImageFolder, name: string | null | undefined): Promise<void> {
  if (!name || !SAFE_NAME.test(name)) return;
  await Promise.all([unlink(path.join(folderPath(config, folder), name)), unlink(path.join(folderPath(config, folder, true), name))].map((p) => p.catch(() => undefined)));
}

/** Streams a stored photo or its thumbnail; unknown or unsafe names answer 404. */
export function sendImage(reply: FastifyReply, config: AppConfig, folder: ImageFolder, name: string, thumbnail = false) {
  if (!SAFE_NAME.test(name)) throw new AppError('PHOTO_NOT_FOUND');
  const file = path.join(folderPath(config, folder, thumbnail), name);
  if (!existsSync(file)) throw new AppError('PHOTO_NOT_FOUND');
  const ext = name.split('.').pop()!;
  const mime = thumbnail && ext === 'gif' ? 'image/png' : MIME_BY_EXT[ext];
  return reply.header('content-type', mime).header('cache-control', 'private, max-age=86400').send(createReadStream(file));
}
