import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import sharp from 'sharp';
import { demoId } from '../../db/demo/random';
import type { TestApp } from '../../testing/harness';

/** Helpers shared by the product API tests (not a test file itself). */

export type Part = { name: string; value: string } | { name: string; filename: string; content: Buffer; type?: string };

export function multipart(parts: Part[]) {
  const boundary = '----producto' + randomUUID().replace(/-/g, '');
  const chunks: Buffer[] = [];
  for (const p of parts) {
    if ('value' in p) {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}\r\n`));
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: ${p.type ?? 'image/png'}\r\n\r\n`,
        ),
      );
      chunks.push(p.content, Buffer.from('\r\n'));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export const png = (color = '#c05090') =>
  sharp({ create: { width: 24, height: 24, channels: 3, background: color } })
    .png()
    .toBuffer();

export const image = async (filename = 'foto.png', color?: string): Promise<Part> => ({ name: 'image', filename, content: await png(color) });
/** A text file dressed up as a PNG: refused by content. */
export const fakePng = (): Part => ({ name: 'image', filename: 'foto.png', content: Buffer.from('esto no es una imagen, solo texto'), type: 'image/png' });

export const ids = {
  sale: demoId('product-type:sale'),
  supply: demoId('product-type:supply'),
  cosmetologist: demoId('product-type:cosmetologist'),
  medical: demoId('product-type:medical'),
  dermafarma: demoId('provider:dermafarma'),
  medistock: demoId('provider:medistock'),
  facial: demoId('category:product:Cuidado facial'),
  solar: demoId('category:product:Protección solar'),
  treatmentFacial: demoId('category:treatment:Facial'),
  productOf: (sku: string) => demoId('product:' + sku),
};

export const basePayload = (over: Record<string, unknown> = {}) => ({
  productTypeId: ids.sale,
  sku: 'PRB0001',
  name: 'Crema de prueba',
  brand: 'Marca Prueba',
  barCode: '7501234567895',
  description: 'Crema hidratante para pruebas',
  contentType: 'Pieza',
  content: 50,
  measureUnit: 'ml',
  cost: 100,
  tax: 16,
  providersIds: [ids.dermafarma],
  categoriesIds: [ids.facial],
  ...over,
});

/** The create call: JSON data plus images, as the form sends it. */
export async function createRequest(payload: Record<string, unknown>, images?: Part[]) {
  const files = images ?? [await image()];
  return { method: 'POST' as const, url: '/v1/product/create', ...multipart([{ name: 'data', value: JSON.stringify(payload) }, ...files]) };
}

export async function rows<T = Record<string, unknown>>(t: TestApp, q: SQL): Promise<T[]> {
  return ((await t.ctx.db.execute(q)) as unknown as { rows: T[] }).rows;
}

export async function changeActions(t: TestApp, entityId: string): Promise<string[]> {
  return (
    await rows<{ action: string }>(t, sql`select action from change_log where entity_id = ${entityId} and module = 'products' order by created_at, id`)
  ).map((r) => r.action);
}

/** Gives the operations manager create/edit/delete on products without approve (no default role has that mix). */
export async function editorWithoutApprove(t: TestApp) {
  await t.ctx.db.execute(
    sql`update role_privileges set actions = '{show,create,edit,delete,view}' where role_id = ${demoId('role:Gerente Operativo')} and module = 'products'`,
  );
  return t.as((await t.signIn('operativo@demo.mx')).token);
}

/** The full pricing an approver captures. */
export const pricing = { franchiseTax: 16, additionalCostFranchise: 10, indirectExpenses: 5, profitPorcentage: 50, salePrice: 179, points: 9 };

/** The body of an update built from a product as the API answers it. */
export function updateBody(p: Record<string, unknown>, over: Record<string, unknown> = {}) {
  const keys = ['name', 'brand', 'barCode', 'description', 'contentType', 'content', 'measureUnit', 'cost', 'tax', 'providersIds', 'categoriesIds', 'active'];
  return { ...Object.fromEntries(keys.map((k) => [k, p[k]])), ...over };
}
