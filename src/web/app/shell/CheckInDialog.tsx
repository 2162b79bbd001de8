import { useState } from 'react';
import { Form, Input, Modal } from 'antd';
import { checkInSchema } from '../../../domain/auth.schemas';
import { formatDateTime } from '../../ui/format';
import { applyServerErrors, parseForm, zodRule } from '../../ui/forms';
import { notify } from '../../ui/notify';
import { api } from '../api';
import { useSession } from '../session';

/** Staff attendance: the staff member types their own credentials; time and branch are recorded. */
export function CheckInDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const branchId = useSession((s) => s.user?.branch);
  const submit = async () => {
    const values = parseForm(checkInSchema, await form.validateFields(), form);
    if (!values || !branchId) return;
    setSaving(true);
    try {
      const res = await api<{ fullname: string; branchName: string; checkedAt: string }>(`/branch/${branchId}/checkin`, { body: values });
      notify.success(`Asistencia registrada: ${res.fullname}, ${res.branchName}, ${formatDateTime(res.checkedAt)}`);
      form.resetFields();
      onClose();
    } catch (err) {
      applyServerErrors(form, err);
      notify.error(err);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal title="Registro de asistencia" open={open} onCancel={onClose} onOk={submit} okText="Registrar" cancelText="Cancelar" confirmLoading={saving} destroyOnHidden>
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="username" label="Usuario (correo electrónico)" rules={[zodRule(checkInSchema, 'username')]}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="password" label="Contraseña" rules={[zodRule(checkInSchema, 'password')]}>
          <Input.Password autoComplete="off" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
