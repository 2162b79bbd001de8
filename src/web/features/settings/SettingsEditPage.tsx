import { useEffect } from 'react';
import { Form, InputNumber, Select } from 'antd';
import { EXCHANGE_RATE_REQUIRED, PAYMENT_PROCESS_TYPES, paymentProcessTypeLabels, exchangeRateValue, type SettingInput } from '../../../domain/settings.schemas';
import { api } from '../../app/api';
import { Allowed } from '../../app/RequireAuth';
import { useSession } from '../../app/session';
import { FormPage } from '../../ui/FormPage';
import { useSettings } from './useSettings';

export default function SettingsEditPage() {
  const [form] = Form.useForm<SettingInput>();
  const { setting, branches, loading } = useSettings();
  const user = useSession((s) => s.user);

  useEffect(() => {
    if (setting.data) form.setFieldsValue({ exchangeRate: setting.data.exchangeRate, paymentProcessType: setting.data.paymentProcessType });
  }, [setting.data, form]);

  const editable = (branchId: string) => !user?.branchBound || user.branch === branchId;

  return (
    <Allowed module="setting" action="edit">
      <FormPage<SettingInput>
        title="Editar configuraciones"
        form={form}
        backTo="/dashboard/configuraciones"
        invalidate={['setting']}
        loading={loading}
        onSubmit={(values) => api(`/setting/${setting.data!.id}/update`, { method: 'PUT', body: values })}
      >
        <Form.Item name="paymentProcessType" label="Procesador de pagos" required rules={[{ required: true, message: 'El campo procesador de pagos es requerido' }]}>
          <Select disabled={user?.branchBound} options={PAYMENT_PROCESS_TYPES.map((t) => ({ value: t, label: paymentProcessTypeLabels[t] }))} />
        </Form.Item>
        <h4>Tipo de cambio por sucursal</h4>
        {(branches.data ?? []).map((b) => (
          <Form.Item
            key={b.id}
            name={['exchangeRate', b.id]}
            label={b.name}
            required
            rules={[
              {
                validator: async (_r, value) => {
                  const result = exchangeRateValue.safeParse(value);
                  if (!result.success) throw new Error(result.error.issues[0]?.message ?? EXCHANGE_RATE_REQUIRED);
                },
              },
            ]}
          >
            <InputNumber<number> prefix="$" step={0.01} precision={2} style={{ width: 200 }} disabled={!editable(b.id)} aria-label={`Tipo de cambio ${b.name}`} placeholder="0.00" />
          </Form.Item>
        ))}
      </FormPage>
    </Allowed>
  );
}
