import { Card, Col, Empty, Progress, Row, Skeleton, Space, Statistic, Table, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { APPOINTMENT_STATUSES, appointmentStatusColors, appointmentStatusLabels } from '../../../domain/agenda';
import { HOME_EXPIRY_DAYS, type HomeToday } from '../../../domain/home.contract';
import { daysBetween, expiryColor, formatIsoDate, type ExpiryColor } from '../../../domain/inventory';
import { formatMoney } from '../../../domain/money';
import { formatCount } from '../../ui/format';
import { Money } from '../../ui/Money';
import { DotTag } from '../../ui/StatusTag';

type Appointments = NonNullable<HomeToday['appointments']>;
type Sales = NonNullable<HomeToday['sales']>;
type Lots = NonNullable<HomeToday['expiringLots']>;
type Lot = Lots['items'][number];

/**
 * Each block's height, fixed: the tiles below do not move when the day's figures arrive (the blocks load as cards of
 * this height, TodayPlaceholders), and a long list of lots scrolls inside its card.
 */
export const TODAY_CARD_HEIGHT = 340;
const cardStyle = { height: TODAY_CARD_HEIGHT, display: 'flex', flexDirection: 'column' } as const;
const cardStyles = { body: { flex: 1, minHeight: 0, overflow: 'auto' } } as const;

/** The inventory's expiry colours as antd tag colours (the stock screen's). */
const EXPIRY_TAG: Record<ExpiryColor, string> = { danger: 'red', warning: 'orange', alert: 'gold', okay: 'green' };

/** The day's appointments by status, in the agenda's labels and colours. */
export function AppointmentsCard({ data }: { data: Appointments }) {
  return (
    <Card title="Citas" extra={<Link to="/dashboard/agenda">Agenda</Link>} style={cardStyle} styles={cardStyles} data-testid="home-appointments">
      <Statistic value={data.total} suffix={data.total === 1 ? 'cita' : 'citas'} />
      <Space orientation="vertical" size={6} style={{ width: '100%', marginTop: 12 }}>
        {APPOINTMENT_STATUSES.map((status) => (
          <Row key={status} justify="space-between" align="middle">
            <DotTag color={`#${appointmentStatusColors[status]}`}>{appointmentStatusLabels[status]}</DotTag>
            <Typography.Text strong aria-label={appointmentStatusLabels[status]}>
              {formatCount(data.byStatus[status])}
            </Typography.Text>
          </Row>
        ))}
      </Space>
    </Card>
  );
}

/** The progress bar of today's sales against the day's share of the month's goal. */
function DayGoal({ goal }: { goal: NonNullable<Sales['goal']> }) {
  const exceeded = goal.remaining < 0;
  return (
    <div>
      <Row justify="space-between">
        <Typography.Text type="secondary">Meta del día</Typography.Text>
        <Money value={goal.dailyGoal} />
      </Row>
      <Progress
        aria-label="Avance de la meta del día"
        percent={Math.min(goal.percent, 100)}
        format={() => `${goal.percent.toFixed(2)} %`}
        status={exceeded ? 'success' : 'active'}
      />
      <Typography.Text type="secondary">
        {exceeded ? `Meta superada por ${formatMoney(-goal.remaining)}` : `Faltan ${formatMoney(goal.remaining)}`} · Meta del mes {formatMoney(goal.monthGoal)}
      </Typography.Text>
    </div>
  );
}

/** What the branch sold so far today, and how far that goes against the day's goal. */
export function SalesCard({ data, goalLink }: { data: Sales; goalLink: boolean }) {
  return (
    <Card title="Ventas" extra={goalLink && <Link to="/dashboard/metas">Metas</Link>} style={cardStyle} styles={cardStyles} data-testid="home-sales">
      <Statistic value={formatMoney(data.total)} />
      <Space orientation="vertical" size={4} style={{ width: '100%', margin: '8px 0 16px' }}>
        <Row justify="space-between">
          <Typography.Text type="secondary" title="Tratamientos y paquetes">
            Servicios ({formatCount(data.orders.count)})
          </Typography.Text>
          <Money value={data.orders.total} />
        </Row>
        <Row justify="space-between">
          <Typography.Text type="secondary">Productos ({formatCount(data.cashOrders.count)})</Typography.Text>
          <Money value={data.cashOrders.total} />
        </Row>
      </Space>
      {data.goal ? <DayGoal goal={data.goal} /> : <Typography.Text type="secondary">Sin meta registrada para este mes</Typography.Text>}
    </Card>
  );
}

function expiryText(expiresAt: string, today: string): string {
  const days = daysBetween(today, expiresAt);
  if (days === 0) return 'hoy';
  return days === 1 ? 'en 1 día' : `en ${days} días`;
}

/** '10 de 12 lotes · 205 unidades', and the expired lots still holding units, which the inventory writes off. */
function LotsSummary({ data }: { data: Lots }) {
  const more = data.count > data.items.length;
  const lots = (n: number) => `${formatCount(n)} ${n === 1 ? 'lote' : 'lotes'}`;
  return (
    <Space orientation="vertical" size={4} style={{ marginTop: 8 }}>
      {data.count > 0 && (
        <Typography.Text type="secondary">
          {more ? `${formatCount(data.items.length)} de ${lots(data.count)}` : lots(data.count)} · {formatCount(data.units)} unidades
          {more && (
            <>
              {' · '}
              <Link to="/dashboard/inventario">ver todos</Link>
            </>
          )}
        </Typography.Text>
      )}
      {data.expired.count > 0 && (
        <Typography.Text type="danger" data-testid="home-expired-lots">
          {data.expired.count === 1 ? '1 lote caducado' : `${formatCount(data.expired.count)} lotes caducados`} con {formatCount(data.expired.units)} unidades
          por dar de baja
        </Typography.Text>
      )}
    </Space>
  );
}

/** The branch's lots that expire within 30 days (or already did) while holding units. */
export function LotsCard({ data, today }: { data: Lots; today: string }) {
  const columns = [
    { key: 'product', title: 'Producto', ellipsis: true, render: (_: unknown, l: Lot) => l.product },
    { key: 'allotment', title: 'Lote', width: 106, ellipsis: true, dataIndex: 'allotment' },
    {
      key: 'expiresAt',
      title: 'Caducidad',
      width: 146,
      render: (_: unknown, l: Lot) => (
        <Tag color={EXPIRY_TAG[expiryColor(l.expiresAt, today)]}>
          {formatIsoDate(l.expiresAt)} · {expiryText(l.expiresAt, today)}
        </Tag>
      ),
    },
    { key: 'quantity', title: 'Unidades', width: 92, align: 'right' as const, render: (_: unknown, l: Lot) => formatCount(l.quantity) },
  ];
  return (
    <Card
      title={TITLES.lots}
      extra={<Link to="/dashboard/inventario">Ver inventario</Link>}
      style={cardStyle}
      styles={{ body: { ...cardStyles.body, overflow: 'hidden', display: 'flex', flexDirection: 'column', paddingTop: 8 } }}
      data-testid="home-lots"
    >
      {/* the list scrolls inside the card: a region the keyboard reaches (axe: scrollable-region-focusable) */}
      <div role="region" aria-label="Lotes por caducar" tabIndex={0} style={{ flex: 1, minHeight: 0, overflow: 'auto' }}>
        {data.items.length ? (
          <Table size="small" rowKey="stockId" pagination={false} dataSource={data.items} columns={columns} />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Sin lotes por caducar" />
        )}
        <LotsSummary data={data} />
      </div>
    </Card>
  );
}

/** Which of the three blocks the user reads: the server's rule (home/service.ts), so the placeholders match the answer. */
export interface TodayBlocks {
  appointments: boolean;
  sales: boolean;
  lots: boolean;
}

const COLUMNS = { appointments: { xs: 24, md: 12, xl: 5 }, sales: { xs: 24, md: 12, xl: 7 }, lots: { xs: 24, xl: 12 } } as const;

const TITLES = { appointments: 'Citas', sales: 'Ventas', lots: `Lotes por caducar (${HOME_EXPIRY_DAYS} días)` } as const;

/** The blocks while the day loads: cards of their final size and place, so nothing moves when they fill in. */
export function TodayPlaceholders({ blocks, active }: { blocks: TodayBlocks; active: boolean }) {
  const shown = (Object.keys(COLUMNS) as (keyof TodayBlocks)[]).filter((b) => blocks[b]);
  return (
    <Row gutter={[16, 16]} aria-busy="true">
      {shown.map((b) => (
        <Col key={b} {...COLUMNS[b]}>
          <Card title={TITLES[b]} style={cardStyle} styles={cardStyles}>
            <Skeleton active={active} paragraph={{ rows: 4 }} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}

/** The three blocks the user may read, side by side on a wide screen. */
export function TodayCards({ today, goalLink }: { today: HomeToday; goalLink: boolean }) {
  return (
    <Row gutter={[16, 16]}>
      {today.appointments && (
        <Col {...COLUMNS.appointments}>
          <AppointmentsCard data={today.appointments} />
        </Col>
      )}
      {today.sales && (
        <Col {...COLUMNS.sales}>
          <SalesCard data={today.sales} goalLink={goalLink} />
        </Col>
      )}
      {today.expiringLots && (
        <Col {...COLUMNS.lots}>
          <LotsCard data={today.expiringLots} today={today.date} />
        </Col>
      )}
    </Row>
  );
}
