import { useEffect } from 'react';
import { Col, Divider, Form, Input, Row, Select, Switch } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
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
import { isMissingRecord } from '../../app/load-errors';
import { useCan } from '../../app/privileges';
import { FormPage } from '../../ui/FormPage';
import { parseForm, zodRule } from '../../ui/forms';
import { PhoneInput } from '../../ui/PhoneInput';

type Values = ProviderFormInput;

const rule = (field: keyof typeof providerFields.shape) => [zodRule(providerFields, field)];

export default function ProviderFormPage() {
  const { id } = useParams();
  const can = useCan();
  const [form] = Form.useForm<Values>();
  const existing = useQuery({
    queryKey: ['provider', id],
    queryFn: () => call(providerRoutes.get, { params: { id: id! } }),
    enabled: Boolean(id),
    throwOnError: isMissingRecord,
  });

  useEffect(() => {
    const p = existing.data;
    if (p) form.setFieldsValue({ ...p, phone: formatPhone(p.phone), mobilePhone: formatPhone(p.mobilePhone) } as Values);
  }, [existing.data, form]);

  return (
    <FormPage<Values>
      title={id ? 'Editar proveedor' : 'Nuevo proveedor'}
      form={form}
      backTo="/dashboard/proveedores"
      invalidate={['list', 'provider']}
      loading={existing.isLoading}
      readOnly={Boolean(id) && !can('providers', 'edit')}
      initialValues={{ active: true, country: 'México' }}
      onSubmit={(values) => {
        // the whole schema: phones as 10 digits, RFC in capitals, the RFC length against the regime
        const body = parseForm(providerSchema, values, form);
        if (!body) return false;
        return id ? call(providerRoutes.update, { params: { id }, body }) : call(providerRoutes.create, { body });
      }}
    >
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="name" label="Nombre" required rules={rule('name')}>
            <Input maxLength={50} showCount />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="tradename" label="Razón social" required rules={rule('tradename')}>
            <Input maxLength={50} showCount />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="rfc" label="RFC" required rules={rule('rfc')} normalize={(v: string) => v?.toUpperCase()}>
            <Input maxLength={13} placeholder="XAXX010101000" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="regime" label="Régimen" required rules={rule('regime')}>
            <Select placeholder="Seleccione el régimen" options={REGIMES.map((r) => ({ value: r, label: regimeLabels[r] }))} />
          </Form.Item>
        </Col>
      </Row>
      <Divider titlePlacement="start">Dirección</Divider>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="address" label="Domicilio" rules={rule('address')}>
            <Input maxLength={50} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="city" label="Ciudad" rules={rule('city')}>
            <Input maxLength={50} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="state" label="Estado" rules={rule('state')}>
            <Input maxLength={50} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="country" label="País" rules={rule('country')}>
            <Input maxLength={50} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="zipCode" label="Código postal" rules={rule('zipCode')}>
            <Input maxLength={5} inputMode="numeric" />
          </Form.Item>
        </Col>
      </Row>
      <Divider titlePlacement="start">Contacto</Divider>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="contactName" label="Contacto" required rules={rule('contactName')}>
            <Input maxLength={50} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="email" label="Correo electrónico" rules={rule('email')}>
            <Input maxLength={100} inputMode="email" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="phone" label="Teléfono" required rules={rule('phone')}>
            <PhoneInput />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="mobilePhone" label="Teléfono celular" required rules={rule('mobilePhone')}>
            <PhoneInput />
          </Form.Item>
        </Col>
      </Row>
      <Divider titlePlacement="start">Condiciones comerciales</Divider>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="payConditions" label="Condiciones de pago" required rules={rule('payConditions')}>
            <Select placeholder="Seleccione los días de crédito" options={PAY_CONDITIONS.map((d) => ({ value: d, label: payConditionLabel(d) }))} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="deliveryTime" label="Tiempo de entrega" rules={rule('deliveryTime')}>
            <Input maxLength={50} placeholder="Ej. 3 días hábiles" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="bank" label="Banco" rules={rule('bank')}>
            <Input maxLength={50} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="clabeAccount" label="CLABE" rules={rule('clabeAccount')}>
            <Input maxLength={18} inputMode="numeric" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="bankAccount" label="Cuenta bancaria" rules={rule('bankAccount')}>
            <Input maxLength={20} inputMode="numeric" />
          </Form.Item>
        </Col>
      </Row>
      {id && (
        <Form.Item name="active" label="Activo" valuePropName="checked">
          <Switch />
        </Form.Item>
      )}
    </FormPage>
  );
}
