import { useQuery } from '@tanstack/react-query';
import { categoryRoutes } from '../../../domain/categories.contract';
import { treatmentLookupRoutes, treatmentRoutes } from '../../../domain/treatments.contract';
import { call } from '../../app/api';

const LONG = 5 * 60_000;

export function useTreatmentTypes() {
  return useQuery({ queryKey: ['treatment-types'], queryFn: () => call(treatmentLookupRoutes.types), staleTime: LONG });
}

/** A lookup of one treatment type, read once the type is chosen. */
const byType = (path: string, treatmentTypeId: string | undefined) => ({
  queryKey: ['treatment-lookup', path, treatmentTypeId],
  enabled: Boolean(treatmentTypeId),
  staleTime: LONG,
});

export const useConsents = (treatmentTypeId: string | undefined) =>
  useQuery({ ...byType('/consent', treatmentTypeId), queryFn: () => call(treatmentLookupRoutes.consents, { query: { treatmentTypeId } }) });
export const useAreas = (treatmentTypeId: string | undefined) =>
  useQuery({ ...byType('/area', treatmentTypeId), queryFn: () => call(treatmentLookupRoutes.areas, { query: { treatmentTypeId } }) });

export function useTreatmentCategories() {
  return useQuery({
    queryKey: ['treatment-categories'],
    queryFn: async () => (await call(categoryRoutes.list, { query: { take: 0, type: 'treatment', status: '1' } })).items,
    staleTime: LONG,
  });
}

export function useTreatmentFormOptions(enabled: boolean) {
  return useQuery({ queryKey: ['treatment-form-options'], queryFn: () => call(treatmentRoutes.formOptions), enabled, staleTime: 60_000 });
}
