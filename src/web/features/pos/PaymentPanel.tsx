import type { Ref } from 'react';
import { Button, Input, InputNumber, Select, type InputRef } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { fromCents, toCents, usdToMxn, type Cents } from '../../../domain/money';
import { CURRENCIES, PAYMENT_METHODS, type PaymentMethod } from '../../../domain/sales';
import { Money } from '../../ui/Money';
import { MoneyInput } from '../../ui/MoneyInput';
import { needsReference, remaining, settle, type PaymentRow, type SaleFigures } from './cart';
import { Key } from './Key';

interface Props {
  figures: SaleFigures;
  rows: PaymentRow[];
  onRows: (rows: PaymentRow[]) => void;
  usdRate: number | null;
  error?: string;
}

/** The first amount's input: where F8 lands. */
export const FIRST_AMOUNT_ID = 'pos-amount-1';

let nextRow = 1;
export const paymentRow = (method: PaymentMethod = 'Efectivo', amount: number | null = null): PaymentRow => ({
  id: nextRow++,
  method,
  currency: 'MXN',
  amount,
  reference: '',
});

const SHORT_METHOD: Record<PaymentMethod, string> = {
  Efectivo: 'Efectivo',
  'Transferencia electrónica': 'Transferencia',
  'Depósito bancario': 'Depósito',
  'Tarjeta de crédito': 'T. crédito',
  'Tarjeta de débito': 'T. débito',
};

/** F8: the tenders of the sale charged now — method, currency, amount, reference — with what is missing or the change. */
export function PaymentPanel({ figures, rows, onRows, usdRate, error }: Props) {
  const settlement = settle(figures.due, rows, usdRate);
  const missing = remaining(figures.due, rows, usdRate);
  const update = (id: number, patch: Partial<PaymentRow>) => onRows(rows.map((r) => (r.id === id ? { ...r, ...patch } : r)));
  const fillRest = () => {
    const amount = fromCents(missing);
    const empty = rows.find((r) => r.amount === null && r.currency === 'MXN');
    onRows(empty ? rows.map((r) => (r === empty ? { ...r, amount } : r)) : [...rows, paymentRow('Efectivo', amount)]);
  };
  // the new tender's amount takes the focus once its input exists, so the cashier types it at once
  const addRow = () => {
    onRows([...rows, paymentRow('Tarjeta de débito')]);
    setTimeout(() => document.getElementById(`pos-amount-${rows.length + 1}`)?.focus(), 0);
  };
  const shownError = error ?? (!settlement.ok && missing === 0 ? settlement.message : undefined);
  return (
    <div>
      <div className="pos-label">
        Pagos <Key>F8</Key>
        {usdRate && (
          <span className="pos-hint">
            {' '}
            · 1 USD = <Money value={usdRate} />
          </span>
        )}
      </div>
      {rows.map((r, i) => (
        <div key={r.id} className="pos-pay-row">
          <Select
            aria-label={`Método del pago ${i + 1}`}
            value={r.method}
            style={{ width: 112 }}
            popupMatchSelectWidth={false}
            options={PAYMENT_METHODS.map((m) => ({ value: m, label: SHORT_METHOD[m], title: m }))}
            onChange={(method) => update(r.id, { method })}
          />
          <Select
            aria-label={`Moneda del pago ${i + 1}`}
            value={r.currency}
            style={{ width: 84 }}
            options={CURRENCIES.map((c) => ({ value: c, label: c, disabled: c === 'USD' && !usdRate }))}
            onChange={(currency) => update(r.id, { currency })}
          />
          <MoneyInput
            id={`pos-amount-${i + 1}`}
            aria-label={`Monto del pago ${i + 1}`}
            currency={r.currency}
            value={r.amount ?? undefined}
            style={{ width: 116 }}
            status={error ? 'error' : undefined}
            onChange={(v) => update(r.id, { amount: v === null || v === undefined ? null : Number(v) })}
          />
          {needsReference(r.method) ? (
            <Input
              aria-label={`Referencia del pago ${i + 1}`}
              placeholder="Referencia"
              maxLength={60}
              value={r.reference}
              style={{ flex: 1, minWidth: 70 }}
              onChange={(e) => update(r.id, { reference: e.target.value })}
            />
          ) : (
            <span style={{ flex: 1 }} />
          )}
          <Button
            type="text"
            icon={<DeleteOutlined />}
            aria-label={`Quitar el pago ${i + 1}`}
            disabled={rows.length === 1}
            onClick={() => onRows(rows.filter((x) => x.id !== r.id))}
          />
          {r.currency === 'USD' && r.amount !== null && usdRate && (
            <div className="pos-usd">
              = <Money value={fromCents(usdToMxn(toCents(r.amount), usdRate))} /> MXN
            </div>
          )}
        </div>
      ))}
      <div style={{ display: 'flex', gap: 6, marginTop: 4 }}>
        <Button size="small" icon={<PlusOutlined />} disabled={rows.length >= 10} onClick={addRow}>
          Agregar pago
        </Button>
        <Button size="small" disabled={missing === 0} onClick={fillRest}>
          Completar con lo que falta
        </Button>
      </div>
      {figures.due > 0 && <ChangeLine paid={settlement.ok ? settlement.paid : null} change={settlement.ok ? settlement.change : null} missing={missing} />}
      {shownError && <div className="pos-error">{shownError}</div>}
    </div>
  );
}

function ChangeLine({ paid, change, missing }: { paid: Cents | null; change: Cents | null; missing: Cents }) {
  if (missing > 0)
    return (
      <div className="pos-change pos-change-missing">
        <span>Falta</span>
        <strong>
          <Money value={fromCents(missing)} />
        </strong>
      </div>
    );
  return (
    <div className="pos-change">
      <span>
        Cambio
        {paid !== null && (
          <span className="pos-hint">
            {' '}
            · pagado <Money value={fromCents(paid)} />
          </span>
        )}
      </span>
      <strong aria-label="Cambio">
        <Money value={change === null ? 0 : fromCents(change)} />
      </strong>
    </div>
  );
}

interface AdjustProps {
  couponText: string;
  onCouponText: (v: string) => void;
  onApplyCoupon: () => void;
  couponLabel: string | null;
  onRemoveCoupon: () => void;
  couponError?: string;
  couponRef: Ref<InputRef>;
  checkingCoupon: boolean;
  points: number;
  onPoints: (n: number) => void;
  balance: number | null;
  maxPoints: number;
  pointsError?: string;
}

/** F4 coupon (checked with the server), F7 points to redeem (never above the balance or the sale). */
export function Adjustments({ couponRef, ...p }: AdjustProps) {
  const limit = p.balance === null ? 0 : Math.min(p.balance, p.maxPoints);
  return (
    <div className="pos-adjust">
      <div style={{ flex: 1, minWidth: 0 }}>
        <label className="pos-label" htmlFor="pos-coupon">
          Cupón <Key>F4</Key>
        </label>
        {p.couponLabel ? (
          <div className="pos-coupon">
            <span>{p.couponLabel}</span>
            <Button size="small" type="link" onClick={p.onRemoveCoupon}>
              Quitar
            </Button>
          </div>
        ) : (
          <Input.Search
            id="pos-coupon"
            ref={couponRef}
            placeholder="Código"
            maxLength={15}
            enterButton="Aplicar"
            loading={p.checkingCoupon}
            value={p.couponText}
            status={p.couponError ? 'error' : undefined}
            onChange={(e) => p.onCouponText(e.target.value)}
            onSearch={p.onApplyCoupon}
          />
        )}
        {p.couponError && <div className="pos-error">{p.couponError}</div>}
      </div>
      <div style={{ width: 150 }}>
        <label className="pos-label" htmlFor="pos-points">
          Puntos <Key>F7</Key>
        </label>
        <InputNumber
          id="pos-points"
          min={0}
          max={limit}
          precision={0}
          style={{ width: '100%' }}
          disabled={p.balance === null}
          value={p.points || null}
          placeholder="0"
          status={p.pointsError ? 'error' : undefined}
          onChange={(v) => p.onPoints(Math.max(0, Math.min(limit, Number(v ?? 0))))}
        />
        <div className="pos-hint">{p.balance === null ? 'Sin cliente' : `Saldo ${p.balance} · máx. ${limit}`}</div>
        {p.pointsError && <div className="pos-error">{p.pointsError}</div>}
      </div>
    </div>
  );
}
