import { lazy, Suspense, useMemo, useState } from 'react';
import { Alert, Button, Descriptions, Select, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { REPORTS, type ReportName } from '../../../domain/reports';
import { reportRoutes, type Report, type ReportRow } from '../../../domain/reports.contract';
import { call, download } from '../../app/api';
import { useSession } from '../../app/session';
import { formatCalendarDate } from '../../ui/format';
import { notify } from '../../ui/notify';
import { useListQuery } from '../../ui/useListQuery';
import { cellText, MUTED_TEXT } from './cells';
import { can } from '../../../domain/privileges';
import { ReportChartCard } from './ReportChartCard';
import { DrillModal, type DrillTarget } from './DrillModal';
import { ReportFilters } from './ReportFilters';
import { BASIS_LABELS, drillKeyOf, openableReports, periodChanges, reportOf, reportOptions, reportQueryOf, switchReport } from './report-state';
import { ReportTable } from './ReportTable';
import { ScheduleButtons } from './subscriptions/ScheduleButtons';

const Forbidden = lazy(() => import('../../app/Forbidden'));
const NO_PARAMS: string[] = [];
/** Detail tables: 20 rows a page (section 9). */
const DETAIL_PAGE_SIZE = 20;

/** The header block of a report (section 2; the workbook writes the same): who, what, when, where and on which basis. */
function ReportHeader({ answer }: { answer: Report }) {
  return (
    <Descriptions
      data-testid="report-header"
      size="small"
      bordered
      column={3}
      style={{ marginBottom: 12 }}
      items={[
        { key: 'title', label: 'Reporte', children: answer.title },
        { key: 'user', label: 'Usuario', children: answer.generatedBy.name },
        { key: 'role', label: 'Rol', children: answer.generatedBy.role },
        { key: 'period', label: 'Periodo', children: `${formatCalendarDate(answer.period.from)} al ${formatCalendarDate(answer.period.to)}` },
        { key: 'branch', label: 'Sucursal', children: answer.branch?.name ?? 'Todas las sucursales' },
        ...(answer.basis ? [{ key: 'basis', label: 'Base', children: BASIS_LABELS[answer.basis] }] : []),
      ]}
    />
  );
}

/** What a row is about: its text cells before the first figure (branch · cabin, a person's names · branch). */
const leadingText = (columns: Report['columns'], row: ReportRow) => {
  const end = columns.findIndex((c) => c.type !== 'text');
  return (end < 0 ? columns : columns.slice(0, end))
    .map((c) => cellText(c, row[c.key]))
    .filter(Boolean)
    .join(' · ');
};

/** /dashboard/reportes: the hub of the 16 reports (second document, section 2), the report and its filters in the URL. */
export default function ReportsPage() {
  const privileges = useSession((s) => s.user?.privileges);
  const openable = useMemo(() => openableReports(privileges), [privileges]);
  if (!openable.length)
    return (
      <Suspense fallback={null}>
        <Forbidden />
      </Suspense>
    );
  return <ReportsHub openable={openable} />;
}

function ReportsHub({ openable }: { openable: ReportName[] }) {
  const { params, set, current } = useListQuery(NO_PARAMS);
  const name = reportOf(params, openable)!;
  const meta = REPORTS[name];
  const query = useMemo(() => reportQueryOf(meta, params), [meta, params]);
  // a line report (a year of the chain's appointments) is read a page at a time; other reports ignore the page
  const [paging, setPaging] = useState({ query, page: 1, take: DETAIL_PAGE_SIZE });
  const page = paging.query === query ? paging : { query, page: 1, take: paging.take };
  const report = useQuery({
    queryKey: ['report', name, query, page.page, page.take],
    queryFn: () => call(reportRoutes.get, { params: { name }, query: { ...query, page: String(page.page), take: String(page.take) } }),
    // the previous figures stay under the spinner while the next filters load, never another report's
    placeholderData: (previous) => (previous?.name === name ? keepPreviousData(previous) : undefined),
  });
  const answer = report.error ? undefined : report.data;
  // the Excel file is reports.reports (a medic exports their own fees with it)
  const exports = useSession((s) => can(s.user?.privileges, 'reports', 'reports'));
  const [exporting, setExporting] = useState(false);
  const [drilled, setDrilled] = useState<DrillTarget | null>(null);

  const setFilters = (changes: Record<string, string | undefined>) => set(periodChanges(changes));
  const choose = (next: ReportName) => {
    const url = switchReport(current(), next);
    set(Object.fromEntries([...[...current().keys()].map((k) => [k, undefined]), ...url.entries()]));
  };
  const exportXlsx = async () => {
    setExporting(true);
    try {
      await download(`/report/${name}`, { ...query, format: 'xlsx' }, `${name}.xlsx`);
    } catch (err) {
      notify.error(err);
    } finally {
      setExporting(false);
    }
  };
  const drillColumn = meta.drill;
  const drill = drillColumn
    ? {
        column: drillColumn,
        canOpen: (row: ReportRow) => drillKeyOf(row) !== undefined,
        open: (row: ReportRow) =>
          setDrilled({
            key: drillKeyOf(row)!,
            label: leadingText(answer!.columns, row),
            value: cellText(answer!.columns.find((c) => c.key === drillColumn) ?? { type: 'text' }, row[drillColumn]),
          }),
      }
    : undefined;

  return (
    <div style={{ minWidth: 0 }}>
      <div className="page-title">
        <h2>Reportes</h2>
      </div>
      <div className="list-toolbar">
        <Select<ReportName>
          aria-label="Reporte"
          showSearch={{ optionFilterProp: 'label' }}
          style={{ width: 300 }}
          value={name}
          options={reportOptions(openable)}
          onChange={choose}
        />
        <ReportFilters meta={meta} params={params} set={setFilters} period={answer?.period} />
        <div style={{ flex: 1 }} />
        {exports && (
          <Button icon={<DownloadOutlined />} loading={exporting} disabled={!answer?.rows.length} onClick={() => void exportXlsx()}>
            Excel
          </Button>
        )}
        <ScheduleButtons name={name} query={query} />
      </div>
      {report.error && <Alert type="error" showIcon style={{ marginBottom: 12 }} title={(report.error as Error).message} data-testid="report-error" />}
      {answer && <ReportHeader answer={answer} />}
      <ReportChartCard meta={meta} query={query} answer={answer} />
      <ReportTable
        answer={answer ?? { columns: [...meta.columns], rows: [], totals: null }}
        loading={report.isFetching}
        drill={drill}
        paging={{ ...page, onChange: (next, take) => setPaging({ query, page: next, take }) }}
        emptyText={report.error ? 'No se pudo cargar el reporte' : undefined}
      />
      <Typography.Paragraph style={{ marginTop: 12, color: MUTED_TEXT }} data-testid="report-definition">
        {answer?.definition ?? meta.definition}
      </Typography.Paragraph>
      {drillColumn && <DrillModal name={name} title={meta.title} query={query} target={drilled} onClose={() => setDrilled(null)} />}
    </div>
  );
}
