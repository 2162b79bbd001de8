import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db } from '../client';
import { appliances, products, treatmentAppliances, treatmentAreas, treatmentCategories, treatmentProducts, treatments } from '../schema';
import { demoId } from './random';
import { toCents } from '../../../domain/money';
import { centsOf } from '../money';
import { live } from '../live';

type TypeKey = 'Medico' | 'Cosmetologico' | 'Valoracion';

interface DemoTreatment {
  sku: string;
  name: string;
  type: TypeKey;
  categories: string[];
  areas: string[];
  price: number;
  minutes: number;
  fee?: number;
  consent?: string;
  appliances?: string[];
  /** Words looked up in the names of the approved products at seed time, with the quantity used. */
  products?: [string, number][];
  validity?: number;
  inactive?: boolean;
  description: string;
}

const TOX = 'Consentimiento para toxina botulínica';
const FILLER = 'Consentimiento para rellenos dérmicos';
const MED = 'Consentimiento para procedimientos médicos estéticos';
const LASER = 'Consentimiento para depilación láser';
const PEEL = 'Consentimiento para peeling químico';
const FACIAL = 'Consentimiento para tratamientos faciales';

const m = (
  sku: string,
  name: string,
  cats: string[],
  ars: string[],
  price: number,
  fee: number,
  minutes: number,
  consent: string,
  extra: Partial<DemoTreatment> = {},
): DemoTreatment => ({
  sku,
  name,
  type: 'Medico',
  categories: cats,
  areas: ars,
  price,
  fee,
  minutes,
  consent,
  validity: 90,
  description: `${name}: procedimiento médico estético realizado por médico certificado, con valoración previa y seguimiento.`,
  ...extra,
});
const c = (sku: string, name: string, cats: string[], ars: string[], price: number, minutes: number, extra: Partial<DemoTreatment> = {}): DemoTreatment => ({
  sku,
  name,
  type: 'Cosmetologico',
  categories: cats,
  areas: ars,
  price,
  minutes,
  validity: 60,
  description: `${name}: tratamiento cosmetológico con protocolo de la clínica y cuidados posteriores en casa.`,
  ...extra,
});

export const DEMO_TREATMENTS: DemoTreatment[] = [
  m('MED-TOX-01', 'Toxina botulínica frente', ['Inyectables', 'Rejuvenecimiento'], ['Frente'], 3500, 700, 30, TOX, {
    products: [
      ['toxina botulinica tipo a 100', 1],
      ['jeringa', 1],
      ['guantes', 1],
    ],
  }),
  m('MED-TOX-02', 'Toxina botulínica entrecejo', ['Inyectables', 'Rejuvenecimiento'], ['Entrecejo'], 3500, 700, 30, TOX, {
    products: [
      ['toxina botulinica tipo a 100', 1],
      ['jeringa', 1],
      ['guantes', 1],
    ],
  }),
  m('MED-TOX-03', 'Toxina botulínica patas de gallo', ['Inyectables', 'Rejuvenecimiento'], ['Patas de gallo'], 3500, 700, 30, TOX, {
    products: [
      ['toxina botulinica tipo a 50', 1],
      ['jeringa', 1],
    ],
  }),
  m('MED-TOX-04', 'Toxina botulínica tres zonas', ['Inyectables', 'Rejuvenecimiento'], ['Frente', 'Entrecejo', 'Patas de gallo'], 8500, 1700, 45, TOX, {
    products: [
      ['toxina botulinica tipo a 100', 2],
      ['jeringa', 3],
      ['guantes', 1],
    ],
  }),
  m('MED-AH-01', 'Ácido hialurónico labios', ['Inyectables', 'Facial'], ['Labios'], 6500, 1300, 45, FILLER, {
    products: [
      ['hialuronico para labios', 1],
      ['lidocaina', 1],
      ['aguja 30g', 2],
    ],
  }),
  m('MED-AH-02', 'Ácido hialurónico surcos nasogenianos', ['Inyectables', 'Rejuvenecimiento'], ['Surcos nasogenianos'], 7000, 1400, 45, FILLER, {
    products: [
      ['hialuronico reticulado', 1],
      ['lidocaina', 1],
    ],
  }),
  m('MED-AH-03', 'Ácido hialurónico mentón', ['Inyectables', 'Facial'], ['Mentón'], 7500, 1500, 45, FILLER, {
    products: [
      ['hialuronico reticulado', 1],
      ['aguja 27g', 2],
    ],
  }),
  m('MED-AH-04', 'Ácido hialurónico pómulos', ['Inyectables', 'Facial'], ['Pómulos'], 8000, 1600, 60, FILLER, {
    products: [
      ['hialuronico reticulado', 2],
      ['canula', 1],
    ],
  }),
  m('MED-AH-05', 'Relleno de ojeras', ['Inyectables', 'Rejuvenecimiento'], ['Ojeras'], 7500, 1500, 60, FILLER, {
    products: [
      ['hialuronico reticulado', 1],
      ['canula', 1],
    ],
  }),
  m('MED-RIN-01', 'Rinomodelación', ['Inyectables', 'Facial'], ['Nariz'], 8500, 1700, 60, FILLER, {
    products: [
      ['hialuronico reticulado', 1],
      ['aguja 30g', 2],
    ],
  }),
  m('MED-BIO-01', 'Bioestimuladores de colágeno', ['Inyectables', 'Rejuvenecimiento'], ['Pómulos', 'Mentón', 'Papada'], 9500, 1900, 60, MED, {
    products: [
      ['poli-l-lactico', 1],
      ['canula', 1],
    ],
  }),
  m('MED-HIL-01', 'Hilos tensores', ['Rejuvenecimiento', 'Facial'], ['Pómulos', 'Papada', 'Cuello'], 12000, 2400, 90, MED, {
    products: [
      ['hilos pdo espiculados', 2],
      ['lidocaina', 1],
    ],
  }),
  m('MED-MES-01', 'Mesoterapia facial', ['Rejuvenecimiento', 'Facial'], ['Rostro completo'], 2800, 560, 45, MED, {
    products: [
      ['vitamina c inyectable', 1],
      ['jeringa', 2],
    ],
  }),
  m('MED-PRP-01', 'Plasma rico en plaquetas', ['Rejuvenecimiento', 'Facial'], ['Rostro completo'], 3800, 760, 60, MED, {
    products: [
      ['plasma rico', 1],
      ['jeringa', 2],
    ],
  }),
  m('MED-LIP-01', 'Lipopapada enzimática', ['Inyectables', 'Corporal'], ['Papada'], 4200, 840, 45, MED, {
    products: [
      ['desoxicolico', 1],
      ['aguja 30g', 3],
    ],
  }),
  m('MED-HIF-01', 'Ultrasonido focalizado HIFU', ['Rejuvenecimiento', 'Facial'], ['Rostro completo', 'Cuello'], 9000, 1800, 90, MED, {
    appliances: ['hifu'],
    products: [['gel conductor', 1]],
  }),
  m('MED-CO2-01', 'Láser CO2 fraccionado', ['Rejuvenecimiento', 'Facial'], ['Rostro completo'], 6500, 1300, 60, MED, {
    appliances: ['co2'],
    products: [
      ['crema anestesica', 1],
      ['gasas', 1],
    ],
  }),
  m('MED-SKB-01', 'Skinbooster', ['Inyectables', 'Facial'], ['Rostro completo', 'Cuello'], 5200, 1040, 45, FILLER, {
    products: [
      ['biorrevitalizante', 1],
      ['aguja 30g', 2],
    ],
  }),
  m('MED-PEL-01', 'Peeling médico TCA', ['Facial', 'Rejuvenecimiento'], ['Rostro completo'], 3200, 640, 45, MED, {
    products: [
      ['peeling', 1],
      ['gasas', 1],
    ],
  }),
  m('MED-TOX-05', 'Toxina botulínica cuello', ['Inyectables', 'Rejuvenecimiento'], ['Cuello'], 4800, 960, 30, TOX, {
    products: [['toxina botulinica tipo a 100', 1]],
    inactive: true,
  }),
  c('COS-DEP-01', 'Depilación láser axilas', ['Depilación láser'], ['Axilas'], 650, 30, {
    consent: LASER,
    appliances: ['laser-diodo'],
    products: [['gel frio', 1]],
  }),
  c('COS-DEP-02', 'Depilación láser bozo', ['Depilación láser'], ['Bozo'], 450, 30, {
    consent: LASER,
    appliances: ['laser-diodo'],
    products: [['gel frio', 1]],
  }),
  c('COS-DEP-03', 'Depilación láser piernas completas', ['Depilación láser', 'Corporal'], ['Piernas completas'], 2200, 60, {
    consent: LASER,
    appliances: ['laser-diodo'],
    products: [['gel frio', 2]],
  }),
  c('COS-DEP-04', 'Depilación láser medias piernas', ['Depilación láser', 'Corporal'], ['Medias piernas'], 1400, 45, {
    consent: LASER,
    appliances: ['laser-diodo'],
    products: [['gel frio', 1]],
  }),
  c('COS-DEP-05', 'Depilación láser bikini', ['Depilación láser'], ['Bikini'], 900, 30, {
    consent: LASER,
    appliances: ['laser-diodo'],
    products: [['gel frio', 1]],
  }),
  c('COS-DEP-06', 'Depilación láser espalda', ['Depilación láser', 'Corporal'], ['Espalda'], 1800, 45, {
    consent: LASER,
    appliances: ['laser-diodo'],
    products: [['gel frio', 2]],
  }),
  c('COS-DEP-07', 'Depilación láser brazos', ['Depilación láser', 'Corporal'], ['Brazos'], 1300, 45, {
    consent: LASER,
    appliances: ['laser-diodo'],
    products: [['gel frio', 1]],
  }),
  c('COS-FAC-01', 'Limpieza facial profunda', ['Facial'], ['Rostro completo'], 850, 60, {
    consent: FACIAL,
    products: [
      ['limpiador espumoso', 1],
      ['mascarilla de arcilla', 1],
      ['tonico facial', 1],
    ],
  }),
  c('COS-FAC-02', 'Hidrafacial', ['Facial'], ['Rostro completo'], 1900, 60, {
    consent: FACIAL,
    appliances: ['hydrafacial'],
    products: [
      ['suero de niacinamida', 1],
      ['mascarilla de colageno', 1],
    ],
  }),
  c('COS-FAC-03', 'Peeling químico', ['Facial', 'Rejuvenecimiento'], ['Rostro completo'], 1200, 45, {
    consent: PEEL,
    products: [
      ['peeling', 1],
      ['gasas', 1],
    ],
  }),
  c('COS-FAC-04', 'Microdermoabrasión', ['Facial'], ['Rostro completo'], 1100, 45, {
    appliances: ['microdermoabrasion'],
    products: [['mascarilla hidroplastica', 1]],
  }),
  c('COS-FAC-05', 'Radiofrecuencia facial', ['Facial', 'Rejuvenecimiento'], ['Rostro completo'], 1300, 45, {
    appliances: ['radiofrecuencia'],
    products: [['gel conductor', 1]],
  }),
  c('COS-FAC-06', 'Fotorejuvenecimiento IPL', ['Facial', 'Rejuvenecimiento'], ['Rostro completo'], 1800, 45, {
    consent: FACIAL,
    appliances: ['ipl'],
    products: [['gel frio', 1]],
  }),
  c('COS-FAC-07', 'Microneedling', ['Facial', 'Rejuvenecimiento'], ['Rostro completo'], 1600, 60, { consent: FACIAL, products: [['suero de vitamina c', 1]] }),
  c('COS-FAC-08', 'Facial con luz LED', ['Facial'], ['Rostro completo'], 700, 30, { products: [['mascarilla hidroplastica', 1]] }),
  c('COS-COR-01', 'Radiofrecuencia corporal', ['Corporal'], ['Abdomen', 'Glúteos'], 1500, 60, {
    appliances: ['radiofrecuencia'],
    products: [['gel conductor', 2]],
  }),
  c('COS-COR-02', 'Cavitación', ['Corporal'], ['Abdomen'], 1400, 60, { appliances: ['cavitacion'], products: [['hidrogel para cavitacion', 2]] }),
  c('COS-COR-03', 'Maderoterapia', ['Corporal'], ['Abdomen', 'Glúteos', 'Piernas completas'], 950, 60, { products: [['crema reductora', 1]] }),
  c('COS-COR-04', 'Criolipólisis', ['Corporal'], ['Abdomen'], 4500, 90, {
    appliances: ['criolipolisis'],
    products: [
      ['sabana desechable', 1],
      ['toallas desechables', 2],
    ],
  }),
  c('COS-COR-05', 'Drenaje linfático', ['Corporal'], ['Piernas completas', 'Abdomen'], 900, 60, { products: [['aceite de masaje', 1]] }),
  {
    sku: 'VAL-MED-01',
    name: 'Valoración médica',
    type: 'Valoracion',
    categories: ['Valoración'],
    areas: [],
    price: 500,
    minutes: 30,
    consent: 'Consentimiento de valoración',
    description: 'Consulta de valoración con médico estético: historial, diagnóstico y plan de tratamiento.',
  },
  {
    sku: 'VAL-COS-01',
    name: 'Valoración cosmetológica',
    type: 'Valoracion',
    categories: ['Valoración'],
    areas: [],
    price: 300,
    minutes: 30,
    description: 'Diagnóstico de piel y propuesta de tratamientos cosmetológicos.',
  },
];

const TYPE_COLORS: Record<TypeKey, [string, string]> = { Medico: ['1f6feb', '4b3fd1'], Cosmetologico: ['e83e8c', '9b6bd6'], Valoracion: ['f0a020', '5c9e6e'] };

const escapeXml = (s: string) => s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[ch]!);

function card(label: string, [from, to]: [string, string]): Buffer {
  const rows: string[] = [];
  for (const word of label.split(/\s+/)) {
    const last = rows[rows.length - 1];
    if (last && (last + ' ' + word).length <= 16) rows[rows.length - 1] = last + ' ' + word;
    else rows.push(word);
  }
  const text = rows
    .slice(0, 3)
    .map(
      (r, i) =>
        `<text x="200" y="${270 + i * 40 - (Math.min(rows.length, 3) - 1) * 20}" font-family="sans-serif" font-size="34" font-weight="600" fill="#fff" text-anchor="middle">${escapeXml(r)}</text>`,
    )
    .join('');
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#${from}"/><stop offset="1" stop-color="#${to}"/></linearGradient></defs>` +
      `<rect width="400" height="400" fill="url(#g)"/><circle cx="200" cy="130" r="56" fill="rgba(255,255,255,0.22)"/><circle cx="200" cy="130" r="30" fill="rgba(255,255,255,0.35)"/>${text}</svg>`,
  );
}

/**
 * A small generated PNG and its thumbnail for a demo row, under the uploads directory. The name
 * comes from the key, so a later seed finds the files already there and skips the work.
 */
export async function demoPhoto(
  uploadsDir: string,
  folder: 'treatments' | 'packages',
  key: string,
  label: string,
  colors: [string, string],
): Promise<string | null> {
  try {
    const name = `${demoId(`photo:${folder}:${key}`)}.png`;
    const dir = path.join(uploadsDir, folder);
    if (existsSync(path.join(dir, name)) && existsSync(path.join(dir, 'thumbnails', name))) return name;
    await mkdir(path.join(dir, 'thumbnails'), { recursive: true });
    const png = await sharp(card(label, colors)).png({ compressionLevel: 6 }).toBuffer();
    await writeFile(path.join(dir, 'thumbnails', name), await sharp(png).resize(240, 240).png().toBuffer());
    await writeFile(path.join(dir, name), png);
    return name;
  } catch {
    // demo photos are decoration: a machine without fonts or a writable disk still seeds
    return null;
  }
}

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** About 40 treatments over the lookups, categories, approved products and appliances already seeded. */
export async function seedTreatments(db: Db, uploadsDir: string): Promise<void> {
  const productRows = await db
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(and(live(products), eq(products.active, true), isNotNull(products.approvedAt), isNull(products.rejectedAt)));
  const applianceRows = await db.select({ id: appliances.id }).from(appliances).where(live(appliances));
  const applianceIds = new Set(applianceRows.map((a) => a.id));
  const photos = await Promise.all(DEMO_TREATMENTS.map((t) => demoPhoto(uploadsDir, 'treatments', t.sku, t.name, TYPE_COLORS[t.type])));

  await db
    .insert(treatments)
    .values(
      DEMO_TREATMENTS.map((t, i) => ({
        id: demoId('treatment:' + t.sku),
        sku: t.sku,
        name: t.name,
        description: t.description,
        treatmentTypeId: demoId('treatment-type:' + t.type),
        price: toCents(t.price),
        medicalFee: centsOf(t.fee),
        points: Math.round(t.price / 100),
        assessment: t.type === 'Valoracion',
        consent: Boolean(t.consent),
        consentId: t.consent ? demoId(`consent:${t.type}:${t.consent}`) : null,
        active: !t.inactive,
        durationMinutes: t.minutes,
        validityDays: t.validity ?? null,
        photo: photos[i],
      })),
    );
  const id = (t: DemoTreatment) => demoId('treatment:' + t.sku);
  await db
    .insert(treatmentCategories)
    .values(DEMO_TREATMENTS.flatMap((t) => t.categories.map((name) => ({ treatmentId: id(t), categoryId: demoId(`category:treatment:${name}`) }))));
  const areaRows = DEMO_TREATMENTS.flatMap((t) => t.areas.map((name) => ({ treatmentId: id(t), areaId: demoId(`area:${t.type}:${name}`) })));
  if (areaRows.length) await db.insert(treatmentAreas).values(areaRows);
  const applianceLinks = DEMO_TREATMENTS.flatMap((t) =>
    (t.appliances ?? []).map((key) => ({ treatmentId: id(t), applianceId: demoId('appliance:' + key) })),
  ).filter((l) => applianceIds.has(l.applianceId));
  if (applianceLinks.length) await db.insert(treatmentAppliances).values(applianceLinks);
  const productLinks = new Map<string, { treatmentId: string; productId: string; quantity: number }>();
  for (const t of DEMO_TREATMENTS) {
    for (const [word, quantity] of t.products ?? []) {
      const product = productRows.find((p) => fold(p.name).includes(fold(word)));
      if (product) productLinks.set(`${id(t)}:${product.id}`, { treatmentId: id(t), productId: product.id, quantity });
    }
  }
  if (productLinks.size) await db.insert(treatmentProducts).values([...productLinks.values()]);
}
