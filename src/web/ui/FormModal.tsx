import { useState, type ReactNode } from 'react';
import { Form, Modal, type FormInstance } from 'antd';
import type { z } from 'zod';
import { applyServerErrors, parseForm } from './forms';
import { notify } from './notify';

interface Props<S extends z.ZodType> {
  title: string;
  open: boolean;
  onClose: () => void;
  /** The domain schema: checked whole on submit (cross-field rules such as matching passwords). */
  schema: S;
  /** Sends the values; its answer's message (or 'Operación exitosa') is shown on success. */
  send: (values: z.output<S>) => Promise<string | undefined>;
  okText?: string;
  children: ReactNode | ((form: FormInstance) => ReactNode);
}

/** The modal counterpart of FormPage: validate, send, toast the answer, close; errors stay on the form. */
export function FormModal<S extends z.ZodType>({ title, open, onClose, schema, send, okText = 'Guardar', children }: Props<S>) {
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    const values = parseForm(schema, await form.validateFields(), form);
    if (!values) return;
    setSaving(true);
    try {
      notify.success(await send(values));
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
    <Modal title={title} open={open} onCancel={onClose} onOk={submit} okText={okText} cancelText="Cancelar" confirmLoading={saving} destroyOnHidden>
      <Form form={form} layout="vertical" preserve={false}>
        {typeof children === 'function' ? children(form) : children}
      </Form>
    </Modal>
  );
}
