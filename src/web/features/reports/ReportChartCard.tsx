import { useMemo } from 'react';
import { Card } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { ReportMeta } from '../../../domain/reports';
import { reportRoutes, type Report } from '../../../domain/reports.contract';
import { call } from '../../app/api';
import { LazyChart } from '../../ui/Chart';
import { occupationHeatmap, reportChart } from './chart-data';

interface Props {
  meta: ReportMeta;
  query: Record<string, string>;
  answer: Report | undefined;
}

/**
 * The report's chart (its catalogue's `chart`) above its table. Occupation's heat map needs every cabin × hour: the
 * report's drill with key 'all' (same filters), read only when the report has rows; until it arrives, or if it fails,
 * the cabins' bars from the rows stand in.
 */
export function ReportChartCard({ meta, query, answer }: Props) {
  const wantsHours = meta.chart === 'occupationHeatmap' && Boolean(answer?.rows.length);
  const hours = useQuery({
    queryKey: ['report-drill', meta.name, query, 'all'],
    queryFn: () => call(reportRoutes.drill, { params: { name: meta.name }, query: { ...query, key: 'all' } }),
    enabled: wantsHours,
  });
  const chart = useMemo(() => {
    const heatmap = wantsHours && hours.data ? occupationHeatmap(hours.data.rows) : null;
    return heatmap ?? (answer ? reportChart(meta.chart, answer) : null);
  }, [wantsHours, hours.data, answer, meta.chart]);
  if (!chart) return null;
  return (
    <Card size="small" style={{ marginBottom: 12 }}>
      <LazyChart option={chart.option} height={chart.height} ariaLabel={chart.label} />
    </Card>
  );
}
