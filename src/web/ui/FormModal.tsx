import { useCallback, useEffect, useRef, type ReactNode } from 'react';
import { Form, Modal, type FormInstance } from 'antd';
import type { z } from 'zod';
import { parseForm } from './forms';
import { useModalSubmit } from './form-submit';
import { notify } from './notify';
import { useUnsavedChanges } from './unsaved';

interface Props<S extends z.ZodType> {
  title: string;
  open: boolean;
  onClose: () => void;
  /** The domain schema: checked whole on submit (cross-field rules such as matching passwords). */
  schema: S;
  /** Sends the values; its answer's message (or 'Operación exitosa') is shown on success. */
  send: (values: z.output<S>) => Promise<string | undefined>;
  okText?: string;
  /** In pixels, where the spec gives the modal's width (antd's 520 otherwise). */
  width?: number;
  /** The form's name, its fields' ids' prefix: a dialog over a page whose own form has fields of the same names. */
  name?: string;
  children: ReactNode | ((form: FormInstance) => ReactNode);
}

/**
 * The modal counterpart of FormPage: validate, send, toast the answer, close; errors stay on the form.
 * While open with fields the user changed, leaving the page asks first; Cancelar (or the ✕) discards on purpose.
 */
export function FormModal<S extends z.ZodType>({ title, open, onClose, schema, send, okText = 'Guardar', width, name, children }: Props<S>) {
  const [form] = Form.useForm();
  // a send whose answer moves the user on (e.g. back to the agenda after a cancellation) is not leaving unsaved work
  const sending = useRef(false);
  // the user's own edits since the modal opened (onValuesChange ignores setFieldsValue)
  const changed = useRef(false);
  useEffect(() => {
    if (open) changed.current = false;
  }, [open]);
  useUnsavedChanges(
    useCallback(() => !sending.current && changed.current, []),
    open,
  );
  const { modalProps } = useModalSubmit(
    form,
    (checked) => parseForm(schema, checked, form),
    async (values) => {
      sending.current = true;
      try {
        notify.success(await send(values));
        form.resetFields();
        onClose();
      } finally {
        sending.current = false;
      }
    },
  );
  return (
    <Modal title={title} open={open} onCancel={onClose} okText={okText} width={width} {...modalProps}>
      <Form
        form={form}
        name={name}
        layout="vertical"
        preserve={false}
        onValuesChange={() => {
          changed.current = true;
        }}
      >
        {typeof children === 'function' ? children(form) : children}
      </Form>
    </Modal>
  );
}
