import type { FastifyRequest } from 'fastify';
import { PRODUCT_PHOTOS_MAX, productCreateSchema, productMessages, type ProductCreateInput } from '../../../domain/products.schemas';
import { AppError, parseWithSchema } from '../../platform/errors';
import { readMultipart, type ImageUpload } from '../../platform/files';

/**
 * The create request is multipart: a `data` field with the JSON payload and 1 to 3 `image` files,
 * so that a product never exists without a photo.
 */
export async function readCreateRequest(req: FastifyRequest): Promise<{ input: ProductCreateInput; uploads: ImageUpload[] }> {
  if (!req.isMultipart()) throw new AppError('NO_IMAGES', productMessages.photoRequired);
  const { fields, uploads } = await readMultipart(req, {
    files: PRODUCT_PHOTOS_MAX,
    fields: ['data'],
    tooManyFiles: productMessages.tooManyPhotos,
    otherwise: 'BAD_REQUEST',
  });
  const raw = fields.data;
  let data: unknown;
  try {
    data = JSON.parse(raw ?? '');
  } catch {
    throw new AppError('VALIDATION_FAILED', 'Falta el campo data con los datos del producto en JSON');
  }
  const input = parseCreateBody(data);
  if (!uploads.length) throw new AppError('NO_IMAGES', productMessages.photoRequired);
  return { input, uploads };
}

/** The create payload checked by the domain schema, with field errors in the API's shape. */
export const parseCreateBody = (data: unknown): ProductCreateInput => parseWithSchema(productCreateSchema, data);
