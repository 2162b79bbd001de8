import { Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { formatIndicator, INDICATORS, type IndicatorName } from '../../../../domain/indicators';
import { indicatorRoutes } from '../../../../domain/indicators.contract';
import { call } from '../../../app/api';
import { formatCalendarDate } from '../../../ui/format';
import { DrillFrame } from '../DrillModal';
import { ReportTable } from '../ReportTable';

export interface IndicatorDrillTarget {
  name: IndicatorName;
  /** The branch drilled (undefined: the scope's, the chain's row). */
  branchId?: string;
  branch: string;
  lastYear?: boolean;
}

interface Props {
  query: Record<string, string>;
  target: IndicatorDrillTarget | null;
  onClose: () => void;
}

/** The rows behind one figure (GET /indicators/{name}/drill, the same period), whose totals give the figure back. */
export function IndicatorDrillModal({ query, target, onClose }: Props) {
  const drill = useQuery({
    queryKey: ['indicator-drill', query, target],
    queryFn: () =>
      call(indicatorRoutes.drill, {
        params: { name: target!.name },
        query: { ...query, ...(target!.branchId && { branchId: target!.branchId }), ...(target!.lastYear && { lastYear: 'true' as const }) },
      }),
    enabled: Boolean(target),
    retry: false,
  });
  const meta = target ? INDICATORS[target.name] : null;
  const data = drill.data;
  return (
    <DrillFrame
      title={meta && target ? `${meta.label}: ${target.branch}${target.lastYear ? ' (año anterior)' : ''}` : ''}
      open={Boolean(target)}
      onClose={onClose}
      error={drill.error}
    >
      {data && meta && (
        <>
          <Typography.Paragraph data-testid="drill-summary">
            <strong>{formatIndicator(meta.unit, data.value)}</strong> · del {formatCalendarDate(data.period.from)} al {formatCalendarDate(data.period.to)} ·{' '}
            {data.rows.length} {data.rows.length === 1 ? 'fila' : 'filas'}
          </Typography.Paragraph>
          <ReportTable answer={data} loading={drill.isFetching} testId="drill-table" emptyText="No hay filas detrás de esta cifra en el periodo" />
          <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
            {meta.definition}
          </Typography.Paragraph>
        </>
      )}
    </DrillFrame>
  );
}
