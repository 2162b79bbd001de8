import { Col, Form, Row, Select, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { unitsNeeded } from '../../../domain/appointment-rules';
import { noLotMessage, productsWithoutLots } from '../../../domain/session-rules';
import { appointmentRoutes, type StockOption } from '../../../domain/appointments.contract';
import { call } from '../../app/api';
import type { Named } from './lookups';
import type { Gs1Scan } from '../../../domain/gs1';
import { ScanField } from '../../ui/ScanField';

/** A supply the treatment consumes per session (the treatment's treatmentProduct). */
export interface SupplyNeed {
  product: Named;
  quantity: number;
}

interface Slot {
  productId: string;
  productName: string;
}

/** One slot per unit of product the treatment consumes (section 4: a product stock per unit). */
export function supplySlots(needs: SupplyNeed[], sessions: number): Slot[] {
  const names = new Map(needs.map((tp) => [tp.product.id, tp.product.name]));
  const need = unitsNeeded(
    needs.map((tp) => ({ productId: tp.product.id, quantity: tp.quantity })),
    sessions,
  );
  return [...need].flatMap(([productId, n]) => Array.from({ length: Math.ceil(n) }, () => ({ productId, productName: names.get(productId) ?? '' })));
}

/**
 * A slot's lots: each slot takes one unit, so a lot stays offered while the units the other slots took from it
 * are below its stock (one lot of 15 serves a treatment that needs 2). The label shows what the other slots left.
 */
export function lotOptions(stock: StockOption[], chosen: (string | undefined)[], slot: number, productId: string) {
  return stock
    .filter((s) => s.productId === productId)
    .flatMap((s) => {
      const left = s.stock - chosen.filter((c, i) => i !== slot && c === s.stockId).length;
      return left > 0 || chosen[slot] === s.stockId ? [{ value: s.stockId, label: `${s.name} · Lote ${s.allotment} · Existencia ${left}` }] : [];
    });
}

/** The branch's lots with stock of what a treatment consumes (the finish forms' choices). */
export function useSupplyStock(branchId: string | undefined, treatmentId: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: ['finish-stock', branchId, treatmentId],
    queryFn: () => call(appointmentRoutes.stock, { query: { branchId: branchId!, treatmentId: treatmentId! } }),
    enabled: enabled && Boolean(branchId && treatmentId),
  });
}

interface Props {
  /** The form list the lots go to (one stock id per unit). */
  name: string;
  needs: SupplyNeed[];
  sessions: number;
  branchName: string;
  stock: StockOption[] | undefined;
  loading: boolean;
}

/**
 * The lot picker of a finish: one select per unit the sessions consume. A product without any lot in stock at the
 * branch says so under its select, with what to do, before the user tries to finish.
 */
export function SupplyLots({ name, needs, sessions, branchName, stock, loading }: Props) {
  const form = Form.useFormInstance();
  const chosen = (Form.useWatch(name, form) as (string | undefined)[] | undefined) ?? [];
  const slots = supplySlots(needs, sessions);
  const missing = new Set(stock ? productsWithoutLots(slots, stock).map((s) => s.productId) : []);
  if (!slots.length) return null;
  const required = [{ required: true, message: 'El campo producto es requerido' }];
  // a scanned box fills the first empty unit of its product with the lot of that number
  const fillFromScan = (scan: Gs1Scan) => {
    const lot = scan.lot && stock?.find((s) => s.allotment === scan.lot && slots.some((slot, i) => slot.productId === s.productId && !chosen[i]));
    if (!lot) return null;
    const slot = slots.findIndex((slot, i) => slot.productId === lot.productId && !chosen[i]);
    form.setFieldValue([name, slot], lot.stockId);
    return `${lot.name} · Lote ${lot.allotment}`;
  };
  return (
    <>
      <Typography.Title level={5}>Productos</Typography.Title>
      <ScanField onScan={fillFromScan} extra="Escanee la caja del producto aplicado para elegir su lote" />
      <Row gutter={16}>
        {slots.map((slot, i) => {
          const none = missing.has(slot.productId);
          return (
            <Col xs={24} key={`lot-${i}`}>
              <Form.Item
                name={[name, i]}
                label={`${slot.productName} (${i + 1})`}
                required
                rules={required}
                {...(none ? { validateStatus: 'error' as const, help: noLotMessage([slot.productName], branchName) } : {})}
              >
                <Select
                  loading={loading}
                  disabled={none}
                  options={lotOptions(stock ?? [], chosen, i, slot.productId)}
                  notFoundContent="Sin existencias en la sucursal"
                />
              </Form.Item>
            </Col>
          );
        })}
      </Row>
    </>
  );
}
