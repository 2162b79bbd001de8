import { useEffect } from 'react';
import { Col, Divider, Form, Input, InputNumber, Row, Select, Switch } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { branchRoutes, type Branch } from '../../../domain/branches.contract';
import { BRANCH_ZONES, branchSchema, zoneLabels, type BranchFormInput } from '../../../domain/branches.schemas';
import type { BranchZone } from '../../../domain/dates';
import { formatPhone } from '../../../domain/validation';
import { call } from '../../app/api';
import { isMissingRecord } from '../../app/load-errors';
import { useCan } from '../../app/privileges';
import { FormPage } from '../../ui/FormPage';
import { zodRule } from '../../ui/forms';
import { PhoneInput } from '../../ui/PhoneInput';
import { fromWeek, toWeek, USUAL_WEEK, type WeekRow } from './schedule-form';
import { ScheduleEditor } from './ScheduleEditor';

type Values = Omit<BranchFormInput, 'schedule'> & { week: WeekRow[] };

const rule = (field: keyof typeof branchSchema.shape) => [zodRule(branchSchema, field)];

function toValues(b: Branch): Partial<Values> {
  const { schedules, ...rest } = b;
  return { ...rest, zone: b.zone as BranchZone, phone: formatPhone(b.phone), mobilePhone: formatPhone(b.mobilePhone), week: toWeek(schedules) };
}

export default function BranchFormPage() {
  const { id } = useParams();
  const can = useCan();
  const [form] = Form.useForm<Values>();
  const existing = useQuery({
    queryKey: ['branch', id],
    queryFn: () => call(branchRoutes.get, { params: { id: id! } }),
    enabled: Boolean(id),
    throwOnError: isMissingRecord,
  });
  const dcChosen = Form.useWatch('distributionCenter', form);
  const isDc = id ? Boolean(existing.data?.distributionCenter) : Boolean(dcChosen);

  useEffect(() => {
    if (existing.data) form.setFieldsValue(toValues(existing.data));
  }, [existing.data, form]);

  const text = (name: keyof typeof branchSchema.shape, label: string, max?: number, required = true) => (
    <Form.Item name={name} label={label} required={required} rules={rule(name)}>
      <Input maxLength={max} />
    </Form.Item>
  );

  return (
    <FormPage<Values>
      title={id ? 'Editar sucursal' : 'Nueva sucursal'}
      form={form}
      backTo="/dashboard/sucursales"
      invalidate={['list', 'branch', 'filter-options', 'branches-with-schedules']}
      loading={existing.isLoading}
      readOnly={Boolean(id) && !can('branch', 'edit')}
      initialValues={{ zone: 'Noroeste', active: true, franchise: false, showInClients: true, distributionCenter: false, week: toWeek(USUAL_WEEK) }}
      onSubmit={({ week, ...values }) => {
        const body = { ...values, schedule: fromWeek(week) };
        return id ? call(branchRoutes.update, { params: { id }, body }) : call(branchRoutes.create, { body });
      }}
    >
      <Row gutter={16}>
        <Col xs={24} md={12}>
          {text('name', 'Nombre', 100)}
        </Col>
        <Col xs={24} md={6}>
          <Form.Item name="code" label="Código" required rules={rule('code')} normalize={(v: string) => v?.toUpperCase()}>
            <Input maxLength={10} showCount />
          </Form.Item>
        </Col>
        <Col xs={24} md={6}>
          <Form.Item name="zone" label="Zona" required rules={rule('zone')}>
            <Select options={BRANCH_ZONES.map((z) => ({ value: z, label: zoneLabels[z] }))} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          {text('businessName', 'Razón social', 255)}
        </Col>
        <Col xs={24} md={4}>
          <Form.Item name="rfc" label="RFC" required rules={rule('rfc')} normalize={(v: string) => v?.toUpperCase()}>
            <Input maxLength={13} />
          </Form.Item>
        </Col>
        <Col xs={24} md={4}>
          <Form.Item name="mobilePhone" label="Teléfono celular" required rules={rule('mobilePhone')}>
            <PhoneInput />
          </Form.Item>
        </Col>
        <Col xs={24} md={4}>
          <Form.Item name="phone" label="Teléfono" rules={rule('phone')}>
            <PhoneInput />
          </Form.Item>
        </Col>
      </Row>
      <Divider titlePlacement="start" plain>
        Dirección
      </Divider>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          {text('street', 'Calle', 255)}
        </Col>
        <Col xs={12} md={6}>
          {text('extNumber', 'Número exterior', 20)}
        </Col>
        <Col xs={12} md={6}>
          {text('intNumber', 'Número interior', 20, false)}
        </Col>
        <Col xs={24} md={8}>
          {text('suburb', 'Colonia', 100)}
        </Col>
        <Col xs={24} md={6}>
          {text('city', 'Ciudad', 50)}
        </Col>
        <Col xs={24} md={6}>
          {text('state', 'Estado', 50)}
        </Col>
        <Col xs={24} md={4}>
          <Form.Item name="zipCode" label="Código postal" required rules={rule('zipCode')}>
            <Input maxLength={5} inputMode="numeric" />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="lat" label="Latitud" rules={rule('lat')}>
            <InputNumber<number> style={{ width: '100%' }} step={0.0001} min={-90} max={90} />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="lng" label="Longitud" rules={rule('lng')}>
            <InputNumber<number> style={{ width: '100%' }} step={0.0001} min={-180} max={180} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          {text('googleMapsUrl', 'URL de Google Maps', 500, false)}
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="description" label="Descripción" rules={rule('description')}>
            <Input.TextArea rows={2} maxLength={1000} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="note" label="Nota" rules={rule('note')}>
            <Input.TextArea rows={2} maxLength={1000} />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col>
          <Form.Item
            name="distributionCenter"
            label="Centro de distribución"
            valuePropName="checked"
            tooltip={id ? 'No se puede cambiar después de crear la sucursal' : undefined}
          >
            <Switch disabled={Boolean(id)} />
          </Form.Item>
        </Col>
        {/* the active and franchise switches are hidden for a distribution centre (section 4) */}
        {!isDc && (
          <>
            <Col>
              <Form.Item name="active" label="Activa" valuePropName="checked">
                <Switch />
              </Form.Item>
            </Col>
            <Col>
              <Form.Item name="franchise" label="Franquicia" valuePropName="checked">
                <Switch />
              </Form.Item>
            </Col>
          </>
        )}
        <Col>
          <Form.Item name="showInClients" label="Visible para clientes" valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
      </Row>
      <Divider titlePlacement="start" plain>
        Horario
      </Divider>
      <ScheduleEditor />
    </FormPage>
  );
}
