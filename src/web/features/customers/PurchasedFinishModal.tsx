import { Col, Form, Modal, Row, Select, Switch } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { purchasedFinishSchema } from '../../../domain/agenda';
import { appointmentRoutes } from '../../../domain/appointments.contract';
import { call } from '../../app/api';
import { useSession } from '../../app/session';
import { parseForm, requiredRule } from '../../ui/forms';
import { useModalSubmit } from '../../ui/form-submit';
import { notify } from '../../ui/notify';
import { useClinicBranches } from '../agenda';
import { isMedical, loadProfessionals, ProfessionalField, SessionAreaFields, SupplyLots, supplySlots, useSessionAreas, useSupplyStock } from '../appointments';
import type { PurchasedProduct } from './history';

/** A purchased treatment as the customer's tab reads it, with what a finish needs: areas and supplies. */
export interface FinishablePurchase extends PurchasedProduct {
  treatment: PurchasedProduct['treatment'] & {
    areas: { id: string; name: string }[];
    treatmentProduct: { product: { id: string; name: string }; quantity: number }[];
  };
}

interface Props {
  purchase: FinishablePurchase;
  onClose: () => void;
  onDone: () => Promise<unknown>;
}

/**
 * Finalizar sesión (PUT /purchased-product/{id}/finish): sessions of a purchased treatment given outside an appointment,
 * at a branch (a branch-bound user's own), with the professional, an area per session and a lot per unit consumed.
 */
export function PurchasedFinishModal({ purchase: p, onClose, onDone }: Props) {
  const [form] = Form.useForm();
  const user = useSession((s) => s.user);
  const bound = Boolean(user?.branchBound);
  const branches = useClinicBranches(!bound);
  const branchId = (Form.useWatch('branchId', form) as string | undefined) ?? user?.branch ?? undefined;
  const branchOptions =
    bound || !branches.data
      ? user?.branch
        ? [{ value: user.branch, label: user.branchName ?? '' }]
        : []
      : branches.data.map((b) => ({ value: b.id, label: b.name }));
  const branchName = branchOptions.find((b) => b.value === branchId)?.label ?? '';
  const type = p.treatment.treatmentType;
  const medical = isMedical(type.name);
  const professionals = useQuery({
    queryKey: ['professionals', branchId, medical],
    queryFn: () => loadProfessionals(branchId!, medical),
    enabled: Boolean(branchId),
  });
  const stock = useSupplyStock(branchId, p.treatment.id, true);
  const remaining = Math.max(1, p.sessions - p.currentSession);
  const sessions = (Form.useWatch('sessions', form) as number | undefined) ?? 1;
  const needs = p.treatment.treatmentProduct;
  const areas = useSessionAreas(p.treatment.areas, type.id, true);
  const askConsent = p.treatment.consent && !p.consent;

  const { modalProps } = useModalSubmit(
    form,
    (raw) => {
      const payload = {
        ...raw,
        branchId,
        sessionAreas: areas.needAreas ? ((raw.sessionAreas as unknown[] | undefined) ?? []).slice(0, sessions) : [],
        stockIds: ((raw.stockIds as unknown[] | undefined) ?? []).slice(0, supplySlots(needs, sessions).length),
        consent: askConsent ? Boolean(raw.consent) : undefined,
      };
      return parseForm(purchasedFinishSchema, payload, form);
    },
    async (values) => {
      await call(appointmentRoutes.finishPurchased, { params: { id: p.id }, body: values });
      notify.success();
      await onDone();
    },
  );

  return (
    <Modal title={`Finalizar sesión · ${p.treatment.name}`} open width={700} onCancel={onClose} okText="Finalizar sesión" {...modalProps}>
      <p style={{ marginTop: 0, color: '#666' }}>{`Sesiones tomadas: ${p.currentSession} de ${p.sessions}`}</p>
      <Form form={form} layout="vertical" preserve={false} initialValues={{ sessions: 1, branchId: user?.branch ?? undefined }}>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="branchId" label="Sucursal" required rules={[requiredRule('sucursal')]}>
              <Select
                disabled={bound}
                loading={branches.isFetching}
                options={branchOptions}
                onChange={() => form.setFieldsValue({ attendedById: undefined, stockIds: [] })}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="sessions" label="Sesiones" required rules={[requiredRule('sesiones')]}>
              <Select disabled={remaining === 1} options={Array.from({ length: remaining }, (_, i) => ({ value: i + 1, label: String(i + 1) }))} />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <ProfessionalField medical={medical} professionals={professionals} />
          </Col>
          <SessionAreaFields sessions={sessions} areas={areas} />
          {askConsent && (
            <Col xs={24}>
              <Form.Item
                name="consent"
                label="Consentimiento del paciente firmado"
                valuePropName="checked"
                required
                rules={[
                  {
                    validator: (_, v) =>
                      v ? Promise.resolve() : Promise.reject(new Error('El consentimiento del paciente es requerido para este tratamiento')),
                  },
                ]}
              >
                <Switch checkedChildren="Sí" unCheckedChildren="No" />
              </Form.Item>
            </Col>
          )}
        </Row>
        <SupplyLots name="stockIds" needs={needs} sessions={sessions} branchName={branchName} stock={stock.data} loading={stock.isFetching} />
      </Form>
    </Modal>
  );
}
