import { useQuery } from '@tanstack/react-query';
import { call } from '../../app/api';
import { branchRoutes } from '../../../domain/branches.contract';
import { cabinTypeRoutes, type CabinType } from '../../../domain/cabins.contract';
import { treatmentLookupRoutes } from '../../../domain/treatments.contract';

type TreatmentTypeRef = CabinType['treatmentType'];

/** The seeded names carry no accents; the screens show them with (one table, in src/domain). */
export { treatmentTypeLabel } from '../../../domain/treatments.schemas';

export async function loadCabinTypes(): Promise<CabinType[]> {
  return (await call(cabinTypeRoutes.list, { query: { take: 0 } })).items;
}

/**
 * Treatment types from the treatments area's lookup; should it be unavailable, the types the
 * existing cabin types already use (the demo ones) still fill the select.
 */
export async function loadTreatmentTypes(): Promise<TreatmentTypeRef[]> {
  try {
    return await call(treatmentLookupRoutes.types);
  } catch {
    const seen = new Map<string, TreatmentTypeRef>();
    for (const t of await loadCabinTypes()) seen.set(t.treatmentType.id, t.treatmentType);
    return [...seen.values()];
  }
}

export function useTreatmentTypes() {
  return useQuery({ queryKey: ['treatment-types'], queryFn: loadTreatmentTypes, staleTime: 300_000 });
}

export function useCabinTypes() {
  return useQuery({ queryKey: ['cabin-types-lookup'], queryFn: loadCabinTypes, staleTime: 60_000 });
}

/** Branches the user may put cabins in (their own when bound), with their weeks. */
export function useBranches() {
  return useQuery({
    queryKey: ['branches-with-schedules'],
    queryFn: async () => (await call(branchRoutes.lookup, { query: { take: 0 } })).items,
    staleTime: 60_000,
  });
}

export function ColorSwatch({ color, label }: { color: string; label?: string }) {
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
      <span
        aria-hidden
        style={{ width: 16, height: 16, borderRadius: 4, background: `#${color}`, border: '1px solid rgba(0,0,0,0.15)', display: 'inline-block' }}
      />
      {label ?? `#${color}`}
    </span>
  );
}
