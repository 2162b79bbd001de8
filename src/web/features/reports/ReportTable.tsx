import { useMemo, useRef, useState } from 'react';
import { Empty, Table, Tag, type TableColumnsType } from 'antd';
import type { Report, ReportRow } from '../../../domain/reports.contract';
import { useKeyboardScroll } from '../../ui/keyboard-scroll';
import { bandColor, cellText, isFigure } from './cells';

/** Detail tables: 20 a page, options 10, 20, 40, 60, 80 (section 9). */
const PAGE_SIZES = [10, 20, 40, 60, 80];

/** A line report read a page at a time: the server's page (answer.meta) and what changing it does. */
export interface ServerPaging {
  page: number;
  take: number;
  onChange: (page: number, take: number) => void;
}

interface Props {
  answer: Pick<Report, 'columns' | 'rows' | 'totals' | 'totalsLabel' | 'meta'>;
  /** Given, and the answer carries `meta`: the table pages on the server; otherwise it pages the rows it holds. */
  paging?: ServerPaging;
  loading?: boolean;
  /** The column whose cells open the rows behind them, and what a click on one does. */
  drill?: { column: string; open: (row: ReportRow) => void; canOpen: (row: ReportRow) => boolean };
  testId?: string;
  /** The empty state's text when it is not that the filters found nothing. */
  emptyText?: string;
}

type Keyed = ReportRow & { __key: string };

/**
 * A report's rows under the columns the API answered, typed (money $ with two decimals, percents, DD/MM/AAAA), the
 * first column fixed while the table scrolls sideways inside itself, and the totals row the answer carries.
 */
export function ReportTable({ answer, loading, drill, paging, testId = 'report-table', emptyText }: Props) {
  const [pageSize, setPageSize] = useState(20);
  const rows = useMemo<Keyed[]>(() => answer.rows.map((r, i) => ({ ...r, __key: String(i) })), [answer.rows]);
  const columns: TableColumnsType<Keyed> = answer.columns.map((c, i) => ({
    key: c.key,
    dataIndex: c.key,
    title: c.label,
    align: isFigure(c) ? 'right' : 'left',
    fixed: i === 0 ? 'left' : undefined,
    // names and concepts may wrap; figures and dates stay on one line
    ellipsis: false,
    onCell: () => ({ style: { whiteSpace: c.type === 'text' ? 'normal' : 'nowrap', minWidth: c.type === 'text' ? 90 : undefined } }),
    render: (_: unknown, row: Keyed) => {
      const value = row[c.key];
      const text = cellText(c, value);
      const band = bandColor(c, value);
      const shown = band ? <Tag color={band}>{text}</Tag> : <span style={{ fontVariantNumeric: 'tabular-nums' }}>{text}</span>;
      if (drill && drill.column === c.key && text && drill.canOpen(row))
        return (
          <button type="button" className="link-cell" onClick={() => drill.open(row)} aria-label={`Ver el detalle de ${text}`}>
            {text}
          </button>
        );
      return shown;
    },
  }));
  const totals = answer.totals;
  const box = useRef<HTMLDivElement>(null);
  useKeyboardScroll(box);
  return (
    <div ref={box}>
      <Table<Keyed>
        data-testid={testId}
        size="small"
        bordered
        rowKey="__key"
        loading={loading}
        columns={columns}
        dataSource={rows}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty description={emptyText ?? 'No hay datos para el periodo y los filtros elegidos'} /> }}
        pagination={
          paging && answer.meta
            ? {
                current: answer.meta.page,
                pageSize: answer.meta.take,
                total: answer.meta.itemCount,
                pageSizeOptions: PAGE_SIZES,
                showSizeChanger: true,
                onChange: (page, size) => paging.onChange(size === answer.meta!.take ? page : 1, size),
              }
            : rows.length > PAGE_SIZES[0]!
              ? { pageSize, pageSizeOptions: PAGE_SIZES, showSizeChanger: true, onChange: (_, size) => setPageSize(size) }
              : false
        }
        summary={
          totals && rows.length
            ? () => (
                <Table.Summary fixed="bottom">
                  <Table.Summary.Row data-testid={`${testId}-totals`}>
                    {answer.columns.map((c, i) => {
                      const value = totals[c.key];
                      const label = i === 0 && (value === null || value === undefined);
                      return (
                        <Table.Summary.Cell key={c.key} index={i} align={isFigure(c) ? 'right' : 'left'} {...(i === 0 && { fixed: 'left' as const })}>
                          <strong style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: label ? 'normal' : 'nowrap' }}>
                            {label ? (answer.totalsLabel ?? 'Total') : cellText(c, value)}
                          </strong>
                        </Table.Summary.Cell>
                      );
                    })}
                  </Table.Summary.Row>
                </Table.Summary>
              )
            : undefined
        }
      />
    </div>
  );
}
