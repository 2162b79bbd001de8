import type { Db } from '../client';

/** Demo data of this area (filled by the catalogue issue). */
export async function seedTreatments(_db: Db): Promise<void> {}
