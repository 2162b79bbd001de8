import { Col, Form, Modal, Row, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { finishSchema } from '../../../domain/agenda';
import { appointmentRoutes, type AppointmentDetail } from '../../../domain/appointments.contract';
import { call } from '../../app/api';
import { parseForm, requiredRule } from '../../ui/forms';
import { useModalSubmit } from '../../ui/form-submit';
import { notify } from '../../ui/notify';
import { isMedical, loadProfessionals } from './lookups';
import { ProfessionalField, SessionAreaFields, useSessionAreas } from './SessionFields';
import { SupplyLots, supplySlots, useSupplyStock } from './SupplyLots';

interface Props {
  open: boolean;
  appointment: AppointmentDetail;
  /** The consent switch of the status bar, when the treatment asks for it. */
  consent?: boolean;
  onClose: () => void;
  onDone: () => Promise<unknown>;
}

/** Finish form: attending professional, sessions, one area per session, one product lot per unit (section 4). */
export function FinishModal({ open, appointment: a, consent, onClose, onDone }: Props) {
  const [form] = Form.useForm();
  const medical = isMedical(a.treatmentType.name);
  const professionals = useQuery({ queryKey: ['professionals', a.branch.id, medical], queryFn: () => loadProfessionals(a.branch.id, medical), enabled: open });
  const stock = useSupplyStock(a.branch.id, a.treatment?.id, open);
  // a purchased treatment gives up to its remaining sessions; any other appointment finishes the sessions it was booked with
  const remaining = a.purchasedProduct ? Math.max(1, a.purchasedProduct.sessions - a.purchasedProduct.currentSession) : null;
  const booked = Math.max(1, a.sessions || 1);
  const sessionOptions = remaining === null ? [booked] : Array.from({ length: remaining }, (_, i) => i + 1);
  const firstSessions = remaining === null ? booked : Math.min(booked, remaining);
  const sessions = (Form.useWatch('sessions', form) as number | undefined) ?? firstSessions;
  const needs = a.treatment?.treatmentProduct ?? [];
  const slots = supplySlots(needs, sessions);
  const areas = useSessionAreas(a.treatment?.areas ?? [], a.treatmentType.id, open);

  const { modalProps } = useModalSubmit(
    form,
    (raw) =>
      parseForm(
        finishSchema,
        {
          ...raw,
          status: 'finished',
          sessionAreas: areas.needAreas ? ((raw.sessionAreas as unknown[] | undefined) ?? []).slice(0, sessions) : [],
          treatmentProducts: ((raw.treatmentProducts as unknown[] | undefined) ?? []).slice(0, slots.length),
          consent,
        },
        form,
      ),
    async (values) => {
      await call(appointmentRoutes.finish, { params: { id: a.id }, body: { ...values, stockIds: values.treatmentProducts } });
      notify.success();
      form.resetFields();
      await onDone();
    },
  );

  return (
    <Modal title={`Terminar cita ${a.appointmentNumber}`} open={open} width={700} onCancel={onClose} okText="Terminar" {...modalProps}>
      <Form form={form} layout="vertical" preserve={false} initialValues={{ sessions: firstSessions, attendedById: a.attendedBy?.id }}>
        <Row gutter={16}>
          <Col xs={24} md={16}>
            <ProfessionalField medical={medical} professionals={professionals} />
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="sessions" label="Sesiones" required rules={[requiredRule('sesiones')]}>
              <Select disabled={sessionOptions.length === 1} options={sessionOptions.map((n) => ({ value: n, label: String(n) }))} />
            </Form.Item>
          </Col>
          <SessionAreaFields sessions={sessions} areas={areas} />
        </Row>
        <SupplyLots name="treatmentProducts" needs={needs} sessions={sessions} branchName={a.branch.name} stock={stock.data} loading={stock.isFetching} />
      </Form>
    </Modal>
  );
}
