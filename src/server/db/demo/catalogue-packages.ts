import { packageTotals } from '../../../domain/packages';
import type { PackageType, PaymentType } from '../../../domain/packages.schemas';
import type { Db } from '../client';
import { packageBranches, packageTreatments, packages } from '../schema';
import { DEMO_TREATMENTS, demoPhoto } from './catalogue-treatments';
import { demoId } from './random';
import { toCents } from '../../../domain/money';

interface DemoItem {
  sku: string;
  promotionPrice: number;
  sessions?: number;
  limit?: number;
}

interface DemoPackage {
  type: PackageType;
  sku: string;
  name: string;
  treatmentType: 'Medico' | 'Cosmetologico';
  category: string;
  branches: string[];
  cabainTime: number;
  items: DemoItem[];
  /** Days from today of the validity window (negative = already over). */
  window?: [number, number];
  hours?: [string, string];
  inactive?: boolean;
  description: string;
}

const ALL = ['tijuana', 'mexicali', 'ensenada', 'cdmx', 'guadalajara', 'monterrey'];
const BAJA = ['tijuana', 'mexicali', 'ensenada'];
const CARDS: PaymentType[] = ['Efectivo', 'Tarjeta de crédito', 'Tarjeta de débito'];
const EVERY: PaymentType[] = ['Efectivo', 'Transferencia electrónica', 'Depósito bancario', 'Tarjeta de crédito', 'Tarjeta de débito'];

const DEMO_PACKAGES: DemoPackage[] = [
  {
    type: 'Package',
    sku: 'PAQ-DEP-AXI',
    name: 'Axilas libres: 6 sesiones de láser',
    treatmentType: 'Cosmetologico',
    category: 'Depilación láser',
    branches: BAJA,
    cabainTime: 30,
    items: [{ sku: 'COS-DEP-01', sessions: 6, promotionPrice: 450 }],
    description: 'Seis sesiones de depilación láser de axilas, una cada cuatro a seis semanas.',
  },
  {
    type: 'Package',
    sku: 'PAQ-DEP-PIE',
    name: 'Piernas y bikini sin vello',
    treatmentType: 'Cosmetologico',
    category: 'Depilación láser',
    branches: ALL,
    cabainTime: 90,
    items: [
      { sku: 'COS-DEP-03', sessions: 8, promotionPrice: 1650 },
      { sku: 'COS-DEP-05', sessions: 8, promotionPrice: 650 },
    ],
    description: 'Ocho sesiones de piernas completas y bikini con láser diodo.',
  },
  {
    type: 'Package',
    sku: 'PAQ-FAC-GLW',
    name: 'Piel radiante',
    treatmentType: 'Cosmetologico',
    category: 'Facial',
    branches: ['tijuana', 'cdmx', 'guadalajara'],
    cabainTime: 60,
    items: [
      { sku: 'COS-FAC-01', sessions: 4, promotionPrice: 690 },
      { sku: 'COS-FAC-02', sessions: 2, promotionPrice: 1590 },
    ],
    description: 'Cuatro limpiezas profundas y dos hidrafaciales para una piel luminosa.',
  },
  {
    type: 'Package',
    sku: 'PAQ-COR-MOD',
    name: 'Moldeo corporal',
    treatmentType: 'Cosmetologico',
    category: 'Corporal',
    branches: ['tijuana', 'mexicali', 'monterrey'],
    cabainTime: 60,
    items: [
      { sku: 'COS-COR-02', sessions: 6, promotionPrice: 1090 },
      { sku: 'COS-COR-03', sessions: 6, promotionPrice: 790 },
    ],
    description: 'Cavitación y maderoterapia alternadas durante seis semanas.',
  },
  {
    type: 'Package',
    sku: 'PAQ-TOX-ANU',
    name: 'Toxina todo el año',
    treatmentType: 'Medico',
    category: 'Inyectables',
    branches: ALL,
    cabainTime: 45,
    items: [{ sku: 'MED-TOX-04', sessions: 2, promotionPrice: 7490 }],
    description: 'Dos aplicaciones de toxina botulínica en tres zonas, una cada seis meses.',
  },
  {
    type: 'Package',
    sku: 'PAQ-REJ-INT',
    name: 'Rejuvenecimiento integral',
    treatmentType: 'Medico',
    category: 'Rejuvenecimiento',
    branches: ['cdmx', 'guadalajara'],
    cabainTime: 60,
    window: [-200, -20],
    items: [
      { sku: 'MED-BIO-01', sessions: 2, promotionPrice: 8490 },
      { sku: 'MED-PRP-01', sessions: 3, promotionPrice: 3190 },
    ],
    description: 'Bioestimuladores de colágeno y plasma rico en plaquetas en un mismo plan.',
  },
  {
    type: 'Promotion',
    sku: 'PROM-TOXFRE',
    name: 'Toxina en frente a precio especial',
    treatmentType: 'Medico',
    category: 'Inyectables',
    branches: ALL,
    cabainTime: 30,
    window: [-30, 60],
    items: [{ sku: 'MED-TOX-01', promotionPrice: 2790 }],
    description: 'Aplicación de toxina botulínica en frente con precio de temporada.',
  },
  {
    type: 'Promotion',
    sku: 'PROM-LABIOS',
    name: 'Labios de San Valentín',
    treatmentType: 'Medico',
    category: 'Inyectables',
    branches: BAJA,
    cabainTime: 45,
    window: [-300, -270],
    items: [{ sku: 'MED-AH-01', promotionPrice: 5190 }],
    description: 'Ácido hialurónico en labios durante el mes del amor.',
  },
  {
    type: 'Promotion',
    sku: 'PROM-HIDRA',
    name: 'Hidrafacial con luz LED',
    treatmentType: 'Cosmetologico',
    category: 'Facial',
    branches: ['tijuana', 'ensenada', 'monterrey'],
    cabainTime: 90,
    hours: ['09:00', '13:00'],
    items: [
      { sku: 'COS-FAC-02', promotionPrice: 1490 },
      { sku: 'COS-FAC-08', promotionPrice: 390 },
    ],
    description: 'Hidrafacial seguido de sesión de luz LED, de 9:00 a 13:00.',
  },
  {
    type: 'Promotion',
    sku: 'PROM-VERANO',
    name: 'Verano sin vello',
    treatmentType: 'Cosmetologico',
    category: 'Depilación láser',
    branches: ALL,
    cabainTime: 90,
    window: [-170, -80],
    inactive: true,
    items: [
      { sku: 'COS-DEP-03', promotionPrice: 1690 },
      { sku: 'COS-DEP-01', promotionPrice: 490 },
    ],
    description: 'Piernas completas y axilas con láser antes de las vacaciones.',
  },
  {
    type: 'Promotion',
    sku: 'PROM-CAVI',
    name: 'Cavitación más maderoterapia',
    treatmentType: 'Cosmetologico',
    category: 'Corporal',
    branches: ['cdmx', 'guadalajara', 'monterrey'],
    cabainTime: 120,
    items: [
      { sku: 'COS-COR-02', promotionPrice: 1090, limit: 2 },
      { sku: 'COS-COR-03', promotionPrice: 750, limit: 2 },
    ],
    description: 'Sesión combinada para reducir medidas en abdomen.',
  },
  {
    type: 'Promotion',
    sku: 'PROM-PEEL',
    name: 'Peeling de temporada',
    treatmentType: 'Cosmetologico',
    category: 'Facial',
    branches: ALL,
    cabainTime: 45,
    window: [0, 45],
    hours: ['10:00', '18:00'],
    items: [{ sku: 'COS-FAC-03', promotionPrice: 950 }],
    description: 'Peeling químico superficial para la temporada de otoño e invierno.',
  },
];

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** Six packages and six promotions over the demo treatments, in several branches, some expired. */
export async function seedPackages(db: Db, uploadsDir: string): Promise<void> {
  const photos = await Promise.all(
    DEMO_PACKAGES.map((p) => demoPhoto(uploadsDir, 'packages', p.sku, p.name, p.type === 'Package' ? ['7c4dcc', '13a8a8'] : ['f2785c', 'e83e8c'])),
  );
  for (const [i, p] of DEMO_PACKAGES.entries()) {
    const packageId = demoId('package:' + p.sku);
    const items = p.items.map((item) => {
      const treatment = DEMO_TREATMENTS.find((t) => t.sku === item.sku)!;
      return {
        packageId,
        treatmentId: demoId('treatment:' + item.sku),
        sessions: p.type === 'Promotion' ? 1 : (item.sessions ?? 1),
        limit: item.limit ?? 1,
        regularPrice: treatment.price,
        promotionPrice: item.promotionPrice,
        areasIds: treatment.areas.map((name) => demoId(`area:${treatment.type}:${name}`)),
      };
    });
    const totals = packageTotals(items);
    await db
      .insert(packages)
      .values({
        id: packageId,
        type: p.type,
        sku: p.sku,
        name: p.name,
        description: p.description,
        treatmentTypeId: demoId('treatment-type:' + p.treatmentType),
        categoryId: demoId('category:treatment:' + p.category),
        points: Math.round(totals.price / 100),
        price: totals.priceCents,
        regularPrice: totals.regularCents,
        cabainTime: p.cabainTime,
        paymentType: p.treatmentType === 'Medico' ? EVERY : CARDS,
        active: !p.inactive,
        validBySchedule: Boolean(p.window),
        startDate: p.window ? day(p.window[0]) : null,
        endDate: p.window ? day(p.window[1]) : null,
        validByTime: Boolean(p.hours),
        startTime: p.hours?.[0] ?? null,
        endTime: p.hours?.[1] ?? null,
        photo: photos[i],
      });
    await db.insert(packageBranches).values(p.branches.map((key) => ({ packageId, branchId: demoId('branch:' + key) })));
    await db
      .insert(packageTreatments)
      .values(
        items.map((item, n) => ({
          id: demoId(`package-item:${p.sku}:${n}`),
          ...item,
          regularPrice: toCents(item.regularPrice),
          promotionPrice: toCents(item.promotionPrice),
          createdAt: new Date(Date.UTC(2026, 0, 10) + i * 1000 + n),
        })),
      );
  }
}
