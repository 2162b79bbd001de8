import type { Db } from '../client';
import { areas, colors, consents, productTypes, treatmentTypes } from '../schema';
import { demoId } from './random';

export const TREATMENT_TYPES = [
  { key: 'Medico', name: 'Medico', appointmentName: 'Cita médica', hasAreas: true },
  { key: 'Cosmetologico', name: 'Cosmetologico', appointmentName: 'Cita cosmetológica', hasAreas: true },
  { key: 'Valoracion', name: 'Valoracion', appointmentName: 'Valoración', hasAreas: false },
] as const;

const AREAS: Record<string, string[]> = {
  Medico: [
    'Frente',
    'Entrecejo',
    'Patas de gallo',
    'Labios',
    'Surcos nasogenianos',
    'Mentón',
    'Papada',
    'Cuello',
    'Ojeras',
    'Pómulos',
    'Nariz',
    'Rostro completo',
  ],
  Cosmetologico: ['Rostro completo', 'Axilas', 'Piernas completas', 'Medias piernas', 'Bikini', 'Brazos', 'Espalda', 'Abdomen', 'Bozo', 'Glúteos'],
  Valoracion: [],
};

const COLORS: Record<string, [string, string][]> = {
  Medico: [
    ['Azul médico', '1f6feb'],
    ['Turquesa', '13a8a8'],
    ['Índigo', '4b3fd1'],
  ],
  Cosmetologico: [
    ['Rosa', 'e83e8c'],
    ['Lavanda', '9b6bd6'],
    ['Coral', 'f2785c'],
  ],
  Valoracion: [
    ['Ámbar', 'f0a020'],
    ['Verde salvia', '5c9e6e'],
  ],
};

const CONSENT_TEXT = (kind: string) =>
  `CONSENTIMIENTO INFORMADO — ${kind}\n\nYo, {{cliente}}, de {{edad}} años, declaro que el personal de {{sucursal}} me explicó en qué consiste el tratamiento {{tratamiento}}, sus beneficios, riesgos, cuidados posteriores y alternativas. Manifiesto que la información de mi historial es verídica y autorizo la realización del procedimiento.\n\nFecha: {{fecha}}\n\nFirma del paciente: ____________________    Firma del profesional: ____________________`;

const CONSENTS: Record<string, string[]> = {
  Medico: ['Consentimiento para toxina botulínica', 'Consentimiento para rellenos dérmicos', 'Consentimiento para procedimientos médicos estéticos'],
  Cosmetologico: ['Consentimiento para depilación láser', 'Consentimiento para peeling químico', 'Consentimiento para tratamientos faciales'],
  Valoracion: ['Consentimiento de valoración'],
};

export const PRODUCT_TYPES = [
  { slug: 'cosmetologist', name: 'Cosmetológico', requiresLot: true },
  { slug: 'sale', name: 'Venta', requiresLot: true },
  { slug: 'medical', name: 'Médico', requiresLot: true },
  { slug: 'supply', name: 'Insumo', requiresLot: false },
] as const;

/** Treatment types with their colours, consents and body areas, and the product types. */
export async function seedLookups(db: Db): Promise<void> {
  for (const t of TREATMENT_TYPES) {
    const typeId = demoId('treatment-type:' + t.key);
    await db.insert(treatmentTypes).values({ id: typeId, name: t.name, appointmentName: t.appointmentName, hasAreas: t.hasAreas });
    const areaRows = AREAS[t.key].map((name) => ({ id: demoId(`area:${t.key}:${name}`), name, treatmentTypeId: typeId }));
    if (areaRows.length) await db.insert(areas).values(areaRows);
    await db.insert(colors).values(COLORS[t.key].map(([name, hex]) => ({ id: demoId(`color:${t.key}:${name}`), name, hex, treatmentTypeId: typeId })));
    await db
      .insert(consents)
      .values(CONSENTS[t.key].map((name) => ({ id: demoId(`consent:${t.key}:${name}`), name, document: CONSENT_TEXT(name), treatmentTypeId: typeId })));
  }
  await db.insert(productTypes).values(PRODUCT_TYPES.map((p) => ({ id: demoId('product-type:' + p.slug), ...p })));
}
