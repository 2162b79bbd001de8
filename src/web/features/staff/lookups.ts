import { useQuery } from '@tanstack/react-query';
import { api } from '../../app/api';
import type { JobPosition, Named } from './types';

const LONG = 5 * 60_000;

export function useRoles() {
  return useQuery({ queryKey: ['staff-lookup', 'roles'], queryFn: () => api<{ id: string; role: string }[]>('/role'), staleTime: LONG });
}

export function useDepartments() {
  return useQuery({ queryKey: ['staff-lookup', 'departments'], queryFn: () => api<Named[]>('/department'), staleTime: LONG });
}

export function useJobPositions() {
  return useQuery({ queryKey: ['staff-lookup', 'job-positions'], queryFn: () => api<JobPosition[]>('/job-position'), staleTime: LONG });
}

export function useBranches() {
  return useQuery({
    queryKey: ['staff-lookup', 'branches'],
    queryFn: async () => (await api<{ items: Named[] }>('/branch', { query: { take: 0, status: '1' } })).items,
    staleTime: LONG,
  });
}

export const toOptions = (rows: Named[] | undefined) => (rows ?? []).map((r) => ({ value: r.id, label: r.name }));
