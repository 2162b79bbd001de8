import { Descriptions, Table, Tag } from 'antd';
import type { Closing, ClosingPreview } from '../../../domain/cash-closings.contract';
import { formatMoney } from '../../ui/format';
import { Money } from '../../ui/Money';

const CURRENCIES = [
  { key: 'MXN', label: 'Pesos' },
  { key: 'USD', label: 'Dólares' },
] as const;

/** A difference: red when the drawer is short, green when it holds more, plain when exact. */
export function Difference({ value, currency }: { value: number; currency: string }) {
  const color = value < 0 ? 'red' : value > 0 ? 'green' : undefined;
  const text = `${formatMoney(value)}${currency === 'USD' ? ' USD' : ''}`;
  const title = value < 0 ? 'Faltante' : value > 0 ? 'Sobrante' : 'Sin diferencia';
  return color ? (
    <Tag color={color} title={title} style={{ marginInlineEnd: 0, fontVariantNumeric: 'tabular-nums' }}>
      {text}
    </Tag>
  ) : (
    <span title={title} style={{ fontVariantNumeric: 'tabular-nums' }}>
      {text}
    </span>
  );
}

/** A closing's difference in the list: pesos, and the dollars when they are off; '—' when nobody counted. */
export function DifferenceCell({ difference }: { difference: { MXN: number; USD: number } | null }) {
  if (!difference) return <span title="Corte automático: sin conteo">—</span>;
  return (
    <span style={{ display: 'inline-flex', gap: 4 }}>
      <Difference value={difference.MXN} currency="MXN" />
      {difference.USD !== 0 && <Difference value={difference.USD} currency="USD" />}
    </span>
  );
}

/** The pesos a drawer should hold, as the closing adds them: float + cash (net of change) − cash refunds. */
export function ExpectedPesos({ totals }: { totals: Closing | ClosingPreview }) {
  const line = (label: string, value: number, sign = '') => ({
    key: label,
    label,
    children: (
      <span style={{ fontVariantNumeric: 'tabular-nums' }}>
        {sign}
        {formatMoney(value)}
      </span>
    ),
  });
  return (
    <Descriptions
      data-testid="expected-pesos"
      bordered
      size="small"
      column={1}
      styles={{ label: { width: 320 }, content: { textAlign: 'right' } }}
      items={[
        line('Fondo de caja', totals.openingFloat),
        line('Efectivo cobrado (neto de cambio)', totals.cashTotal, '+ '),
        line('Devoluciones en efectivo', totals.refundCash, '− '),
        { ...line('Pesos esperados en caja', totals.expected.MXN, '= '), label: <strong>Pesos esperados en caja</strong> },
      ]}
    />
  );
}

/** Expected, counted and the difference per currency of a saved closing, and how the pesos expected add up. */
export function DrawerResult({ closing }: { closing: Closing }) {
  const rows = CURRENCIES.map((c) => ({
    key: c.key,
    label: c.label,
    expected: closing.expected[c.key],
    counted: closing.countedTotals?.[c.key] ?? null,
    difference: closing.difference?.[c.key] ?? null,
  }));
  return (
    <>
      <div data-testid="drawer-result">
        <Table
          size="small"
          pagination={false}
          rowKey="key"
          dataSource={rows}
          columns={[
            { key: 'label', title: 'Caja', dataIndex: 'label' },
            { key: 'expected', title: 'Esperado', align: 'right', render: (_, r) => <Money value={r.expected} /> },
            { key: 'counted', title: 'Contado', align: 'right', render: (_, r) => (r.counted === null ? '—' : <Money value={r.counted} />) },
            {
              key: 'difference',
              title: 'Diferencia',
              align: 'right',
              render: (_, r) => (r.difference === null ? '—' : <Difference value={r.difference} currency={r.key} />),
            },
          ]}
        />
      </div>
      <div style={{ marginTop: 12 }}>
        <ExpectedPesos totals={closing} />
      </div>
    </>
  );
}

/** The day's totals per payment method and per refund method (a closing or the X report). */
export function MethodTotals({ totals }: { totals: Closing | ClosingPreview }) {
  const item = (label: string, value: number, currency = '') => ({
    key: label,
    label,
    children: (
      <span style={{ fontVariantNumeric: 'tabular-nums' }}>
        {formatMoney(value)}
        {currency}
      </span>
    ),
  });
  return (
    <Descriptions
      bordered
      size="small"
      column={2}
      styles={{ label: { width: 210 }, content: { whiteSpace: 'nowrap', textAlign: 'right' } }}
      items={[
        item('Efectivo (neto de cambio)', totals.cashTotal),
        item('Dólares en efectivo', totals.cashTotalDollars, ' USD'),
        item('Tarjeta de crédito', totals.creditCardTotal),
        item('Tarjeta de débito', totals.debitCardTotal),
        item('Transferencia electrónica', totals.transferTotal),
        item('Depósito bancario', totals.depositTotal),
        item('Puntos', totals.pointsTotal),
        item('Devoluciones en efectivo', totals.refundCash),
        item('Devoluciones a tarjeta de crédito', totals.refundCreditCardTotal),
        item('Devoluciones a tarjeta de débito', totals.refundDebitCardTotal),
        item('Devoluciones en puntos', totals.refundPoints),
        item('Total', totals.total),
      ]}
    />
  );
}
