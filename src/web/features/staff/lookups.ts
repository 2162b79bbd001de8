import { useQuery } from '@tanstack/react-query';
import { branchRoutes } from '../../../domain/branches.contract';
import { hrRoutes } from '../../../domain/hr.contract';
import { roleRoutes } from '../../../domain/roles.contract';
import { call } from '../../app/api';

const LONG = 5 * 60_000;

export function useRoles() {
  return useQuery({ queryKey: ['staff-lookup', 'roles'], queryFn: () => call(roleRoutes.list), staleTime: LONG });
}

export function useDepartments() {
  return useQuery({ queryKey: ['staff-lookup', 'departments'], queryFn: () => call(hrRoutes.departments), staleTime: LONG });
}

export function useJobPositions() {
  return useQuery({ queryKey: ['staff-lookup', 'job-positions'], queryFn: () => call(hrRoutes.jobPositions), staleTime: LONG });
}

export function useBranches() {
  return useQuery({
    queryKey: ['staff-lookup', 'branches'],
    queryFn: async () => (await call(branchRoutes.lookup, { query: { take: 0, status: '1' } })).items,
    staleTime: LONG,
  });
}

export const toOptions = (rows: { id: string; name: string }[] | undefined) => (rows ?? []).map((r) => ({ value: r.id, label: r.name }));
