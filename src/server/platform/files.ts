import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import sharp, { type Sharp } from 'sharp';
import { z } from 'zod';
import type { AppConfig } from '../config';
import type { ErrorCode } from '../../domain/errors';
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

/** A multipart request's text fields (only the names asked for) and its non-empty files. */
export interface MultipartBody {
  fields: Record<string, string>;
  uploads: ImageUpload[];
}

/**
 * Reads a multipart request: at most `files` files (each under the image size limit) and the text fields named
 * in `fields`. Too many files → 400 with `tooManyFiles`; a file too big → 413; anything else the parser refuses
 * → `otherwise`.
 */
export async function readMultipart(
  req: FastifyRequest,
  opts: {
    files: number;
    fields?: readonly string[];
    tooManyFiles: string;
    otherwise: ErrorCode;
    /** Text parts read at most (default 10). */ maxFields?: number;
  },
): Promise<MultipartBody> {
  const fields: Record<string, string> = {};
  const uploads: ImageUpload[] = [];
  const limits = { fileSize: MAX_IMAGE_BYTES, files: opts.files, ...(opts.fields ? { fields: opts.maxFields ?? 10 } : {}) };
  try {
    for await (const part of req.parts({ limits })) {
      if (part.type === 'file') {
        const buffer = await part.toBuffer();
        if (part.file.truncated) throw new AppError('FILE_TOO_LARGE');
        if (buffer.length) uploads.push({ filename: part.filename, buffer });
      } else if (opts.fields?.includes(part.fieldname)) fields[part.fieldname] = String(part.value);
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('FILE_TOO_LARGE');
    if (code === 'FST_FILES_LIMIT') throw new AppError('BAD_REQUEST', opts.tooManyFiles);
    throw new AppError(opts.otherwise);
  }
  return { fields, uploads };
}

/** Reads the multipart `image` files of a request (at most `max`); none → 400, too big → 413. */
export async function readImageUploads(req: FastifyRequest, max: number): Promise<ImageUpload[]> {
  if (!req.isMultipart()) throw new AppError('NO_IMAGES');
  const { uploads } = await readMultipart(req, { files: max, tooManyFiles: `Se permiten como máximo ${max} imágenes`, otherwise: 'INVALID_IMAGE' });
  if (!uploads.length) throw new AppError('NO_IMAGES');
  return uploads;
}

/** The one photo of a request that sets a record's photo. */
export async function readImageUpload(req: FastifyRequest): Promise<ImageUpload> {
  return (await readImageUploads(req, 1))[0];
}

/**
 * Stores a record's new photo and runs the write that points the record at it: if the write fails the new file
 * goes; once it is committed, the previous file the write names goes. Returns what the write returns.
 */
export async function replaceImage<T>(
  config: AppConfig,
  folder: ImageFolder,
  upload: ImageUpload,
  write: (name: string) => Promise<{ result: T; previous: string | null | undefined }>,
): Promise<T> {
  const name = await saveImage(config, folder, upload);
  let written: { result: T; previous: string | null | undefined };
  try {
    written = await write(name);
  } catch (err) {
    await deleteImage(config, folder, name);
    throw err;
  }
  await deleteImage(config, folder, written.previous);
  return written.result;
}

function folderPath(config: AppConfig, folder: ImageFolder, thumbnail = false): string {
  return path.join(config.uploadsDir, folder, ...(thumbnail ? ['thumbnails'] : []));
}

/** A decompression bomb (a tiny file of a huge, blank picture) is refused before it takes the memory. */
const MAX_INPUT_PIXELS = 50_000_000;

/**
 * Checks the content, stores the photo and a thumbnail; returns the stored file name. Both are re-encoded
 * from the pixels: the EXIF orientation is applied, and every metadata block (EXIF with its GPS position and
 * author, XMP, IPTC, ICC, PNG text chunks) is left behind, since sharp writes none without `withMetadata()`.
 */
export async function saveImage(config: AppConfig, folder: ImageFolder, upload: ImageUpload): Promise<string> {
  if (upload.buffer.length >= MAX_IMAGE_BYTES) throw new AppError('FILE_TOO_LARGE');
  let name: string;
  let original: Buffer;
  let thumb: Buffer;
  try {
    const meta = await sharp(upload.buffer, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    const kind = meta.format ? FORMATS[meta.format] : undefined;
    if (!kind) throw new AppError('INVALID_IMAGE');
    name = `${randomUUID()}.${kind.ext}`;
    // an animated GIF or WebP keeps its frames (they carry no EXIF orientation to apply)
    const animated = (meta.pages ?? 1) > 1 && (kind.ext === 'gif' || kind.ext === 'webp');
    const pixels = () => {
      const image = sharp(upload.buffer, { animated, limitInputPixels: MAX_INPUT_PIXELS });
      return animated ? image : image.autoOrient();
    };
    original = await encode(pixels(), kind.ext).toBuffer();
    const still = sharp(upload.buffer, { animated: false, limitInputPixels: MAX_INPUT_PIXELS }).autoOrient();
    thumb = await encode(still.resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'cover' }), kind.ext === 'gif' ? 'png' : kind.ext).toBuffer();
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new AppError('INVALID_IMAGE');
  }
  await mkdir(folderPath(config, folder, true), { recursive: true });
  await writeFile(path.join(folderPath(config, folder), name), original);
  await writeFile(path.join(folderPath(config, folder, true), name), thumb);
  return name;
}

/** The same format, without metadata (sharp's default). */
function encode(image: Sharp, ext: string): Sharp {
  if (ext === 'jpg') return image.jpeg({ quality: 90 });
  if (ext === 'webp') return image.webp({ quality: 90 });
  if (ext === 'gif') return image.gif();
  return image.png();
}

export async function deleteImage(config: AppConfig, folder: ImageFolder, name: string | null | undefined): Promise<void> {
  if (!name || !SAFE_NAME.test(name)) return;
  await Promise.all(
    [unlink(path.join(folderPath(config, folder), name)), unlink(path.join(folderPath(config, folder, true), name))].map((p) => p.catch(() => undefined)),
  );
}

/** Streams a stored photo or its thumbnail; unknown or unsafe names answer 404. */
export function sendImage(
  reply: FastifyReply,
  config: AppConfig,
  folder: ImageFolder,
  name: string,
  thumbnail = false,
  cacheControl = 'private, max-age=86400',
) {
  if (!SAFE_NAME.test(name)) throw new AppError('PHOTO_NOT_FOUND');
  const file = path.join(folderPath(config, folder, thumbnail), name);
  if (!existsSync(file)) throw new AppError('PHOTO_NOT_FOUND');
  const ext = name.split('.').pop()!;
  const mime = thumbnail && ext === 'gif' ? 'image/png' : MIME_BY_EXT[ext];
  return reply.header('content-type', mime).header('cache-control', cacheControl).send(createReadStream(file));
}

/*
 * Patient photos (customer avatars, clinical-note photos) are never public: an <img> cannot send the bearer
 * token, so the API answers each one the user may see with short-lived links signed with an HMAC of a key
 * derived from the server's JWT secret. A link names one file (original or thumbnail) and its expiry; the
 * route that serves it checks the signature and the expiry, nothing else. Whoever can read the customer or
 * the note gets its links; nobody else can forge one, and a leaked link dies within minutes.
 */
export const PRIVATE_FOLDERS = ['customers', 'notes'] as const;
export type PrivateFolder = (typeof PRIVATE_FOLDERS)[number];
/** A link lives at least this long... */
export const SIGNED_URL_SECONDS = 15 * 60;
/** ...and its expiry is rounded up to this step, so the same photo keeps one URL (and the browser's cache) for a while. */
const SIGNED_URL_STEP_SECONDS = 5 * 60;

export interface SignedPhoto {
  name: string;
  /** The photo itself, a signed link. */
  url: string;
  /** Its thumbnail, a signed link. */
  thumbnailUrl: string;
}

const keys = new WeakMap<Uint8Array, Buffer>();
/** A key of its own for the links, derived from the JWT secret, so a link's MAC can never pass for a token's. */
function linkKey(config: AppConfig): Buffer {
  let key = keys.get(config.jwtSecret);
  if (!key) {
    key = createHmac('sha256', config.jwtSecret).update('clinic-private-files-v1').digest();
    keys.set(config.jwtSecret, key);
  }
  return key;
}

const variantOf = (thumbnail: boolean) => (thumbnail ? 'thumbnail' : 'original');
function mac(config: AppConfig, folder: PrivateFolder, name: string, thumbnail: boolean, exp: number): Buffer {
  return createHmac('sha256', linkKey(config))
    .update(`${folder}\n${variantOf(thumbnail)}\n${name}\n${exp}`)
    .digest();
}

/** The URL path of a private photo (the API is served under /v1). */
const filePath = (folder: PrivateFolder, name: string, thumbnail: boolean) => `/v1/files/${folder}/${thumbnail ? 'thumbnail/' : ''}${encodeURIComponent(name)}`;

/** A signed link to a private photo or its thumbnail, valid 15 to 20 minutes from `now`. */
export function signedImageUrl(config: AppConfig, folder: PrivateFolder, name: string, thumbnail: boolean, now = Date.now()): string {
  const exp = Math.ceil((Math.floor(now / 1000) + SIGNED_URL_SECONDS) / SIGNED_URL_STEP_SECONDS) * SIGNED_URL_STEP_SECONDS;
  const sig = mac(config, folder, name, thumbnail, exp).toString('base64url');
  return `${filePath(folder, name, thumbnail)}?exp=${exp}&sig=${sig}`;
}

/** A stored private photo as the API answers it: its name and its two signed links. */
export function signedPhoto(config: AppConfig, folder: PrivateFolder, photo: { name: string } | null | undefined, now = Date.now()): SignedPhoto | null {
  if (!photo) return null;
  return { name: photo.name, url: signedImageUrl(config, folder, photo.name, false, now), thumbnailUrl: signedImageUrl(config, folder, photo.name, true, now) };
}

const LINK_REFUSED = 'El enlace de la foto venció o no es válido; vuelva a abrir la pantalla';

/** Seconds the link still lives; throws unless `sig` is the server's signature of this file and `exp` is ahead. */
export function checkSignedImage(
  config: AppConfig,
  folder: PrivateFolder,
  name: string,
  thumbnail: boolean,
  query: { exp?: string; sig?: string },
  now = Date.now(),
): number {
  if (!query.exp && !query.sig) throw new AppError('UNAUTHORIZED');
  const exp = /^\d{1,12}$/.test(query.exp ?? '') ? Number(query.exp) : NaN;
  const given = /^[A-Za-z0-9_-]{43}$/.test(query.sig ?? '') ? Buffer.from(query.sig!, 'base64url') : undefined;
  if (!given || !Number.isSafeInteger(exp)) throw new AppError('FORBIDDEN', LINK_REFUSED);
  // a canonical base64url only: a signature with other trailing bits decodes to the same bytes
  if (given.toString('base64url') !== query.sig) throw new AppError('FORBIDDEN', LINK_REFUSED);
  if (!timingSafeEqual(given, mac(config, folder, name, thumbnail, exp))) throw new AppError('FORBIDDEN', LINK_REFUSED);
  const left = exp - Math.floor(now / 1000);
  if (left <= 0) throw new AppError('FORBIDDEN', LINK_REFUSED);
  return left;
}

const privateFileParams = z.object({ folder: z.enum(PRIVATE_FOLDERS), name: z.string().max(60) });
const signedQuery = z.object({ exp: z.string().max(20).optional(), sig: z.string().max(100).optional() });

/**
 * GET /v1/files/:folder/:name and /v1/files/:folder/thumbnail/:name: the private photos, through their signed
 * links only. 'public' for the guard (an <img> sends no token); the signature is the credential.
 */
export function registerPrivateFileRoutes(app: FastifyInstance, config: AppConfig): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const serve =
    (thumbnail: boolean) =>
    (req: FastifyRequest<{ Params: z.infer<typeof privateFileParams>; Querystring: z.infer<typeof signedQuery> }>, reply: FastifyReply) => {
      const { folder, name } = req.params;
      const left = checkSignedImage(config, folder, name, thumbnail, req.query);
      return sendImage(reply, config, folder, name, thumbnail, `private, max-age=${Math.min(left, SIGNED_URL_SECONDS)}`);
    };
  r.get('/files/:folder/:name', { config: { access: 'public' }, schema: { params: privateFileParams, querystring: signedQuery } }, serve(false));
  r.get('/files/:folder/thumbnail/:name', { config: { access: 'public' }, schema: { params: privateFileParams, querystring: signedQuery } }, serve(true));
}
