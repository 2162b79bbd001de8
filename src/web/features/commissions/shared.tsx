import { Fragment, useMemo, useState, type ReactNode } from 'react';
import { Button, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import {
  COMMISSION_DETAIL_PAGE_SIZE,
  COMMISSION_DETAIL_PAGE_SIZES,
  COMMISSION_MODAL_WIDTH,
  COMMISSION_TYPE_LABELS,
  type CommissionType,
  type CommissionTypeTotals,
} from '../../../domain/commissions.contract';
import type { ModuleKey } from '../../../domain/privileges';
import { useCan } from '../../app/privileges';
import { ListPage, type ListColumn } from '../../ui/ListPage';
import { textColumn } from '../../ui/list-columns';
import { Money } from '../../ui/Money';
import { usePagedList, type Page } from '../../ui/PagedTable';
import { commissionFilters, dayText, useListFilters } from './filters';
import { ManualLineModal } from './ManualLineModal';
import { LatestMonthNotice } from './LatestMonthNotice';

/** What the two commission screens share: the per-person summary list and a person's lines with their totals. */

export type Kind = 'medical' | 'cosmetic';

interface PersonRow {
  id: string;
  userId: string;
  employeeNumber: string | null;
  name: string;
  lastName: string;
  motherLastName: string | null;
}

const surnames = (r: PersonRow) => [r.lastName, r.motherLastName].filter(Boolean).join(' ');

interface SummaryListProps<T extends PersonRow> {
  title: string;
  kind: Kind;
  module: ModuleKey;
  exportName: string;
  /** The money columns after the person, each one also summed in the total row. */
  amounts: ListColumn<T>[];
  /** The detail modal's title before the person's name. */
  detailTitle: string;
  lines: (userId: string) => ReactNode;
}

/** One row per person with the period's sums; the employee number opens that person's lines. */
export function CommissionSummaryList<T extends PersonRow>({ title, kind, module, exportName, amounts, detailTitle, lines }: SummaryListProps<T>) {
  const filters = useMemo(() => commissionFilters(module, kind), [module, kind]);
  const can = useCan();
  const [recording, setRecording] = useState(false);
  return (
    <>
      <ListPage<T>
        title={title}
        resource={`commission/${kind}`}
        module={module}
        exportName={exportName}
        filters={filters}
        searchFields={[
          { value: 'name', label: 'Nombre' },
          { value: 'employeeNumber', label: 'Número de empleado' },
        ]}
        columns={[
          textColumn('employeeNumber', 'Número de empleado', (r) => r.employeeNumber ?? '—', { sort: true }),
          textColumn('name', 'Nombre', (r) => r.name, { sort: true }),
          textColumn('lastName', 'Apellidos', surnames, { sort: true }),
          ...amounts,
        ]}
        detailTitle={(r) => `${detailTitle} de ${r.name} ${surnames(r)}`}
        detailWidth={COMMISSION_MODAL_WIDTH}
        detail={(r) => lines(r.userId)}
        totals={{ columns: amounts.map((c) => ({ key: c.key })) }}
        notice={<LatestMonthNotice kind={kind} />}
        footer={(answer) => <TypeTotals byType={(answer?.totals as { byType?: CommissionTypeTotals[] } | undefined)?.byType} />}
        extraActions={
          can(module, 'edit') && (
            <Button icon={<PlusOutlined />} onClick={() => setRecording(true)}>
              Registrar comisión
            </Button>
          )
        }
      />
      <ManualLineModal kind={kind} open={recording} onClose={() => setRecording(false)} />
    </>
  );
}

/** The period's commission by type (section 9's types of the list), under the per-person list. */
function TypeTotals({ byType }: { byType?: CommissionTypeTotals[] }) {
  if (!byType?.length) return null;
  return (
    <Typography.Paragraph style={{ textAlign: 'right', marginTop: 8 }} data-testid="commission-type-totals">
      Por tipo:{' '}
      {byType.map((t, i) => (
        <Fragment key={t.type}>
          {i > 0 && ' · '}
          {COMMISSION_TYPE_LABELS[t.type]} <Money value={t.commission} />
        </Fragment>
      ))}
    </Typography.Paragraph>
  );
}

/** A line's type, with what a line written later or by hand is for. */
export const typeColumn = <L extends { type: CommissionType; concept: string | null }>(): TableColumnsType<L>[number] => ({
  key: 'type',
  title: 'Tipo',
  render: (_, l) => (
    <>
      {COMMISSION_TYPE_LABELS[l.type]}
      {l.concept && (
        <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
          {l.concept}
        </Typography.Text>
      )}
    </>
  ),
});

/** The appointment's or sale's number, tagged when the line reverses it (a refund, or a seller change: its concept). */
export const numberCell = (number: string | null, reversal: boolean, concept?: string | null) => (
  <>
    {number ?? '—'} {reversal && <Tag color="red">{concept ?? 'Devolución'}</Tag>}
  </>
);

interface PlacedLine {
  branch: { name: string };
  date: string;
  time: string;
}

/** Branch, date and time of a line. */
export const placeColumns = <L extends PlacedLine>(): TableColumnsType<L> => [
  { key: 'branch', title: 'Sucursal', render: (_, l) => l.branch.name },
  { key: 'date', title: 'Fecha', render: (_, l) => dayText(l.date) },
  { key: 'time', dataIndex: 'time', title: 'Hora' },
];

/** An amount of a line, right-aligned. */
export const amountColumn = <L,>(key: string, title: string, value: (l: L) => number): TableColumnsType<L>[number] => ({
  key,
  title,
  align: 'right',
  render: (_, l) => <Money value={value(l)} />,
});

interface LinesTableProps<L, Totals> {
  kind: Kind;
  userId: string;
  testId: string;
  columns: TableColumnsType<L>;
  /** The sums under the table as label and amount; the last one stands out. */
  totals: (totals: Totals) => [label: string, amount: number][];
}

/** A person's lines in the list's period (5 per page, options 5, 10, 15) and their sums. */
export function CommissionLinesTable<L extends { id: string }, Totals>({ kind, userId, testId, columns, totals }: LinesTableProps<L, Totals>) {
  const filters = useListFilters();
  const { data, tableProps } = usePagedList<L, Page<L> & { totals: Totals }>({
    path: `/commission/${kind}/${userId}/user`,
    query: filters,
    queryKey: ['commission-lines', kind, userId],
    pageSize: COMMISSION_DETAIL_PAGE_SIZE,
    pageSizes: [...COMMISSION_DETAIL_PAGE_SIZES],
    emptyText: 'Sin comisiones en el periodo',
  });
  const sums = data ? totals(data.totals) : [];
  const last = sums.at(-1);
  return (
    <>
      <Table<L> data-testid={testId} size="small" rowKey="id" {...tableProps} columns={columns} />
      {last && (
        <Typography.Paragraph style={{ textAlign: 'right', marginTop: 8 }} data-testid={`${testId}-totals`}>
          {sums.slice(0, -1).map(([label, amount]) => (
            <Fragment key={label}>
              {label} <Money value={amount} /> ·{' '}
            </Fragment>
          ))}
          {last[0]}{' '}
          <strong>
            <Money value={last[1]} />
          </strong>
        </Typography.Paragraph>
      )}
    </>
  );
}
