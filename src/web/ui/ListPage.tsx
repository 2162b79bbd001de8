import { useMemo, useState, type ReactNode } from 'react';
import { Button, Dropdown, Empty, Input, Select, Space, Table, Tooltip, Typography, type TableColumnsType } from 'antd';
import { ClearOutlined, DownloadOutlined, MoreOutlined, PlusOutlined, PrinterOutlined, SearchOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { PAGE_SIZES } from '../../domain/list';
import type { Action, ModuleKey } from '../../domain/privileges';
import { api } from '../app/api';
import { useCan } from '../app/privileges';
import { useSession } from '../app/session';
import { Clipped } from './Clipped';
import { confirmAction } from './confirm';
import { useShownColumns } from './ColumnChooser';
import { DetailModal } from './DetailModal';
import { exportCsv, printLimitNote, printList, type ExportColumn } from './exports';
import { FilterControl, filterDefaults, filterParams, type FilterDef } from './filters';
import { formatCount, formatMoney } from './format';
import { listTotals, type ListTotals, type TotalsAnswer } from './list-totals';
import { modal, notify } from './notify';
import { useListQuery } from './useListQuery';

export interface ListColumn<T> {
  key: string;
  title: string;
  render?: (row: T) => ReactNode;
  /** Plain text for CSV/print and the default detail view. */
  text?: (row: T) => string | number | null | undefined;
  sortField?: string;
  width?: number;
  /** Left out of the table until chosen under 'Columnas' (still in the detail and the exports): keeps a list within 1366 px. */
  optional?: boolean;
  /** A long value (a treatment's name) is cut to this width with an ellipsis, whole in its tooltip. */
  maxWidth?: number;
}

export interface RowAction<T> {
  key: string;
  label: string;
  action: Action;
  /** The module `action` is checked on, when not the list's (the customer list's 'Agendar' needs the agenda's create). */
  module?: ModuleKey;
  danger?: boolean;
  hidden?: (row: T) => boolean;
  onClick?: (row: T) => void;
  /** Relative path from the list, e.g. the row id for the edit form. */
  to?: (row: T) => string;
  /** A delete-like action: asks for confirmation, then POSTs to this path. */
  confirm?: { title: (row: T) => string; path: (row: T) => string; okText?: string };
}

/** A header button that opens a related screen, shown only with `action` on `module`. */
export interface ListLink {
  label: string;
  to: string;
  icon: ReactNode;
  module: ModuleKey;
  action: Action;
}

export interface ListPageProps<T> {
  title: string;
  resource: string;
  module: ModuleKey;
  columns: ListColumn<T>[];
  searchFields?: { value: string; label: string }[];
  filters?: FilterDef[];
  createPath?: string;
  createLabel?: string;
  rowActions?: RowAction<T>[];
  /** The detail modal's title, fixed or per row. */
  detailTitle?: string | ((row: T) => string);
  detail?: (row: T) => ReactNode;
  detailWidth?: number;
  exportName: string;
  defaultPageSize?: number;
  pageSizes?: number[];
  extraActions?: ReactNode;
  links?: ListLink[];
  rowKey?: (row: T) => string;
  /** A row's highlight class (an order received with differences, a lot about to expire). */
  rowClassName?: (row: T) => string;
  /** Fixed query parameters of this screen (e.g. the package type), sent with every request and export. */
  query?: Record<string, string>;
  /** Hides the CSV/PDF exports (e.g. the customer list, exported only by the Super Administrador). */
  canExport?: boolean;
  /** A 'Total' row under the table: the server's totals when its answer carries them, else the page's rows summed. */
  totals?: ListTotals<T>;
  /** Shown under the table with the answer (e.g. the commission lists' totals by type). */
  footer?: (answer: ListAnswer<T> | undefined) => ReactNode;
  /** A note between the filters and the table (e.g. a way to a period that has rows). */
  notice?: ReactNode;
}

export interface ListAnswer<T> {
  items: T[];
  meta: { itemCount: number; page: number; take: number; itemCountCapped?: boolean };
  /** Sums over every filtered row, by column key, for lists that compute them on the server. */
  totals?: TotalsAnswer;
}

const ALL = 'all';

/** The one list screen of the product: server pagination, sort, search, filters, exports, detail, options. */
export function ListPage<T extends { id: string }>(props: ListPageProps<T>) {
  const { resource, module, columns, filters = [], searchFields = [], rowActions = [] } = props;
  const can = useCan();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const paramNames = useMemo(() => filters.flatMap(filterParams), [filters]);
  const defaults = useMemo(() => Object.assign({}, ...filters.map(filterDefaults)) as Record<string, string>, [filters]);
  const { params, set, current, query: urlQuery, reset } = useListQuery(paramNames, props.defaultPageSize, defaults);
  const query = useMemo(() => ({ ...urlQuery, ...props.query }), [urlQuery, props.query]);
  // the box shows the search the URL holds: typed here, or restored when coming back from a record
  const searched = params.get('sv') ?? '';
  const [searchText, setSearchText] = useState(searched);
  const [shownSearch, setShownSearch] = useState(searched);
  if (searched !== shownSearch) {
    setShownSearch(searched);
    setSearchText(searched);
  }
  const [detail, setDetail] = useState<T | null>(null);
  const [exporting, setExporting] = useState(false);

  const {
    data: answer,
    isFetching,
    error,
    refetch,
  } = useQuery({
    queryKey: ['list', resource, query],
    queryFn: () => api<ListAnswer<T>>(`/${resource}`, { query }),
    // while the next page or search loads, the previous rows stay under the table's spinner
    placeholderData: keepPreviousData,
  });
  // a failed load (offline, server down) shows its error, never the rows of an earlier search or page as if current
  const data = error ? undefined : answer;

  const role = useSession((s) => s.user?.role);
  const branchBound = useSession((s) => Boolean(s.user?.branchBound));
  const visibleFilters = filters.filter(
    (f) =>
      f.kind !== 'select' ||
      ((!f.visibleWith || f.visibleWith.some(([m, a]) => can(m, a))) &&
        !(role && f.hiddenForRoles?.includes(role)) &&
        !(f.hiddenWhenBranchBound && branchBound)),
  );
  const actions = rowActions.filter((a) => can(a.module ?? module, a.action));
  const exportColumns: ExportColumn<T>[] = columns.map((c) => ({
    title: c.title,
    value: c.text ?? ((r) => String((r as Record<string, unknown>)[c.key] ?? '')),
  }));

  const runAction = (a: RowAction<T>, row: T) => {
    if (a.onClick) return a.onClick(row);
    if (a.to) return navigate(a.to(row));
    if (a.confirm) {
      const c = a.confirm;
      confirmAction({
        title: c.title(row),
        okText: c.okText,
        onOk: async () => {
          try {
            await api(c.path(row), { method: 'POST' });
            notify.success();
            await queryClient.invalidateQueries({ queryKey: ['list', resource] });
          } catch (err) {
            notify.error(err);
          }
        },
      });
    }
  };

  const { shown, chooser } = useShownColumns(`${resource}:${props.title}`, columns);
  const tableColumns: TableColumnsType<T> = shown.map((c, i) => ({
    key: c.key,
    dataIndex: c.key,
    title: c.title,
    width: c.width,
    sorter: Boolean(c.sortField),
    sortOrder: c.sortField && params.get('field') === c.sortField ? (params.get('order') === 'DESC' ? 'descend' : 'ascend') : null,
    render: (_: unknown, row: T) => {
      const value = c.render ? c.render(row) : ((row as Record<string, unknown>)[c.key] as ReactNode);
      const content = c.maxWidth ? <Clipped width={c.maxWidth} title={c.text?.(row)} content={value} /> : value;
      return i === 0 ? (
        <button type="button" className="link-cell" onClick={() => setDetail(row)}>
          {content}
        </button>
      ) : (
        content
      );
    },
  }));
  if (actions.length) {
    tableColumns.push({
      key: 'options',
      title: 'Opciones',
      width: 100,
      align: 'center',
      // wide lists scroll sideways; the row's options stay in view
      fixed: 'right',
      render: (_: unknown, row: T) => {
        const items = actions.filter((a) => !a.hidden?.(row));
        if (!items.length) return null;
        return (
          <Dropdown
            trigger={['click']}
            menu={{
              items: items.map((a) => ({ key: a.key, label: a.label, danger: a.danger })),
              onClick: ({ key }) =>
                void runAction(
                  items.find((a) => a.key === key)!,
                  row,
                ),
            }}
          >
            <Button type="text" icon={<MoreOutlined />} aria-label="Opciones" />
          </Dropdown>
        );
      },
    });
  }

  const sortKeyOf = (key: string) => columns.find((c) => c.key === key)?.sortField;
  const takeParam = params.get('take');
  const pageSize = takeParam === ALL ? data?.meta.itemCount || 1 : Number(takeParam ?? props.defaultPageSize ?? 15);
  const sizes = props.pageSizes ?? [...PAGE_SIZES];

  const doExport = async (kind: 'csv' | 'print') => {
    setExporting(true);
    try {
      if (kind === 'csv') await exportCsv(resource, query, props.exportName);
      else await printList(resource, query, props.title, exportColumns);
    } catch (err) {
      notify.error(err);
    } finally {
      setExporting(false);
    }
  };
  /** A print longer than the limit says so first; printing then opens its window from the dialog's button. */
  const print = () => {
    const note = printLimitNote(data?.meta);
    if (!note) return void doExport('print');
    modal().confirm({ title: 'Impresión limitada', content: note, okText: 'Imprimir', cancelText: 'Cancelar', onOk: () => void doExport('print') });
  };

  return (
    <div>
      <div className="page-title">
        <h2>{props.title}</h2>
        <Space wrap>
          {props.extraActions}
          {props.links
            ?.filter((l) => can(l.module, l.action))
            .map((l) => (
              <Button key={l.to} icon={l.icon} onClick={() => navigate(l.to)}>
                {l.label}
              </Button>
            ))}
          {props.createPath && can(module, 'create') && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(props.createPath!)}>
              {props.createLabel ?? 'Nuevo'}
            </Button>
          )}
        </Space>
      </div>
      <div className="list-toolbar">
        {searchFields.length > 0 && (
          <Space.Compact>
            <Select
              aria-label="Campo de búsqueda"
              style={{ width: 150 }}
              value={params.get('sf') ?? searchFields[0].value}
              options={searchFields}
              onChange={(v) => set({ sf: v })}
            />
            <Input
              aria-label="Buscar"
              placeholder="Buscar…"
              allowClear
              style={{ width: 240 }}
              value={searchText}
              onChange={(e) => {
                setSearchText(e.target.value);
                if (!e.target.value) set({ sv: undefined });
              }}
              onPressEnter={() => set({ sv: searchText.trim() || undefined, sf: current().get('sf') ?? searchFields[0].value })}
            />
            <Button
              icon={<SearchOutlined />}
              aria-label="Buscar ahora"
              onClick={() => set({ sv: searchText.trim() || undefined, sf: current().get('sf') ?? searchFields[0].value })}
            />
          </Space.Compact>
        )}
        {visibleFilters.map((f) => (
          <FilterControl key={filterParams(f).join()} def={f} params={params} set={set} />
        ))}
        <Tooltip title="Limpiar filtros">
          <Button
            icon={<ClearOutlined />}
            aria-label="Limpiar filtros"
            onClick={() => {
              setSearchText('');
              reset();
            }}
          />
        </Tooltip>
        <div style={{ flex: 1 }} />
        <Space size={4}>
          <Typography.Text type="secondary">Mostrar</Typography.Text>
          <Select
            aria-label="Registros por página"
            style={{ width: 90 }}
            value={takeParam ?? String(props.defaultPageSize ?? 15)}
            // every row at once is an export: offered only where exporting is (the server refuses it too)
            options={[...sizes.map((n) => ({ value: String(n), label: String(n) })), ...(props.canExport !== false ? [{ value: ALL, label: 'Todos' }] : [])]}
            onChange={(v) => set({ take: v === String(props.defaultPageSize ?? 15) ? undefined : v })}
          />
        </Space>
        {chooser}
        <Typography.Text type="secondary" data-testid="total-records">
          Total de registros: {data?.meta.itemCountCapped ? `más de ${formatCount(data.meta.itemCount)}` : formatCount(data?.meta.itemCount ?? 0)}
        </Typography.Text>
        {props.canExport !== false && (
          <>
            <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => doExport('csv')}>
              CSV
            </Button>
            <Button icon={<PrinterOutlined />} loading={exporting} onClick={print}>
              PDF
            </Button>
          </>
        )}
      </div>
      {props.notice}
      <Table<T>
        rowKey={props.rowKey ?? ((r) => r.id)}
        rowClassName={props.rowClassName}
        size="middle"
        loading={isFetching}
        columns={tableColumns}
        dataSource={data?.items ?? []}
        scroll={{ x: 'max-content' }}
        locale={{
          emptyText: error ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={<span data-testid="list-error">{(error as Error).message}</span>}>
              <Button onClick={() => void refetch()}>Reintentar</Button>
            </Empty>
          ) : (
            <Empty description="Sin registros" />
          ),
        }}
        onChange={(_p, _f, sorter) => {
          const s = Array.isArray(sorter) ? sorter[0] : sorter;
          const field = s?.order ? sortKeyOf(String(s.columnKey)) : undefined;
          set({ field, order: field ? (s.order === 'descend' ? 'DESC' : 'ASC') : undefined }, false);
        }}
        summary={
          props.totals && data?.items.length
            ? () => <TotalsRow totals={props.totals!} rows={data.items} fromServer={data.totals} columns={tableColumns} />
            : undefined
        }
        pagination={{
          current: Number(params.get('page') ?? 1),
          pageSize,
          total: data?.meta.itemCount ?? 0,
          showSizeChanger: false,
          onChange: (page) => set({ page: page > 1 ? String(page) : undefined }, false),
        }}
      />
      {props.footer?.(data)}
      <DetailModal<T>
        title={props.detailTitle ?? 'Detalle'}
        row={detail}
        width={props.detailWidth}
        onClose={() => setDetail(null)}
        columns={columns}
        render={props.detail}
      />
    </div>
  );
}

/** The list's totals row, one cell per table column: the label in the first, the sums under their columns. */
function TotalsRow<T>({ totals, rows, fromServer, columns }: { totals: ListTotals<T>; rows: T[]; fromServer?: TotalsAnswer; columns: TableColumnsType<T> }) {
  const sums = listTotals(rows, totals, fromServer);
  const kindOf = (key: string) => totals.columns.find((c) => c.key === key)?.kind ?? 'money';
  return (
    <Table.Summary fixed="bottom">
      <Table.Summary.Row data-testid="list-totals">
        {columns.map((c, i) => {
          const key = String(c.key);
          const sum = sums[key];
          return (
            <Table.Summary.Cell key={key} index={i} align={sum === undefined ? undefined : 'right'}>
              {i === 0 && sum === undefined ? <strong>{totals.label ?? 'Total'}</strong> : null}
              {sum === undefined ? null : (
                <strong style={{ fontVariantNumeric: 'tabular-nums' }}>{kindOf(key) === 'count' ? formatCount(sum) : formatMoney(sum)}</strong>
              )}
            </Table.Summary.Cell>
          );
        })}
      </Table.Summary.Row>
    </Table.Summary>
  );
}
