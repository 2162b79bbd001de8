import { Form, Input } from 'antd';
import { checkInSchema } from '../../../domain/auth.schemas';
import { formatDateTime } from '../../ui/format';
import { zodRule } from '../../ui/forms';
import { FormModal } from '../../ui/FormModal';
import { api } from '../api';
import { useSession } from '../session';

/** Staff attendance: the staff member types their own credentials; time and branch are recorded. */
export function CheckInDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const branchId = useSession((s) => s.user?.branch);
  const send = async (values: unknown) => {
    const res = await api<{ fullname: string; branchName: string; checkedAt: string }>(`/branch/${branchId}/checkin`, { body: values });
    return `Asistencia registrada: ${res.fullname}, ${res.branchName}, ${formatDateTime(res.checkedAt)}`;
  };
  return (
    <FormModal title="Registro de asistencia" open={open} onClose={onClose} schema={checkInSchema} send={send} okText="Registrar">
      <Form.Item name="username" label="Usuario (correo electrónico)" rules={[zodRule(checkInSchema, 'username')]}>
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item name="password" label="Contraseña" rules={[zodRule(checkInSchema, 'password')]}>
        <Input.Password autoComplete="off" />
      </Form.Item>
    </FormModal>
  );
}
