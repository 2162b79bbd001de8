import { useEffect } from 'react';
import { Form, InputNumber, Select } from 'antd';
import { LOYALTY_TIERS, thresholdsProblem, type TierThresholds } from '../../../domain/loyalty';
import {
  EXCHANGE_RATE_REQUIRED,
  PAYMENT_PROCESS_TYPES,
  paymentProcessTypeLabels,
  exchangeRateValue,
  commissionPercentValue,
  COMMISSION_PERCENT_MESSAGES,
  openingFloatValue,
  OPENING_FLOAT_MESSAGES,
  type SettingInput,
} from '../../../domain/settings.schemas';
import { settingRoutes } from '../../../domain/settings.contract';
import { call } from '../../app/api';
import { Allowed } from '../../app/RequireAuth';
import { useSession } from '../../app/session';
import { FormPage } from '../../ui/FormPage';
import { useSettings } from './useSettings';

export default function SettingsEditPage() {
  const [form] = Form.useForm<SettingInput>();
  const { setting, branches, loading } = useSettings();
  const user = useSession((s) => s.user);

  useEffect(() => {
    if (setting.data)
      form.setFieldsValue({
        exchangeRate: setting.data.exchangeRate,
        paymentProcessType: setting.data.paymentProcessType,
        loyaltyThresholds: setting.data.loyaltyThresholds,
        cosmetologyCommissionPercent: setting.data.cosmetologyCommissionPercent,
        openingFloat: setting.data.openingFloat,
      });
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
        onSubmit={(values) => call(settingRoutes.update, { params: { id: setting.data!.id }, body: values })}
      >
        <Form.Item
          name="paymentProcessType"
          label="Procesador de pagos"
          required
          rules={[{ required: true, message: 'El campo procesador de pagos es requerido' }]}
        >
          <Select disabled={user?.branchBound} options={PAYMENT_PROCESS_TYPES.map((t) => ({ value: t, label: paymentProcessTypeLabels[t] }))} />
        </Form.Item>
        <Form.Item
          name="cosmetologyCommissionPercent"
          label="Comisión cosmetológica (% de la venta sin IVA)"
          extra="Se aplica a las ventas posteriores; las comisiones ya registradas conservan su porcentaje."
          required
          rules={[
            {
              validator: async (_r, value) => {
                const result = commissionPercentValue.safeParse(value);
                if (!result.success) throw new Error(result.error.issues[0]?.message ?? COMMISSION_PERCENT_MESSAGES.required);
              },
            },
          ]}
        >
          <InputNumber<number>
            suffix="%"
            min={0}
            max={100}
            step={0.5}
            precision={2}
            style={{ width: 200 }}
            disabled={user?.branchBound}
            aria-label="Porcentaje de comisión cosmetológica"
          />
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
            <InputNumber<number>
              prefix="$"
              step={0.01}
              precision={2}
              style={{ width: 200 }}
              disabled={!editable(b.id)}
              aria-label={`Tipo de cambio ${b.name}`}
              placeholder="0.00"
            />
          </Form.Item>
        ))}
        <h4>Fondo de caja por sucursal</h4>
        <p style={{ color: '#666', marginTop: 0 }}>
          Efectivo con el que abre la caja cada día: se cuenta en el corte junto con el efectivo del día y se queda en la caja para el día siguiente. Un cambio
          se aplica desde el siguiente corte.
        </p>
        {(branches.data ?? []).map((b) => (
          <Form.Item
            key={b.id}
            name={['openingFloat', b.id]}
            label={b.name}
            required
            rules={[
              {
                validator: async (_r, value) => {
                  const result = openingFloatValue.safeParse(value);
                  if (!result.success) throw new Error(result.error.issues[0]?.message ?? OPENING_FLOAT_MESSAGES.required);
                },
              },
            ]}
          >
            <InputNumber<number>
              prefix="$"
              step={100}
              precision={2}
              style={{ width: 200 }}
              disabled={!editable(b.id)}
              aria-label={`Fondo de caja ${b.name}`}
              placeholder="0.00"
            />
          </Form.Item>
        ))}
        <h4>Escalas de lealtad</h4>
        <p style={{ color: '#666', marginTop: 0 }}>Compras de los últimos 365 días a partir de las cuales el cliente alcanza cada nivel.</p>
        {LOYALTY_TIERS.map((tier, i) => (
          <Form.Item
            key={tier}
            name={['loyaltyThresholds', tier]}
            label={tier}
            required
            dependencies={i > 0 ? [['loyaltyThresholds', LOYALTY_TIERS[i - 1]]] : []}
            rules={[
              { required: true, message: `El campo monto de ${tier} es requerido` },
              ({ getFieldValue }) => ({
                // the same rule the server applies, reported on the tier it names
                validator: async () => {
                  const values = getFieldValue('loyaltyThresholds') as TierThresholds | undefined;
                  if (!values || LOYALTY_TIERS.some((t) => typeof values[t] !== 'number')) return;
                  const problem = thresholdsProblem(values);
                  if (problem && (problem.includes(`de ${tier} debe`) || (tier === 'BRONCE' && problem.includes('BRONCE debe iniciar'))))
                    throw new Error(problem);
                },
              }),
            ]}
          >
            <InputNumber<number>
              prefix="$"
              min={0}
              step={1000}
              precision={2}
              style={{ width: 200 }}
              disabled={user?.branchBound || tier === 'BRONCE'}
              aria-label={`Monto ${tier}`}
            />
          </Form.Item>
        ))}
      </FormPage>
    </Allowed>
  );
}
