import { Divider, Form, Input, Row, Select, type InputProps } from 'antd';
import {
  PAY_CONDITIONS,
  payConditionLabel,
  providerFields,
  providerSchema,
  REGIMES,
  regimeLabels,
  type ProviderFormInput,
} from '../../../domain/providers.schemas';
import { formatPhone } from '../../../domain/validation';
import { providerRoutes } from '../../../domain/providers.contract';
import { call } from '../../app/api';
import { FormPage } from '../../ui/FormPage';
import { Field, SwitchField } from '../../ui/FormFields';
import { optionsOf, parseForm, zodRule } from '../../ui/forms';
import { useRecordForm } from '../../ui/form-record';
import { PhoneInput } from '../../ui/PhoneInput';

type Values = ProviderFormInput;

const rule = (field: keyof typeof providerFields.shape) => [zodRule(providerFields, field)];

/** A text field of the form in `md` of 24 columns. */
const text = (name: keyof typeof providerFields.shape, label: string, md: number, input: InputProps, required = false) => (
  <Field md={md} name={name} label={label} required={required} rules={rule(name)}>
    <Input maxLength={50} {...input} />
  </Field>
);

export default function ProviderFormPage() {
  const [form] = Form.useForm<Values>();
  const { id, page } = useRecordForm(form, {
    key: 'provider',
    load: (id) => call(providerRoutes.get, { params: { id } }),
    toValues: (p) => ({ ...p, phone: formatPhone(p.phone), mobilePhone: formatPhone(p.mobilePhone) }) as Values,
    module: 'providers',
  });

  return (
    <FormPage<Values>
      {...page}
      title={id ? 'Editar proveedor' : 'Nuevo proveedor'}
      backTo="/dashboard/proveedores"
      initialValues={{ active: true, country: 'México' }}
      onSubmit={(values) => {
        // the whole schema: phones as 10 digits, RFC in capitals, the RFC length against the regime
        const body = parseForm(providerSchema, values, form);
        if (!body) return false;
        return id ? call(providerRoutes.update, { params: { id }, body }) : call(providerRoutes.create, { body });
      }}
    >
      <Row gutter={16}>
        {text('name', 'Nombre', 12, { showCount: true }, true)}
        {text('tradename', 'Razón social', 12, { showCount: true }, true)}
        <Field md={12} name="rfc" label="RFC" required rules={rule('rfc')} normalize={(v: string) => v?.toUpperCase()}>
          <Input maxLength={13} placeholder="XAXX010101000" />
        </Field>
        <Field md={12} name="regime" label="Régimen" required rules={rule('regime')}>
          <Select placeholder="Seleccione el régimen" options={optionsOf(REGIMES, regimeLabels)} />
        </Field>
      </Row>
      <Divider titlePlacement="start">Dirección</Divider>
      <Row gutter={16}>
        {text('address', 'Domicilio', 12, {})}
        {text('city', 'Ciudad', 12, {})}
        {text('state', 'Estado', 8, {})}
        {text('country', 'País', 8, {})}
        {text('zipCode', 'Código postal', 8, { maxLength: 5, inputMode: 'numeric' })}
      </Row>
      <Divider titlePlacement="start">Contacto</Divider>
      <Row gutter={16}>
        {text('contactName', 'Contacto', 12, {}, true)}
        {text('email', 'Correo electrónico', 12, { maxLength: 100, inputMode: 'email' })}
        <Field md={12} name="phone" label="Teléfono" required rules={rule('phone')}>
          <PhoneInput />
        </Field>
        <Field md={12} name="mobilePhone" label="Teléfono celular" required rules={rule('mobilePhone')}>
          <PhoneInput />
        </Field>
      </Row>
      <Divider titlePlacement="start">Condiciones comerciales</Divider>
      <Row gutter={16}>
        <Field md={12} name="payConditions" label="Condiciones de pago" required rules={rule('payConditions')}>
          <Select placeholder="Seleccione los días de crédito" options={PAY_CONDITIONS.map((d) => ({ value: d, label: payConditionLabel(d) }))} />
        </Field>
        {text('deliveryTime', 'Tiempo de entrega', 12, { placeholder: 'Ej. 3 días hábiles' })}
        {text('bank', 'Banco', 8, {})}
        {text('clabeAccount', 'CLABE', 8, { maxLength: 18, inputMode: 'numeric' })}
        {text('bankAccount', 'Cuenta bancaria', 8, { maxLength: 20, inputMode: 'numeric' })}
      </Row>
      {id && <SwitchField name="active" label="Activo" />}
    </FormPage>
  );
}
