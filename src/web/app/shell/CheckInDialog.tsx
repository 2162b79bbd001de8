import { Form, Input } from 'antd';
import { authRoutes } from '../../../domain/auth.contract';
import { checkInSchema } from '../../../domain/auth.schemas';
import type { Body } from '../../../domain/contract';
import { formatDateTime } from '../../ui/format';
import { zodRule } from '../../ui/forms';
import { FormModal } from '../../ui/FormModal';
import { call } from '../api';
import { useSession } from '../session';

/** Staff attendance: the staff member types their own credentials; time and branch are recorded. */
export function CheckInDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const branchId = useSession((s) => s.user?.branch);
  const send = async (values: Body<typeof authRoutes.checkIn>) => {
    // String(): a session with no branch sends what it always sent, and the server answers «Sucursal inválida»
    const res = await call(authRoutes.checkIn, { params: { branchId: String(branchId) }, body: values });
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
