import { Form, Input } from 'antd';
import { authRoutes } from '../../../domain/auth.contract';
import { changePasswordSchema, resetPinSchema } from '../../../domain/auth.schemas';
import type { Body } from '../../../domain/contract';
import { msg } from '../../../domain/validation';
import { call } from '../api';
import { zodRule } from '../../ui/forms';
import { FormModal } from '../../ui/FormModal';

interface Props {
  open: boolean;
  onClose: () => void;
}

/** The confirmation must equal the other field, checked as the user types. */
const sameAs =
  (other: string, message: string) =>
  ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) => ({
    validator: async (_rule: unknown, value: unknown) => {
      if (value && value !== getFieldValue(other)) throw new Error(message);
    },
  });

const changePassword = async (body: Body<typeof authRoutes.changePassword>) => (await call(authRoutes.changePassword, { body })).message;
const changePin = async (body: Body<typeof authRoutes.resetPin>) => (await call(authRoutes.resetPin, { body })).message;

export function ChangePasswordModal({ open, onClose }: Props) {
  return (
    <FormModal title="Cambiar Contraseña" open={open} onClose={onClose} schema={changePasswordSchema} send={changePassword}>
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
        rules={[zodRule(changePasswordSchema, 'passwordConfirm'), sameAs('password', msg.passwordsMismatch)]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </FormModal>
  );
}

export function ChangePinModal({ open, onClose }: Props) {
  return (
    <FormModal title="Cambiar Pin" open={open} onClose={onClose} schema={resetPinSchema} send={changePin}>
      <Form.Item name="currentPassword" label="Contraseña actual" rules={[zodRule(resetPinSchema, 'currentPassword')]}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item name="newPin" label="Nuevo PIN" rules={[zodRule(resetPinSchema, 'newPin')]}>
        <Input.Password maxLength={4} inputMode="numeric" autoComplete="off" />
      </Form.Item>
      <Form.Item name="pin" label="Confirmar PIN" dependencies={['newPin']} rules={[zodRule(resetPinSchema, 'pin'), sameAs('newPin', msg.pinsMismatch)]}>
        <Input.Password maxLength={4} inputMode="numeric" autoComplete="off" />
      </Form.Item>
    </FormModal>
  );
}
