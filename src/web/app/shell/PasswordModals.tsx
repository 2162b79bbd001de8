import { Form, Input, type InputProps } from 'antd';
import type { z } from 'zod';
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

interface SecretProps extends InputProps {
  schema: z.ZodObject<z.ZodRawShape>;
  name: string;
  label: string;
  /** The field this one confirms, and the message when they differ. */
  confirms?: [field: string, message: string];
}

/** A hidden-text field checked by the schema's own rule (and, for a confirmation, against the field it repeats). */
function SecretField({ schema, name, label, confirms, ...input }: SecretProps) {
  return (
    <Form.Item name={name} label={label} dependencies={confirms && [confirms[0]]} rules={[zodRule(schema, name), ...(confirms ? [sameAs(...confirms)] : [])]}>
      <Input.Password {...input} />
    </Form.Item>
  );
}

const changePassword = async (body: Body<typeof authRoutes.changePassword>) => (await call(authRoutes.changePassword, { body })).message;
const changePin = async (body: Body<typeof authRoutes.resetPin>) => (await call(authRoutes.resetPin, { body })).message;
const pin = { maxLength: 4, inputMode: 'numeric', autoComplete: 'off' } as const;

export function ChangePasswordModal({ open, onClose }: Props) {
  const s = changePasswordSchema;
  return (
    <FormModal title="Cambiar Contraseña" open={open} onClose={onClose} schema={s} send={changePassword}>
      <SecretField schema={s} name="currentPassword" label="Contraseña actual" autoComplete="current-password" />
      <SecretField schema={s} name="password" label="Nueva contraseña" autoComplete="new-password" />
      <SecretField schema={s} name="passwordConfirm" label="Confirmar contraseña" autoComplete="new-password" confirms={['password', msg.passwordsMismatch]} />
    </FormModal>
  );
}

export function ChangePinModal({ open, onClose }: Props) {
  const s = resetPinSchema;
  return (
    <FormModal title="Cambiar Pin" open={open} onClose={onClose} schema={s} send={changePin}>
      <SecretField schema={s} name="currentPassword" label="Contraseña actual" autoComplete="current-password" />
      <SecretField schema={s} name="newPin" label="Nuevo PIN" {...pin} />
      <SecretField schema={s} name="pin" label="Confirmar PIN" {...pin} confirms={['newPin', msg.pinsMismatch]} />
    </FormModal>
  );
}
