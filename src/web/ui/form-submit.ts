import { useState } from 'react';
import type { FormInstance } from 'antd';
import { applyServerErrors } from './forms';
import { notify } from './notify';

/**
 * A modal form's OK: check the fields, shape and check the values (`check` answers null when it has put its
 * messages on the form), send them; a failure puts the server's field errors on the form and toasts the error.
 * `modalProps` wires the antd Modal (OK, its spinner, Cancelar).
 */
export function useModalSubmit<T>(form: FormInstance, check: (raw: Record<string, unknown>) => T | null, send: (values: T) => Promise<void>) {
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    // a failed check has put its messages on the fields: its rejection is not an error of the page
    const raw = await form.validateFields().catch(() => null);
    if (!raw) return;
    const values = check(raw);
    if (!values) return;
    setSaving(true);
    try {
      await send(values);
    } catch (err) {
      applyServerErrors(form, err);
      notify.error(err);
    } finally {
      setSaving(false);
    }
  };
  return { saving, submit, modalProps: { onOk: submit, confirmLoading: saving, cancelText: 'Cancelar', destroyOnHidden: true } };
}
