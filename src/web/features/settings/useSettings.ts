import { useQuery } from '@tanstack/react-query';
import { branchRoutes } from '../../../domain/branches.contract';
import { settingRoutes } from '../../../domain/settings.contract';
import { call } from '../../app/api';

/** The configuration row and the branches that sell (the ones that carry an exchange rate). */
export function useSettings() {
  const setting = useQuery({ queryKey: ['setting'], queryFn: () => call(settingRoutes.get) });
  const branches = useQuery({
    queryKey: ['branches', 'active'],
    queryFn: async () => (await call(branchRoutes.lookup, { query: { take: 0, status: '1' } })).items.filter((b) => !b.distributionCenter),
  });
  return { setting, branches, loading: setting.isLoading || branches.isLoading };
}
