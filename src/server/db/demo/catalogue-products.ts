import { existsSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { fromCents, toCents } from '../../../domain/money';
import { computePricing } from '../../../domain/pricing';
import type { ProductKind } from '../../../domain/products.schemas';
import type { Db } from '../client';
import { branches, productCategories, productPhotos, productProviders, productStocks, products } from '../schema';
import { putIntoLot, takeFromLot, type Movement } from '../../modules/inventory';
import { demoMs } from './demo-day';
import { demoId, seededRandom } from './random';
import { OPENING_NOTE, OPENING_STOCK_AT } from './sales';
import { centsOf } from '../money';
import { live } from '../live';

type Entry = [name: string, contentType: string, content: number, unit: string, cost: number, category: string];

const FACIAL = 'Cuidado facial';
const SOLAR = 'Protección solar';
const MEDICAL = 'Insumos médicos';
const BODY = 'Cuidado corporal';
const DISPOSABLE = 'Material desechable';

/** 20 products of each kind; the SKU prefix tells the kind. */
const CATALOGUE: Record<ProductKind, { prefix: string; hue: number; brands: string[]; providers: string[]; items: Entry[] }> = {
  cosmetologist: {
    prefix: 'COS',
    hue: 330,
    brands: ['Dermage', 'Mesoestetic', 'Germaine de Capuccini', 'Bioline', 'Skeyndor'],
    providers: ['cosmeticos-pacifico', 'dermafarma', 'lab-dermik'],
    items: [
      ['Gel conductor para radiofrecuencia', 'Bolsa', 1000, 'ml', 185, BODY],
      ['Mascarilla de colágeno', 'Paquete', 10, 'pza', 420, FACIAL],
      ['Peeling de ácido glicólico 30 %', 'Vial', 30, 'ml', 640, FACIAL],
      ['Suero de vitamina C 15 %', 'Vial', 30, 'ml', 510, FACIAL],
      ['Ampolleta de ácido hialurónico', 'Caja', 10, 'pza', 730, FACIAL],
      ['Crema de masaje corporal', 'Pieza', 1, 'kg', 365, BODY],
      ['Gel frío posdepilación', 'Pieza', 500, 'ml', 210, BODY],
      ['Exfoliante enzimático', 'Pieza', 200, 'ml', 395, FACIAL],
      ['Tónico facial equilibrante', 'Pieza', 500, 'ml', 240, FACIAL],
      ['Mascarilla de arcilla verde', 'Pieza', 500, 'g', 280, FACIAL],
      ['Aceite de masaje neutro', 'Pieza', 1, 'l', 305, BODY],
      ['Limpiador espumoso profesional', 'Pieza', 500, 'ml', 265, FACIAL],
      ['Hidrogel para cavitación', 'Bolsa', 5, 'kg', 540, BODY],
      ['Crema reductora térmica', 'Pieza', 1, 'kg', 470, BODY],
      ['Mascarilla hidroplástica', 'Bolsa', 1, 'kg', 610, FACIAL],
      ['Ácido mandélico 20 %', 'Vial', 30, 'ml', 580, FACIAL],
      ['Ampolleta de DMAE', 'Caja', 10, 'pza', 690, FACIAL],
      ['Suero de niacinamida', 'Vial', 30, 'ml', 455, FACIAL],
      ['Gel de aloe vera', 'Pieza', 1, 'kg', 175, BODY],
      ['Crema anticelulítica', 'Pieza', 500, 'ml', 430, BODY],
    ],
  },
  sale: {
    prefix: 'VTA',
    hue: 200,
    brands: ['Isdin', 'La Roche-Posay', 'Avène', 'Heliocare', 'Cetaphil', 'Eucerin'],
    providers: ['dermafarma', 'lab-dermik', 'farmaestetica', 'martinez-lopez'],
    items: [
      ['Protector solar FPS 50+', 'Pieza', 50, 'ml', 310, SOLAR],
      ['Crema hidratante facial', 'Pieza', 50, 'ml', 285, FACIAL],
      ['Sérum antiedad', 'Pieza', 30, 'ml', 520, FACIAL],
      ['Contorno de ojos', 'Pieza', 15, 'ml', 345, FACIAL],
      ['Agua micelar', 'Pieza', 400, 'ml', 190, FACIAL],
      ['Gel limpiador facial', 'Pieza', 200, 'ml', 215, FACIAL],
      ['Bálsamo labial FPS 15', 'Pieza', 4, 'g', 95, SOLAR],
      ['Crema corporal reafirmante', 'Pieza', 200, 'ml', 330, BODY],
      ['Protector solar con color', 'Pieza', 50, 'ml', 335, SOLAR],
      ['Crema despigmentante', 'Pieza', 30, 'ml', 460, FACIAL],
      ['Espuma limpiadora', 'Pieza', 150, 'ml', 225, FACIAL],
      ['Crema de retinol 0.5 %', 'Pieza', 30, 'ml', 495, FACIAL],
      ['Hidratante libre de aceite', 'Pieza', 50, 'ml', 275, FACIAL],
      ['Crema reparadora', 'Pieza', 40, 'ml', 240, FACIAL],
      ['Mascarilla nocturna', 'Pieza', 75, 'ml', 380, FACIAL],
      ['Tónico exfoliante', 'Pieza', 200, 'ml', 260, FACIAL],
      ['Protector solar en barra', 'Pieza', 20, 'g', 230, SOLAR],
      ['Aceite seco corporal', 'Pieza', 100, 'ml', 315, BODY],
      ['Crema de manos regeneradora', 'Pieza', 75, 'ml', 150, BODY],
      ['Sérum de ácido hialurónico', 'Pieza', 30, 'ml', 440, FACIAL],
    ],
  },
  medical: {
    prefix: 'MED',
    hue: 235,
    brands: ['Allergan', 'Galderma', 'Merz', 'Teoxane', 'Sinclair'],
    providers: ['medistock', 'estetica-norte', 'farmaestetica'],
    items: [
      ['Toxina botulínica tipo A 100 U', 'Vial', 1, 'pza', 3850, MEDICAL],
      ['Ácido hialurónico reticulado 1 ml', 'Jeringuilla', 1, 'ml', 2450, MEDICAL],
      ['Ácido hialurónico para labios', 'Jeringuilla', 1, 'ml', 2600, MEDICAL],
      ['Hidroxiapatita de calcio', 'Jeringuilla', 1.5, 'ml', 4100, MEDICAL],
      ['Ácido poli-L-láctico', 'Vial', 1, 'pza', 3900, MEDICAL],
      ['Lidocaína al 2 %', 'Ampolleta', 5, 'ml', 95, MEDICAL],
      ['Cóctel de mesoterapia capilar', 'Vial', 5, 'ml', 480, MEDICAL],
      ['Vitamina C inyectable', 'Ampolleta', 5, 'ml', 160, MEDICAL],
      ['Enzimas lipolíticas', 'Vial', 10, 'ml', 890, MEDICAL],
      ['Kit de plasma rico en plaquetas', 'Caja', 1, 'pza', 720, MEDICAL],
      ['Hialuronidasa 1500 UI', 'Vial', 1, 'pza', 1350, MEDICAL],
      ['Polinucleótidos', 'Jeringuilla', 2, 'ml', 2950, MEDICAL],
      ['Fosfatidilcolina', 'Ampolleta', 5, 'ml', 310, MEDICAL],
      ['Biorrevitalizante', 'Jeringuilla', 3, 'ml', 2100, MEDICAL],
      ['Toxina botulínica tipo A 50 U', 'Vial', 1, 'pza', 2150, MEDICAL],
      ['Ácido desoxicólico', 'Vial', 2, 'ml', 1780, MEDICAL],
      ['Hilos PDO lisos', 'Paquete', 20, 'pza', 1150, MEDICAL],
      ['Hilos PDO espiculados', 'Paquete', 4, 'pza', 1850, MEDICAL],
      ['Crema anestésica tópica', 'Pieza', 30, 'g', 340, MEDICAL],
      ['Exosomas liofilizados', 'Vial', 5, 'ml', 2700, MEDICAL],
    ],
  },
  supply: {
    prefix: 'INS',
    hue: 150,
    brands: ['BD', 'Ambiderm', 'Protec', 'Hartmann', 'Degasa'],
    providers: ['insumos-baja', 'medistock', 'martinez-lopez'],
    items: [
      ['Jeringa de 1 ml', 'Caja', 100, 'pza', 210, DISPOSABLE],
      ['Aguja 30G x 13 mm', 'Caja', 100, 'pza', 185, DISPOSABLE],
      ['Aguja 27G x 13 mm', 'Caja', 100, 'pza', 175, DISPOSABLE],
      ['Cánula 25G x 50 mm', 'Caja', 20, 'pza', 690, MEDICAL],
      ['Guantes de nitrilo mediano', 'Caja', 100, 'pza', 165, DISPOSABLE],
      ['Gasas estériles 10 x 10', 'Paquete', 100, 'pza', 120, DISPOSABLE],
      ['Torundas de algodón', 'Bolsa', 500, 'g', 85, DISPOSABLE],
      ['Alcohol isopropílico', 'Pieza', 1, 'l', 95, MEDICAL],
      ['Clorhexidina al 2 %', 'Pieza', 1, 'l', 160, MEDICAL],
      ['Sábana desechable para camilla', 'Paquete', 50, 'pza', 240, DISPOSABLE],
      ['Cubrebocas tricapa', 'Caja', 50, 'pza', 70, DISPOSABLE],
      ['Gorro desechable', 'Paquete', 100, 'pza', 110, DISPOSABLE],
      ['Abatelenguas de madera', 'Caja', 500, 'pza', 90, DISPOSABLE],
      ['Campo estéril', 'Paquete', 25, 'pza', 260, DISPOSABLE],
      ['Cinta micropore', 'Caja', 12, 'pza', 145, DISPOSABLE],
      ['Bata desechable', 'Paquete', 10, 'pza', 180, DISPOSABLE],
      ['Toallas desechables', 'Paquete', 100, 'pza', 130, DISPOSABLE],
      ['Espátulas cosméticas', 'Paquete', 100, 'pza', 75, DISPOSABLE],
      ['Vaso dosificador', 'Paquete', 100, 'pza', 65, DISPOSABLE],
      ['Contenedor de punzocortantes', 'Pieza', 1, 'ud', 55, DISPOSABLE],
    ],
  },
};

/** Which demo products are still pending or were rejected (by kind and position); the rest are approved. */
const PENDING = new Set(['cosmetologist:17', 'cosmetologist:18', 'sale:17', 'sale:18', 'medical:18', 'supply:18']);
const PENDING_WITH_PRICING = new Set(['sale:18', 'medical:18']);
const REJECTED = new Set(['cosmetologist:19', 'sale:19']);
const INACTIVE = new Set(['sale:15', 'supply:16']);

/** A valid EAN-13 under Mexico's prefix 750. */
function ean13(n: number): string {
  const body = '750' + String(n).padStart(9, '0');
  const sum = [...body].reduce((s, d, i) => s + Number(d) * (i % 2 ? 3 : 1), 0);
  return body + ((10 - (sum % 10)) % 10);
}

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter((w) => w.length > 2)
    .slice(0, 2)
    .map((w) => w[0].toUpperCase())
    .join('');

function photoSvg(name: string, sku: string, hue: number): string {
  const safe = (s: string) => s.replace(/[<>&"]/g, '');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240"><rect width="240" height="240" fill="hsl(${hue},45%,62%)"/><circle cx="120" cy="110" r="70" fill="rgba(255,255,255,0.22)"/><text x="120" y="135" font-size="64" font-family="sans-serif" font-weight="bold" text-anchor="middle" fill="#fff">${safe(initials(name))}</text><text x="120" y="215" font-size="20" font-family="sans-serif" text-anchor="middle" fill="#fff">${safe(sku)}</text></svg>`;
}

/** Writes the demo photo (original and thumbnail) once per uploads directory; a failure only costs the picture. */
async function writePhotos(uploadsDir: string, photos: { file: string; svg: string }[]): Promise<void> {
  try {
    const dir = path.join(uploadsDir, 'products');
    await mkdir(path.join(dir, 'thumbnails'), { recursive: true });
    await Promise.all(
      photos
        .filter((p) => !existsSync(path.join(dir, 'thumbnails', p.file)))
        .map(async (p) => {
          const png = await sharp(Buffer.from(p.svg)).png().toBuffer();
          for (const target of [path.join(dir, p.file), path.join(dir, 'thumbnails', p.file)]) {
            // write then rename: parallel seeds never expose a half-written file
            const tmp = `${target}.${process.pid}.tmp`;
            await writeFile(tmp, png);
            await rename(tmp, target);
          }
        }),
    );
  } catch {
    /* demo pictures are decoration */
  }
}

/** About 80 products of the four kinds, most approved with full pricing, with a photo each and branch stock. */
export async function seedProducts(db: Db, uploadsDir: string): Promise<void> {
  const rnd = seededRandom(4242);
  const approver = demoId('user:logistica@demo.mx');
  const day = (n: number) => new Date(Date.UTC(2026, 0, 3 + n, 17, 30));
  const productRows: (typeof products.$inferInsert)[] = [];
  const links: { providers: (typeof productProviders.$inferInsert)[]; categories: (typeof productCategories.$inferInsert)[] } = {
    providers: [],
    categories: [],
  };
  const photos: (typeof productPhotos.$inferInsert)[] = [];
  const files: { file: string; svg: string }[] = [];
  let serial = 0;

  for (const [kind, spec] of Object.entries(CATALOGUE) as [ProductKind, (typeof CATALOGUE)[ProductKind]][]) {
    spec.items.forEach(([name, contentType, content, measureUnit, cost, category], i) => {
      const key = `${kind}:${i}`;
      const sku = `${spec.prefix}${String(i + 1).padStart(4, '0')}`;
      const id = demoId('product:' + sku);
      const tax = kind === 'medical' ? 16 : kind === 'supply' ? (i % 3 === 0 ? 0 : 16) : 16;
      const priced = !PENDING.has(key) || PENDING_WITH_PRICING.has(key);
      const additional = [5, 10, 12.5, 15][i % 4];
      const profit = kind === 'supply' ? 25 : [60, 80, 100, 120][i % 4];
      const indirect = kind === 'supply' ? null : fromCents(toCents(cost * 0.04));
      const suggested = computePricing({ cost, tax, profitPorcentage: profit }).suggestedSalePrice!;
      // a price the front desk can quote: the suggested one rounded up to 5 pesos
      const salePrice = Math.ceil(suggested / 5) * 5;
      const pricing = priced
        ? {
            franchiseTax: 16,
            additionalCostFranchise: additional,
            indirectExpenses: indirect,
            profitPorcentage: profit,
            salePrice,
            points: Math.floor(salePrice / 20),
          }
        : {};
      const created = day(serial++ % 40);
      productRows.push({
        id,
        productTypeId: demoId('product-type:' + kind),
        sku,
        name,
        brand: spec.brands[i % spec.brands.length],
        barCode: ean13(100_000 + serial * 37),
        description: `${name} de uso ${kind === 'sale' ? 'en casa, a la venta en mostrador' : kind === 'supply' ? 'general en cabina y consultorio' : 'profesional en cabina'}.`,
        contentType,
        content,
        measureUnit,
        cost: toCents(cost),
        tax,
        ...(priced ? { ...pricing, indirectExpenses: centsOf(indirect), salePrice: toCents(salePrice) } : {}),
        franchisePrice: priced ? centsOf(computePricing({ cost, tax, ...pricing }).franchisePrice) : null,
        active: !INACTIVE.has(key),
        createdAt: created,
        updatedAt: created,
        ...(REJECTED.has(key)
          ? { rejectedAt: day(41 + i), rejectedById: approver }
          : PENDING.has(key)
            ? {}
            : { approvedAt: new Date(created.getTime() + 86_400_000), approvedById: approver }),
      });
      const chosen = [spec.providers[i % spec.providers.length], ...(i % 3 === 0 ? [spec.providers[(i + 1) % spec.providers.length]] : [])];
      for (const p of chosen) links.providers.push({ productId: id, providerId: demoId('provider:' + p) });
      links.categories.push({ productId: id, categoryId: demoId('category:product:' + category) });
      if (kind === 'sale' && category !== SOLAR && i % 4 === 0) links.categories.push({ productId: id, categoryId: demoId('category:product:' + SOLAR) });
      const file = `${demoId('product-photo:' + sku)}.png`;
      photos.push({ id: demoId('product-photo-row:' + sku), productId: id, name: file, createdAt: created, updatedAt: created });
      files.push({ file, svg: photoSvg(name, sku, spec.hue + (i % 5) * 6) });
    });
  }

  await db.insert(products).values(productRows);
  await db.insert(productProviders).values(links.providers);
  await db.insert(productCategories).values(links.categories);
  await db.insert(productPhotos).values(photos);
  await seedStock(db, productRows, rnd);
  await writePhotos(uploadsDir, files);
}

/** Lots with stock in the clinics and the distribution centre, so inventory screens and the delete rule have data. */
async function seedStock(db: Db, rows: (typeof products.$inferInsert)[], rnd: ReturnType<typeof seededRandom>) {
  const sites = await db
    .select({ id: branches.id, dc: branches.distributionCenter })
    .from(branches)
    .where(and(live(branches), eq(branches.active, true)));
  const stock: (typeof productStocks.$inferInsert)[] = [];
  // the last approved product of each kind is kept without stock so it can be deleted in a demo
  const stockable = rows.filter((p) => p.approvedAt && p.active && !/0016$/.test(p.sku));
  stockable.forEach((p, n) => {
    const lotted = !p.sku.startsWith('INS');
    for (const site of sites) {
      if (rnd.next() > (site.dc ? 0.85 : 0.35)) continue;
      const month = 1 + ((n + stock.length) % 24);
      const expires = new Date(demoMs(Date.UTC(2026, month, 1 + (n % 27))));
      stock.push({
        productId: p.id!,
        branchId: site.id,
        allotment: lotted ? `L26${String(1 + (n % 12)).padStart(2, '0')}-${String(100 + stock.length).padStart(4, '0')}` : 'SIN LOTE',
        // a few exhausted lots: quantity 0 does not block deleting the product
        quantity: stock.length % 17 === 0 ? 0 : site.dc ? rnd.int(40, 200) : rnd.int(1, 30),
        price: p.cost,
        expiresAt: lotted ? expires.toISOString().slice(0, 10) : null,
      });
    }
  });
  // through the inventory's steps, so each lot's quantity is the sum of its movements from the start
  for (const lot of stock) {
    const { quantity, ...identity } = lot;
    const made = await putIntoLot(db, null, { ...identity, expiresAt: identity.expiresAt ?? null, price: identity.price ?? null }, quantity || 1, OPENING);
    if (!quantity) await takeFromLot(db, null, made.id, 1, { cause: 'provider_return', note: 'Devuelto al proveedor: lote agotado', at: OPENING_STOCK_AT });
  }
}

/** The clinics' opening stock, entered the day before the demo's sales history starts. */
const OPENING: Movement = { cause: 'adjustment_registration', note: OPENING_NOTE, at: OPENING_STOCK_AT };
