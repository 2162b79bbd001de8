import { useQuery } from '@tanstack/react-query';
import { branchRoutes } from '../../../domain/branches.contract';
import { dateInZone } from '../../../domain/dates';
import { call } from '../../app/api';
import { useSession } from '../../app/session';

/** The branches a closing may be of (no distribution centre), and the one a branch-bound user is fixed to. */
export function useClosingBranches() {
  const user = useSession((s) => s.user);
  const branches = useQuery({
    queryKey: ['branches-lookup', 'closings'],
    queryFn: async () => (await call(branchRoutes.lookup, { query: { take: 0, status: '1' } })).items.filter((b) => !b.distributionCenter),
  });
  const list = branches.data ?? [];
  const fixed = user?.branchBound ? (user.branch ?? undefined) : undefined;
  const zoneOf = (branchId: string | undefined) => list.find((b) => b.id === branchId)?.timeZone ?? user?.branchTimeZone ?? undefined;
  /** Today at the branch (its own zone), the day a closing normally closes. */
  const todayAt = (branchId: string | undefined) => dateInZone(zoneOf(branchId) ?? 'America/Tijuana');
  return {
    options: list.map((b) => ({ value: b.id, label: b.name })),
    fixed,
    defaultBranch: fixed ?? user?.branch ?? undefined,
    todayAt,
    loading: branches.isLoading,
  };
}
