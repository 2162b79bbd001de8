import { Alert, Button } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { commissionRoutes } from '../../../domain/commissions.contract';
import { call } from '../../app/api';
import { dayText, useListFilters } from './filters';

/** 'noviembre de 2026' for '2026-11'. */
const monthName = (month: string) =>
  new Intl.DateTimeFormat('es-MX', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-01T00:00:00Z`));

/**
 * When the period shown starts after the latest commission the user may read (the month just begun, a demo that ended
 * days ago), the list would only say 'Total de registros: 0': this offers the last month that has commissions.
 */
export function LatestMonthNotice({ kind }: { kind: 'medical' | 'cosmetic' }) {
  const filters = useListFilters();
  const [params, setParams] = useSearchParams();
  const route = kind === 'medical' ? commissionRoutes.medicalLatestMonth : commissionRoutes.cosmeticLatestMonth;
  const latest = useQuery({
    queryKey: ['commission-latest-month', kind, filters.branchId ?? ''],
    queryFn: () => call(route, { query: filters.branchId ? { branchId: filters.branchId } : {} }),
  });
  const last = latest.data;
  if (!last?.month || !last.lastDate || !last.startDate || !last.endDate || last.lastDate >= filters.startDate) return null;
  const show = () => {
    const next = new URLSearchParams(params);
    next.set('startDate', last.startDate!);
    next.set('endDate', last.endDate!);
    next.delete('page');
    setParams(next);
  };
  return (
    <Alert
      type="info"
      showIcon
      data-testid="latest-commissions"
      style={{ marginBottom: 12 }}
      message={`No hay comisiones desde el ${dayText(filters.startDate)}: la más reciente es del ${dayText(last.lastDate)}.`}
      action={
        <Button size="small" type="primary" onClick={show}>
          Ver {monthName(last.month)} (último con comisiones)
        </Button>
      }
    />
  );
}
