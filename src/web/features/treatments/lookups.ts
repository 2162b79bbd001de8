import { useQuery } from '@tanstack/react-query';
import { api } from '../../app/api';
import type { Consent, Named, TreatmentFormOptions, TreatmentType } from './types';

const LONG = 5 * 60_000;

export function useTreatmentTypes() {
  return useQuery({ queryKey: ['treatment-types'], queryFn: () => api<TreatmentType[]>('/treatment-type'), staleTime: LONG });
}

export function useTypeLookup<T>(path: '/consent' | '/area', treatmentTypeId: string | undefined) {
  return useQuery({
    queryKey: ['treatment-lookup', path, treatmentTypeId],
    queryFn: () => api<T[]>(path, { query: { treatmentTypeId } }),
    enabled: Boolean(treatmentTypeId),
    staleTime: LONG,
  });
}

export const useConsents = (typeId: string | undefined) => useTypeLookup<Consent>('/consent', typeId);
export const useAreas = (typeId: string | undefined) => useTypeLookup<Named>('/area', typeId);

export function useTreatmentCategories() {
  return useQuery({
    queryKey: ['treatment-categories'],
    queryFn: async () => (await api<{ items: Named[] }>('/categories', { query: { take: 0, type: 'treatment', status: '1' } })).items,
    staleTime: LONG,
  });
}

export function useTreatmentFormOptions(enabled: boolean) {
  return useQuery({ queryKey: ['treatment-form-options'], queryFn: () => api<TreatmentFormOptions>('/treatment/form-options'), enabled, staleTime: 60_000 });
}
