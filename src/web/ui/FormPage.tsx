import { useCallback, useRef, useState, type ReactNode } from 'react';
import { Button, Card, Form, Space, Spin, type FormInstance } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { applyServerErrors } from './forms';
import { notify } from './notify';
import { leaveWithoutAsking, useUnsavedChanges } from './unsaved';

interface FormPageProps<V> {
  title: string;
  form: FormInstance<V>;
  /** Where a successful save (200/201) and the cancel button return to. */
  backTo: string;
  /** Where a successful save goes instead, from what the server answered (e.g. the saved record shown). */
  savedTo?: (saved: unknown) => string;
  /** Sends the form; resolves on 200/201. Returning false keeps the user on the form. */
  onSubmit: (values: V) => Promise<unknown> | false;
  /** Query keys refreshed after a save. */
  invalidate?: string[];
  loading?: boolean;
  readOnly?: boolean;
  initialValues?: Partial<V>;
  children: ReactNode;
  submitLabel?: string;
  /** Replaces the Guardar button (e.g. a wizard's Atrás / Siguiente / Guardar); Cancelar stays. */
  actions?: ReactNode;
  /** antd's form name: the fields' ids start with it (`{name}_{field}`); none, the ids are the fields' names. */
  name?: string;
}

/**
 * The one form pattern: zod rules on the fields, 'Operación exitosa' and back to the list on success.
 * Leaving with fields the user changed asks first (menu, breadcrumbs, back button, reload); Cancelar and a
 * successful save leave without asking.
 */
export function FormPage<V>({
  title,
  form,
  backTo,
  savedTo,
  onSubmit,
  invalidate = [],
  loading,
  readOnly,
  initialValues,
  children,
  submitLabel = 'Guardar',
  actions,
  name,
}: FormPageProps<V>) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);
  // set by the user's own edits only: antd's onValuesChange does not fire for setFieldsValue (loading the record),
  // while isFieldsTouched() does count those
  const changed = useRef(false);
  useUnsavedChanges(useCallback(() => !readOnly && changed.current, [readOnly]));
  const leave = () => leaveWithoutAsking(() => navigate(backTo));

  const finish = async (values: V) => {
    const pending = onSubmit(values);
    if (pending === false) return;
    setSaving(true);
    try {
      const saved = await pending;
      notify.success();
      await Promise.all(invalidate.map((key) => queryClient.invalidateQueries({ queryKey: [key] })));
      if (savedTo) leaveWithoutAsking(() => navigate(savedTo(saved)));
      else leave();
    } catch (err) {
      applyServerErrors(form, err);
      notify.error(err);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card title={title} style={{ maxWidth: 960 }}>
      <Spin spinning={Boolean(loading)}>
        <Form<V>
          form={form}
          name={name}
          layout="vertical"
          onFinish={finish}
          onValuesChange={() => {
            changed.current = true;
          }}
          disabled={readOnly}
          initialValues={initialValues}
          requiredMark="optional"
          scrollToFirstError
          // Enter in a date or time picker confirms the date; it must not submit the whole form
          onKeyDownCapture={(e) => {
            if (e.key === 'Enter' && (e.target as HTMLElement).closest('.ant-picker')) e.preventDefault();
          }}
        >
          {children}
          <Space style={{ marginTop: 8 }}>
            <Button danger onClick={leave} disabled={false}>
              Cancelar
            </Button>
            {actions}
            {!readOnly && !actions && (
              <Button type="primary" htmlType="submit" loading={saving}>
                {submitLabel}
              </Button>
            )}
          </Space>
        </Form>
      </Spin>
    </Card>
  );
}
