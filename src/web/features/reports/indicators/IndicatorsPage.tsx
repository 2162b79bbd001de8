import { lazy, Suspense, useMemo, useState } from 'react';
import { Alert, Spin, Table, Typography, type TableColumnsType } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { formatIndicator, INDICATOR_NAMES, INDICATORS } from '../../../../domain/indicators';
import { indicatorRoutes, type Indicators } from '../../../../domain/indicators.contract';
import { call } from '../../../app/api';
import { useSession } from '../../../app/session';
import { formatCalendarDate } from '../../../ui/format';
import { useListQuery } from '../../../ui/useListQuery';
import { MUTED_TEXT } from '../cells';
import { ReportFilters } from '../ReportFilters';
import { readsEveryReport } from '../report-state';
import { ChangeText, IndicatorCards } from './IndicatorCards';
import { IndicatorDrillModal, type IndicatorDrillTarget } from './IndicatorDrillModal';

const Forbidden = lazy(() => import('../../../app/Forbidden'));
const NO_PARAMS: string[] = [];
/** The filters the page shows (the reports' own form): a date range, a month, a year and a branch. */
const FILTERS = { filters: ['dates', 'month', 'year', 'branch'] as const };
const PERIOD_PARAMS = ['startDate', 'endDate', 'month', 'year'] as const;

/** One period at a time: choosing a range, a month or a year clears the other two. */
export function indicatorPeriodChanges(changes: Record<string, string | undefined>): Record<string, string | undefined> {
  const cleared = Object.fromEntries(PERIOD_PARAMS.map((p) => [p, undefined]));
  if (changes.startDate || changes.endDate || changes.month || changes.year) return { ...cleared, ...changes };
  return changes;
}

type Row = Indicators['rows'][number];

/** /dashboard/indicadores: the owner's indicators, by branch and for the chain, against the same days of last year. */
export default function IndicatorsPage() {
  const allowed = useSession((s) => readsEveryReport(s.user?.privileges));
  if (!allowed)
    return (
      <Suspense fallback={null}>
        <Forbidden />
      </Suspense>
    );
  return <IndicatorsBoard />;
}

function IndicatorsBoard() {
  const { params, set } = useListQuery(NO_PARAMS);
  const query = useMemo(() => {
    const q: Record<string, string> = {};
    for (const p of [...PERIOD_PARAMS, 'branchId']) if (params.get(p)) q[p] = params.get(p)!;
    return q;
  }, [params]);
  const answer = useQuery({ queryKey: ['indicators', query], queryFn: () => call(indicatorRoutes.get, { query }), placeholderData: keepPreviousData });
  const [drilled, setDrilled] = useState<IndicatorDrillTarget | null>(null);
  const data = answer.error ? undefined : answer.data;
  const scope = data?.rows[0];

  const columns: TableColumnsType<Row> = [
    {
      key: 'branch',
      title: 'Sucursal',
      dataIndex: 'branch',
      fixed: 'left',
      render: (text: string, row) => (row.branchId === null ? <strong>{data?.branch ? text : 'Toda la cadena'}</strong> : text),
    },
    ...INDICATOR_NAMES.map((name) => {
      const meta = INDICATORS[name];
      return {
        key: name,
        title: meta.label,
        align: 'right' as const,
        onCell: () => ({ style: { whiteSpace: 'nowrap' as const } }),
        render: (_: unknown, row: Row) => {
          const f = row.figures[name];
          return (
            <div>
              <button
                type="button"
                className="link-cell"
                onClick={() => setDrilled({ name, branchId: row.branchId ?? undefined, branch: row.branch })}
                // the name starts with the figure shown (what a voice user says to click it)
                aria-label={`${formatIndicator(meta.unit, f.value)}: ver el detalle de ${meta.label} de ${row.branch}`}
              >
                {formatIndicator(meta.unit, f.value)}
              </button>
              <div style={{ fontSize: 12 }}>
                <span style={{ color: MUTED_TEXT }}>{formatIndicator(meta.unit, f.lastYear)}</span> <ChangeText meta={meta} figure={f} />
              </div>
            </div>
          );
        },
      };
    }),
  ];

  return (
    <div style={{ minWidth: 0 }}>
      <div className="page-title">
        <h2>Indicadores</h2>
      </div>
      <div className="list-toolbar">
        <ReportFilters meta={FILTERS} params={params} set={(changes) => set(indicatorPeriodChanges(changes))} period={data?.period} />
      </div>
      {answer.error && <Alert type="error" showIcon style={{ marginBottom: 12 }} title={(answer.error as Error).message} data-testid="indicators-error" />}
      {data && (
        <Typography.Paragraph style={{ color: MUTED_TEXT }} data-testid="indicators-period">
          {data.branch?.name ?? 'Toda la cadena'} · del {formatCalendarDate(data.period.from)} al {formatCalendarDate(data.period.to)}, contra el{' '}
          {formatCalendarDate(data.lastYearPeriod.from)} al {formatCalendarDate(data.lastYearPeriod.to)}
        </Typography.Paragraph>
      )}
      {scope ? (
        <IndicatorCards figures={scope.figures} onDrill={(name) => setDrilled({ name, branch: scope.branch })} />
      ) : (
        !answer.error && <Spin style={{ display: 'block', margin: '40px auto' }} />
      )}
      <Table<Row>
        data-testid="indicators-table"
        size="small"
        bordered
        rowKey={(r) => r.branchId ?? 'chain'}
        loading={answer.isFetching}
        columns={columns}
        // with a branch chosen the scope's row is that branch's: shown once
        dataSource={data ? (data.branch ? data.rows.slice(1) : data.rows) : []}
        scroll={{ x: 'max-content' }}
        pagination={false}
      />
      <Typography.Paragraph style={{ marginTop: 8, fontSize: 12, color: MUTED_TEXT }}>
        Cada celda: la cifra del periodo (clic para ver las filas detrás de ella), debajo la del mismo periodo del año anterior y el cambio. «—» cuando no hay
        nada que contar.
      </Typography.Paragraph>
      <IndicatorDrillModal query={query} target={drilled} onClose={() => setDrilled(null)} />
    </div>
  );
}
