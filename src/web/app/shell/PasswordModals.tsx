import { useState } from 'react';
import { Form, Input, Modal } from 'antd';
import { changePasswordSchema, resetPinSchema } from '../../../domain/auth.schemas';
import { api } from '../api';
import { applyServerErrors, parseForm, zodRule } from '../../ui/forms';
import { notify } from '../../ui/notify';

interface Props {
  open: boolean;
  onClose: () => void;
}

export function ChangePasswordModal({ open, onClose }: Props) {
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    const values = parseForm(changePasswordSchema, await form.validateFields(), form);
    if (!values) return;
    setSaving(true);
    try {
      const res = await api<{ message: string }>('/auth/change-password', { body: values });
      notify.success(res.message);
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
    <Modal title="Cambiar Contraseña" open={open} onCancel={onClose} onOk={submit} okText="Guardar" cancelText="Cancelar" confirmLoading={saving} destroyOnHidden>
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="currentPassword" label="Contraseña actual" rules={[zodRule(changePasswordSchema, 'currentPassword')]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item name="password" label="Nueva contraseña" rules={[zodRule(changePasswordSchema, 'password')]}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="passwordConfirm"
          label="Confirmar contraseña"
          dependencies={['password']}
          rules={[
            zodRule(changePasswordSchema, 'passwordConfirm'),
            ({ getFieldValue }) => ({
              validator: async (_r, v) => {
                if (v && v !== getFieldValue('password')) throw new Error('Las contraseñas no coinciden!');
              },
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export function ChangePinModal({ open, onClose }: Props) {
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    const values = parseForm(resetPinSchema, await form.validateFields(), form);
    if (!values) return;
    setSaving(true);
    try {
      const res = await api<{ message: string }>('/auth/reset-pin', { body: values });
      notify.success(res.message);
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
    <Modal title="Cambiar Pin" open={open} onCancel={onClose} onOk={submit} okText="Guardar" cancelText="Cancelar" confirmLoading={saving} destroyOnHidden>
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="currentPassword" label="Contraseña actual" rules={[zodRule(resetPinSchema, 'currentPassword')]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item name="newPin" label="Nuevo PIN" rules={[zodRule(resetPinSchema, 'newPin')]}>
          <Input.Password maxLength={4} inputMode="numeric" autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="pin"
          label="Confirmar PIN"
          dependencies={['newPin']}
          rules={[
            zodRule(resetPinSchema, 'pin'),
            ({ getFieldValue }) => ({
              validator: async (_r, v) => {
                if (v && v !== getFieldValue('newPin')) throw new Error('Los pines no coinciden!');
              },
            }),
          ]}
        >
          <Input.Password maxLength={4} inputMode="numeric" autoComplete="off" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
