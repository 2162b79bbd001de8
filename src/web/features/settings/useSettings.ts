import { useQuery } from '@tanstack/react-query';
import type { SettingInput } from '../../../domain/settings.schemas';
import { api } from '../../app/api';

export interface Setting extends SettingInput {
  id: string;
  updated_at: string;
}

export interface BranchLite {
  id: string;
  name: string;
  active: boolean;
  distributionCenter: boolean;
}

/** The configuration row and the branches that sell (the ones that carry an exchange rate). */
export function useSettings() {
  const setting = useQuery({ queryKey: ['setting'], queryFn: () => api<Setting>('/setting') });
  const branches = useQuery({
    queryKey: ['branches', 'active'],
    queryFn: async () => (await api<{ items: BranchLite[] }>('/branch', { query: { take: 0, status: '1' } })).items.filter((b) => !b.distributionCenter),
  });
  return { setting, branches, loading: setting.isLoading || branches.isLoading };
}
