import { Alert, Checkbox, Form, Input, Radio, Select } from 'antd';
import { CANCELLATION_REASONS, CANCELLATION_TYPES, cancellationReasonLabels, cancellationTypeLabels, cancelSchema } from '../../../domain/agenda';
import { appointmentRoutes, type AppointmentDetail } from '../../../domain/appointments.contract';
import { call } from '../../app/api';
import { FormModal } from '../../ui/FormModal';
import { zodRule } from '../../ui/forms';
import { ABSENCE_WARNING } from './warnings';

interface Props {
  open: boolean;
  appointment: AppointmentDetail;
  absences: number;
  onClose: () => void;
  onDone: () => Promise<unknown>;
}

/** Cancel or reschedule-cancel an appointment (POST /appointment/{id}/cancel). */
export function CancelModal({ open, appointment: a, absences, onClose, onDone }: Props) {
  return (
    <FormModal
      title={`Cancelar cita ${a.appointmentNumber}`}
      open={open}
      onClose={onClose}
      schema={cancelSchema}
      okText="Cancelar cita"
      send={async (values) => {
        await call(appointmentRoutes.cancel, { params: { id: a.id }, body: values });
        // leave the form once the modal has closed
        setTimeout(() => void onDone(), 0);
        return undefined;
      }}
    >
      {absences >= ABSENCE_WARNING && (
        <Alert type="error" showIcon closable style={{ marginBottom: 16 }} title={`El cliente tiene ${absences} inasistencias registradas`} />
      )}
      <Form.Item name="type" label="Tipo" initialValue="cancellation">
        <Radio.Group options={CANCELLATION_TYPES.map((t) => ({ value: t, label: cancellationTypeLabels[t] }))} />
      </Form.Item>
      <Form.Item name="cancellationReason" label="Motivo" required rules={[zodRule(cancelSchema, 'cancellationReason')]}>
        <Select options={CANCELLATION_REASONS.map((r) => ({ value: r, label: cancellationReasonLabels[r] }))} />
      </Form.Item>
      <Form.Item name="comment" label="Comentario" rules={[zodRule(cancelSchema, 'comment')]}>
        <Input.TextArea rows={3} maxLength={255} showCount />
      </Form.Item>
      <Form.Item name="customerCancellation" valuePropName="checked" initialValue={false}>
        <Checkbox>Cancelación por parte del cliente</Checkbox>
      </Form.Item>
    </FormModal>
  );
}
