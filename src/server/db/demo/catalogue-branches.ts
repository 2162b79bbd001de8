import { and, eq } from 'drizzle-orm';
import type { ScheduleEntry } from '../../../domain/schedules';
import type { Db } from '../client';
import { branches, cabinSchedules, cabinTypes, cabins, treatmentTypes } from '../schema';
import { DEMO_BRANCHES } from './data';
import { demoId } from './random';
import { live } from '../live';

const CABIN_TYPES = [
  { key: 'medica', name: 'Cabina médica', treatmentType: 'Medico', order: 1, color: '1f6feb', short: 'Médica' },
  { key: 'laser', name: 'Cabina de láser', treatmentType: 'Cosmetologico', order: 2, color: 'e83e8c', short: 'Láser' },
  { key: 'facial', name: 'Cabina facial', treatmentType: 'Cosmetologico', order: 3, color: '9b6bd6', short: 'Facial' },
  { key: 'valoracion', name: 'Consultorio de valoración', treatmentType: 'Valoracion', order: 4, color: 'f0a020', short: 'Valoración' },
] as const;
type TypeKey = (typeof CABIN_TYPES)[number]['key'];

const DESCRIPTIONS: Record<TypeKey, string> = {
  medica: 'Camilla eléctrica, lámpara de exploración y carro de curaciones',
  laser: 'Equipo de depilación láser de diodo con sistema de enfriamiento',
  facial: 'Camilla facial, vaporizador y lupa con luz fría',
  valoracion: 'Escritorio, báscula y cámara para fotografía clínica',
};

/** The cabins of each clinic, in order: the first n of this list (3 to 6). */
const LAYOUT: TypeKey[] = ['medica', 'laser', 'facial', 'valoracion', 'facial', 'laser'];
const CABINS_PER_BRANCH: Record<string, number> = { tijuana: 6, mexicali: 4, ensenada: 3, cdmx: 5, guadalajara: 4, monterrey: 3 };

const closed = (day: number): ScheduleEntry => ({ day, opening: '00:00', closing: '00:00' });

/**
 * A cabin's week, as a clinic staffs it (Sunday closed): the medical cabins while the medic consults, Monday to Friday
 * 10:00–13:00; the valuation office Monday, Wednesday and Friday 11:00–13:00; the cosmetology cabins Monday to Friday
 * 10:00–16:00 and Saturday 10:00–14:00. Open hours a clinic fills keep the occupation reports in the range of a real
 * one (55–80 %).
 */
function cabinWeek(type: TypeKey): ScheduleEntry[] {
  return [0, 1, 2, 3, 4, 5, 6].map((day) => {
    if (day === 0) return closed(day);
    if (type === 'medica') return day === 6 ? closed(day) : { day, opening: '10:00', closing: '13:00' };
    if (type === 'valoracion') return day % 2 === 1 ? { day, opening: '11:00', closing: '13:00' } : closed(day);
    return day === 6 ? { day, opening: '10:00', closing: '14:00' } : { day, opening: '10:00', closing: '16:00' };
  });
}

/** Cabin types and the cabins of each clinic branch (the distribution centre has none). */
export async function seedCabins(db: Db): Promise<void> {
  const types = await db.select({ id: treatmentTypes.id, name: treatmentTypes.name }).from(treatmentTypes).where(live(treatmentTypes));
  const typeId = (name: string) => {
    const found = types.find((t) => t.name === name);
    if (!found) throw new Error(`Falta el tipo de tratamiento ${name} en los datos de demostración`);
    return found.id;
  };
  await db
    .insert(cabinTypes)
    .values(
      CABIN_TYPES.map((t) => ({ id: demoId('cabin-type:' + t.key), name: t.name, order: t.order, color: t.color, treatmentTypeId: typeId(t.treatmentType) })),
    );
  for (const b of DEMO_BRANCHES) {
    const branchId = demoId('branch:' + b.key);
    const [branch] = await db
      .select({ id: branches.id, dc: branches.distributionCenter })
      .from(branches)
      .where(and(eq(branches.id, branchId), live(branches)));
    if (!branch || branch.dc) continue;
    const seen: Partial<Record<TypeKey, number>> = {};
    for (let n = 0; n < (CABINS_PER_BRANCH[b.key] ?? 3); n++) {
      const key = LAYOUT[n];
      seen[key] = (seen[key] ?? 0) + 1;
      const type = CABIN_TYPES.find((t) => t.key === key)!;
      const id = demoId(`cabin:${b.key}:${n + 1}`);
      await db.insert(cabins).values({ id, name: `${type.short} ${seen[key]}`, typeId: demoId('cabin-type:' + key), branchId, description: DESCRIPTIONS[key] });
      await db.insert(cabinSchedules).values(cabinWeek(key).map((s) => ({ cabinId: id, ...s })));
    }
  }
}
