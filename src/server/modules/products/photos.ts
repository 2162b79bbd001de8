import type { Actor } from '../../platform/auth/actor';
import { and, count, eq } from 'drizzle-orm';
import { PRODUCT_PHOTOS_MAX, productMessages } from '../../../domain/products.schemas';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { productPhotos } from '../../db/schema';
import { recordChange } from '../../platform/change-log';
import { AppError } from '../../platform/errors';
import { deleteImage, saveImage, type ImageUpload } from '../../platform/files';
import { findProductRow, loadProduct } from './queries';
import { live, softDelete } from '../../db/live';

const FOLDER = 'products';

/** Stores every upload (each checked by content); on any failure none stays on disk. */
export async function storeImages(ctx: AppContext, uploads: ImageUpload[]): Promise<string[]> {
  const names: string[] = [];
  try {
    for (const u of uploads) names.push(await saveImage(ctx.config, FOLDER, u));
    return names;
  } catch (err) {
    await discardImages(ctx, names);
    throw err;
  }
}

export async function discardImages(ctx: AppContext, names: string[]): Promise<void> {
  await Promise.all(names.map((n) => deleteImage(ctx.config, FOLDER, n)));
}

/** Runs a write that references freshly stored files; if it fails, the files go too. */
export async function withStoredImages<T>(ctx: AppContext, uploads: ImageUpload[], write: (names: string[]) => Promise<T>): Promise<T> {
  const names = await storeImages(ctx, uploads);
  try {
    return await write(names);
  } catch (err) {
    await discardImages(ctx, names);
    throw err;
  }
}

const livePhotos = async (tx: DbOrTx, productId: string) =>
  (
    await tx
      .select({ n: count() })
      .from(productPhotos)
      .where(and(eq(productPhotos.productId, productId), live(productPhotos)))
  )[0].n;

/** Adds photos to a product; the total stays at most three. */
export async function addPhotos(ctx: AppContext, actor: Actor, productId: string, uploads: ImageUpload[]) {
  await findProductRow(ctx.db, productId);
  return withStoredImages(ctx, uploads, (names) =>
    ctx.db.transaction(async (tx) => {
      await findProductRow(tx, productId, { lock: 'edit' });
      if ((await livePhotos(tx, productId)) + names.length > PRODUCT_PHOTOS_MAX) throw new AppError('BAD_REQUEST', productMessages.tooManyPhotos);
      const rows = await tx
        .insert(productPhotos)
        .values(names.map((name) => ({ productId, name })))
        .returning();
      await recordChange(tx, actor, {
        module: 'products',
        action: 'agregar fotos',
        entityId: productId,
        after: { photos: rows.map((r) => ({ id: r.id, name: r.name })) },
      });
      return loadProduct(tx, productId);
    }),
  );
}

/** Soft-deletes a photo; the last one stays (a product always has one). */
export async function deletePhoto(ctx: AppContext, actor: Actor, photoId: string) {
  return ctx.db.transaction(async (tx) => {
    const [photo] = await tx
      .select()
      .from(productPhotos)
      .where(and(eq(productPhotos.id, photoId), live(productPhotos)))
      .limit(1);
    if (!photo) throw new AppError('PHOTO_NOT_FOUND');
    await findProductRow(tx, photo.productId, { lock: 'edit' });
    if ((await livePhotos(tx, photo.productId)) <= 1) throw new AppError('BAD_REQUEST', productMessages.lastPhoto);
    const now = new Date();
    await softDelete(tx, productPhotos, eq(productPhotos.id, photoId), now);
    await recordChange(tx, actor, {
      module: 'products',
      action: 'eliminar foto',
      entityId: photo.productId,
      before: { photo: { id: photo.id, name: photo.name } },
    });
    return loadProduct(tx, photo.productId);
  });
}
