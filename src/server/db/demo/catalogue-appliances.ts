import { asc, isNull } from 'drizzle-orm';
import type { ApplianceType, BranchApplianceStatus } from '../../../domain/appliances.schemas';
import type { Db } from '../client';
import { appliances, branchAppliances, branches } from '../schema';
import { demoId, seededRandom } from './random';

interface DemoAppliance {
  key: string;
  type: ApplianceType;
  name: string;
  brand: string;
  model: string;
  description: string;
  /** SKU segment and device number prefix at the branches. */
  tag: string;
  /** Which clinics carry it: every clinic, or only some. */
  everywhere: boolean;
}

export const DEMO_APPLIANCES: DemoAppliance[] = [
  {
    key: 'laser-diodo',
    type: 'Aparatología',
    name: 'Láser diodo',
    brand: 'Alma Lasers',
    model: 'Soprano Ice Platinum',
    description: 'Depilación láser de tres longitudes de onda con enfriamiento por contacto',
    tag: 'LAS',
    everywhere: true,
  },
  {
    key: 'ipl',
    type: 'Aparatología',
    name: 'Luz pulsada intensa (IPL)',
    brand: 'Lumenis',
    model: 'M22',
    description: 'Fotorejuvenecimiento, manchas y lesiones vasculares',
    tag: 'IPL',
    everywhere: true,
  },
  {
    key: 'radiofrecuencia',
    type: 'Aparatología',
    name: 'Radiofrecuencia multipolar',
    brand: 'Venus Concept',
    model: 'Venus Legacy',
    description: 'Reafirmación de piel y reducción de celulitis',
    tag: 'RF',
    everywhere: true,
  },
  {
    key: 'hifu',
    type: 'Aparatología',
    name: 'Ultrasonido focalizado (HIFU)',
    brand: 'Merz',
    model: 'Ultherapy',
    description: 'Lifting no quirúrgico de rostro y cuello',
    tag: 'HIFU',
    everywhere: false,
  },
  {
    key: 'cavitacion',
    type: 'Aparatología',
    name: 'Cavitación ultrasónica',
    brand: 'Syneron Candela',
    model: 'UltraShape Power',
    description: 'Reducción de grasa localizada en abdomen y flancos',
    tag: 'CAV',
    everywhere: false,
  },
  {
    key: 'microdermoabrasion',
    type: 'Aparatología',
    name: 'Microdermoabrasión con punta de diamante',
    brand: 'Altair Instruments',
    model: 'DiamondTome',
    description: 'Exfoliación mecánica para textura y poro',
    tag: 'MDA',
    everywhere: true,
  },
  {
    key: 'hydrafacial',
    type: 'Aparatología',
    name: 'Hidrodermoabrasión',
    brand: 'HydraFacial',
    model: 'Syndeo',
    description: 'Limpieza profunda, extracción e hidratación',
    tag: 'HYD',
    everywhere: false,
  },
  {
    key: 'criolipolisis',
    type: 'Aparatología',
    name: 'Criolipólisis',
    brand: 'Allergan',
    model: 'CoolSculpting Elite',
    description: 'Eliminación de grasa por frío con dos aplicadores',
    tag: 'CRI',
    everywhere: false,
  },
  {
    key: 'co2',
    type: 'Aparatología',
    name: 'Láser CO2 fraccionado',
    brand: 'Lumenis',
    model: 'UltraPulse',
    description: 'Resurfacing, cicatrices de acné y estrías',
    tag: 'CO2',
    everywhere: false,
  },
  {
    key: 'computadora',
    type: 'Cómputo',
    name: 'Computadora de recepción',
    brand: 'Dell',
    model: 'OptiPlex 7010',
    description: 'Equipo de escritorio para agenda y punto de venta',
    tag: 'PC',
    everywhere: true,
  },
  {
    key: 'impresora-tickets',
    type: 'Cómputo',
    name: 'Impresora de tickets',
    brand: 'Epson',
    model: 'TM-T20III',
    description: 'Impresora térmica de 80 mm para tickets de venta',
    tag: 'TKT',
    everywhere: true,
  },
  {
    key: 'multifuncional',
    type: 'Cómputo',
    name: 'Impresora multifuncional',
    brand: 'HP',
    model: 'LaserJet Pro MFP M428',
    description: 'Impresión, copiado y escaneo de consentimientos',
    tag: 'MFP',
    everywhere: false,
  },
];

/** Clinics that broke down or are in the shop, so the list shows every state. */
const ODD_STATES: Record<string, [BranchApplianceStatus, string]> = {
  'TIJ:ipl': ['En reparación', 'Falla en la pieza de mano; enviado al distribuidor autorizado'],
  'GDL:laser-diodo': ['En reparación', 'Cambio de barra de diodos en garantía'],
  'MEX:radiofrecuencia': ['Con fallas', 'El aplicador mediano marca error de temperatura de forma intermitente'],
  'CDM:impresora-tickets': ['Averiado', 'No alimenta el papel; pendiente de reemplazo'],
};

/** TIJUANA001 → TIJ, GDLPROVI01 → GDL: the SKU prefix of a branch. */
const branchTag = (code: string) =>
  code
    .replace(/[^A-Za-z]/g, '')
    .slice(0, 3)
    .toUpperCase();

/** The appliance catalogue and what each branch has installed, with SKUs and device numbers. */
export async function seedAppliances(db: Db): Promise<void> {
  await db
    .insert(appliances)
    .values(
      DEMO_APPLIANCES.map((a) => ({
        id: demoId('appliance:' + a.key),
        type: a.type,
        name: a.name,
        brand: a.brand,
        model: a.model,
        description: a.description,
      })),
    );
  const rnd = seededRandom(4242);
  const live = await db
    .select({ id: branches.id, code: branches.code, dc: branches.distributionCenter })
    .from(branches)
    .where(isNull(branches.deletedAt))
    .orderBy(asc(branches.code));
  const rows: (typeof branchAppliances.$inferInsert)[] = [];
  for (const branch of live) {
    const tag = branchTag(branch.code);
    const installed = DEMO_APPLIANCES.filter((a) => (branch.dc ? a.type === 'Cómputo' : a.everywhere || rnd.next() < 0.5));
    let device = 0;
    for (const a of installed) {
      const copies = !branch.dc && a.key === 'computadora' ? 2 : 1;
      for (let n = 1; n <= copies; n++) {
        device += 1;
        const odd = n === 1 ? ODD_STATES[`${tag}:${a.key}`] : undefined;
        const month = rnd.int(1, 10);
        rows.push({
          id: demoId(`branch-appliance:${branch.id}:${a.key}:${n}`),
          applianceId: demoId('appliance:' + a.key),
          branchId: branch.id,
          sku: `${tag}-${a.tag}-${String(n).padStart(2, '0')}`,
          number: `${a.type === 'Cómputo' ? 'C' : 'A'}-${String(device).padStart(3, '0')}`,
          status: odd?.[0] ?? 'Funcionando',
          statusDescription: odd?.[1] ?? null,
          lastMaintenance: `2026-${String(month).padStart(2, '0')}-${String(rnd.int(1, 28)).padStart(2, '0')}`,
          comments: a.type === 'Aparatología' ? 'Mantenimiento preventivo cada seis meses' : null,
        });
      }
    }
  }
  if (rows.length) await db.insert(branchAppliances).values(rows);
}
