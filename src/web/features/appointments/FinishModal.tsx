import { useState } from 'react';
import { Col, Form, Modal, Row, Select, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { finishSchema } from '../../../domain/agenda';
import { unitsNeeded } from '../../../domain/appointment-rules';
import { api } from '../../app/api';
import { applyServerErrors, parseForm } from '../../ui/forms';
import { fullName } from '../../ui/format';
import { notify } from '../../ui/notify';
import { isMedical, loadProfessionals } from './lookups';
import type { AppointmentDetail, StockOption } from './types';

interface Props {
  open: boolean;
  appointment: AppointmentDetail;
  /** The consent switch of the status bar, when the treatment asks for it. */
  consent?: boolean;
  onClose: () => void;
  onDone: () => Promise<unknown>;
}

interface Slot {
  productId: string;
  productName: string;
}

/** One slot per unit of product the treatment consumes (section 4: a product stock per unit). */
export function productSlots(a: AppointmentDetail, sessions: number): Slot[] {
  const products = a.treatment?.treatmentProduct ?? [];
  const names = new Map(products.map((tp) => [tp.product.id, tp.product.name]));
  const need = unitsNeeded(products.map((tp) => ({ productId: tp.product.id, quantity: tp.quantity })), sessions);
  return [...need].flatMap(([productId, n]) => Array.from({ length: Math.ceil(n) }, () => ({ productId, productName: names.get(productId) ?? '' })));
}

/** Remaining stock of a lot once the other slots took theirs; lots chosen elsewhere leave this slot's options. */
export function lotOptions(stock: StockOption[], chosen: (string | undefined)[], slot: number, productId: string) {
  return stock
    .filter((s) => s.productId === productId)
    .filter((s) => !chosen.some((c, i) => i !== slot && c === s.stockId))
    .map((s) => {
      const used = chosen.filter((c) => c === s.stockId).length;
      return { value: s.stockId, label: `${s.name} · Lote ${s.allotment} · Existencia ${s.stock - used}` };
    });
}

/** Finish form: attending professional, sessions, one area per session, one product lot per unit (section 4). */
export function FinishModal({ open, appointment: a, consent, onClose, onDone }: Props) {
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const medical = isMedical(a.treatmentType.name);
  const professionals = useQuery({ queryKey: ['professionals', a.branch.id, medical], queryFn: () => loadProfessionals(a.branch.id, medical), enabled: open });
  const stock = useQuery({
    queryKey: ['finish-stock', a.branch.id, a.treatment?.id],
    queryFn: () => api<StockOption[]>('/stock/get-stock-by-branch-and-treatment', { query: { branchId: a.branch.id, treatmentId: a.treatment!.id } }),
    enabled: open && Boolean(a.treatment),
  });
  const maxSessions = a.purchasedProduct ? Math.max(1, a.purchasedProduct.sessions - a.purchasedProduct.currentSession) : Math.max(1, a.sessions || 1);
  const sessions = (Form.useWatch('sessions', form) as number | undefined) ?? Math.min(a.sessions || 1, maxSessions);
  const chosen = (Form.useWatch('treatmentProducts', form) as (string | undefined)[] | undefined) ?? [];
  const slots = productSlots(a, sessions);
  const areas = (a.treatment?.areas ?? []).map((ar) => ({ value: ar.id, label: ar.name }));

  const submit = async () => {
    const raw = await form.validateFields();
    const values = parseForm(finishSchema, { ...raw, status: 'finished', sessionAreas: (raw.sessionAreas ?? []).slice(0, sessions), treatmentProducts: (raw.treatmentProducts ?? []).slice(0, slots.length), consent }, form);
    if (!values) return;
    setSaving(true);
    try {
      await api(`/appointment/${a.id}/finish`, { body: { ...values, stockIds: values.treatmentProducts } });
      notify.success();
      form.resetFields();
      await onDone();
    } catch (err) {
      applyServerErrors(form, err);
      notify.error(err);
    } finally {
      setSaving(false);
    }
  };

  const required = (label: string) => [{ required: true, message: `El campo ${label} es requerido` }];
  return (
    <Modal title={`Terminar cita ${a.appointmentNumber}`} open={open} width={700} onCancel={onClose} onOk={submit} okText="Terminar" cancelText="Cancelar" confirmLoading={saving} destroyOnHidden>
      <Form form={form} layout="vertical" preserve={false} initialValues={{ sessions: Math.min(a.sessions || 1, maxSessions), attendedById: a.attendedBy?.id }}>
        <Row gutter={16}>
          <Col xs={24} md={16}>
            <Form.Item name="attendedById" label={medical ? 'Médico que atendió' : 'Cosmetóloga que atendió'} required rules={required('profesional que atendió')}>
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                loading={professionals.isFetching}
                options={(professionals.data ?? []).map((p) => ({ value: p.id, label: fullName(p) }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="sessions" label="Sesiones" required rules={required('sesiones')}>
              <Select options={Array.from({ length: maxSessions }, (_, i) => ({ value: i + 1, label: String(i + 1) }))} />
            </Form.Item>
          </Col>
          {Array.from({ length: sessions }, (_, i) => (
            <Col xs={24} md={12} key={`area-${i}`}>
              <Form.Item name={['sessionAreas', i]} label={`Área de la sesión ${i + 1}`} required rules={required('área')}>
                <Select options={areas} notFoundContent="El tratamiento no tiene áreas" />
              </Form.Item>
            </Col>
          ))}
        </Row>
        {slots.length > 0 && <Typography.Title level={5}>Productos</Typography.Title>}
        <Row gutter={16}>
          {slots.map((slot, i) => (
            <Col xs={24} key={`lot-${i}`}>
              <Form.Item name={['treatmentProducts', i]} label={`${slot.productName} (${i + 1})`} required rules={required('producto')}>
                <Select loading={stock.isFetching} options={lotOptions(stock.data ?? [], chosen, i, slot.productId)} notFoundContent="Sin existencias en la sucursal" />
              </Form.Item>
            </Col>
          ))}
        </Row>
      </Form>
    </Modal>
  );
}
