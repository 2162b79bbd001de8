import { Col, Divider, Form, Input, InputNumber, Row, Select, Switch } from 'antd';
import { branchRoutes, type Branch } from '../../../domain/branches.contract';
import { BRANCH_ZONES, branchSchema, zoneLabels, type BranchFormInput } from '../../../domain/branches.schemas';
import type { BranchZone } from '../../../domain/dates';
import { DEFAULT_REMINDER_HOUR, hourLabel } from '../../../domain/reminders';
import { formatPhone } from '../../../domain/validation';
import { call } from '../../app/api';
import { FormPage } from '../../ui/FormPage';
import { Field, SearchSelect, SwitchField } from '../../ui/FormFields';
import { optionsOf, zodRule } from '../../ui/forms';
import { useRecordForm } from '../../ui/form-record';
import { PhoneInput } from '../../ui/PhoneInput';
import { fromWeek, toWeek, USUAL_WEEK, type WeekRow } from './schedule-form';
import { ScheduleEditor } from './ScheduleEditor';

type Values = Omit<BranchFormInput, 'schedule'> & { week: WeekRow[] };

const rule = (field: keyof typeof branchSchema.shape) => [zodRule(branchSchema, field)];

function toValues(b: Branch): Partial<Values> {
  const { schedules, ...rest } = b;
  return { ...rest, zone: b.zone as BranchZone, phone: formatPhone(b.phone), mobilePhone: formatPhone(b.mobilePhone), week: toWeek(schedules) };
}

/** A text field of the form in a grid cell of `md` columns (half the row on phones when `xs` is 12). */
const text = (name: keyof typeof branchSchema.shape, label: string, max: number, md: number, { xs = 24, required = true } = {}) => (
  <Field xs={xs} md={md} name={name} label={label} required={required} rules={rule(name)}>
    <Input maxLength={max} />
  </Field>
);
const upper = (v: string) => v?.toUpperCase();
const REMINDER_HOURS = Array.from({ length: 24 }, (_, h) => ({ value: h, label: hourLabel(h) }));

export default function BranchFormPage() {
  const [form] = Form.useForm<Values>();
  const { id, record, page } = useRecordForm(form, {
    key: 'branch',
    load: (id) => call(branchRoutes.get, { params: { id } }),
    toValues,
    module: 'branch',
    alsoInvalidate: ['filter-options', 'branches-with-schedules'],
  });
  const dcChosen = Form.useWatch('distributionCenter', form);
  const isDc = id ? Boolean(record?.distributionCenter) : Boolean(dcChosen);

  return (
    <FormPage<Values>
      {...page}
      title={id ? 'Editar sucursal' : 'Nueva sucursal'}
      backTo="/dashboard/sucursales"
      initialValues={{
        zone: 'Noroeste',
        reminderHour: DEFAULT_REMINDER_HOUR,
        active: true,
        franchise: false,
        showInClients: true,
        distributionCenter: false,
        week: toWeek(USUAL_WEEK),
      }}
      onSubmit={({ week, ...values }) => {
        const body = { ...values, schedule: fromWeek(week) };
        return id ? call(branchRoutes.update, { params: { id }, body }) : call(branchRoutes.create, { body });
      }}
    >
      <Row gutter={16}>
        {text('name', 'Nombre', 100, 12)}
        <Field md={6} name="code" label="Código" required rules={rule('code')} normalize={upper}>
          <Input maxLength={10} showCount />
        </Field>
        <Field md={6} name="zone" label="Zona" required rules={rule('zone')}>
          <Select options={optionsOf(BRANCH_ZONES, zoneLabels)} />
        </Field>
        {text('businessName', 'Razón social', 255, 12)}
        <Field md={4} name="rfc" label="RFC" required rules={rule('rfc')} normalize={upper}>
          <Input maxLength={13} />
        </Field>
        <Field md={4} name="mobilePhone" label="Teléfono celular" required rules={rule('mobilePhone')}>
          <PhoneInput />
        </Field>
        <Field md={4} name="phone" label="Teléfono" rules={rule('phone')}>
          <PhoneInput />
        </Field>
      </Row>
      <Divider titlePlacement="start" plain>
        Dirección
      </Divider>
      <Row gutter={16}>
        {text('street', 'Calle', 255, 12)}
        {text('extNumber', 'Número exterior', 20, 6, { xs: 12 })}
        {text('intNumber', 'Número interior', 20, 6, { xs: 12, required: false })}
        {text('suburb', 'Colonia', 100, 8)}
        {text('city', 'Ciudad', 50, 6)}
        {text('state', 'Estado', 50, 6)}
        <Field md={4} name="zipCode" label="Código postal" required rules={rule('zipCode')}>
          <Input maxLength={5} inputMode="numeric" />
        </Field>
        <Field xs={12} md={6} name="lat" label="Latitud" rules={rule('lat')}>
          <InputNumber<number> style={{ width: '100%' }} step={0.0001} min={-90} max={90} />
        </Field>
        <Field xs={12} md={6} name="lng" label="Longitud" rules={rule('lng')}>
          <InputNumber<number> style={{ width: '100%' }} step={0.0001} min={-180} max={180} />
        </Field>
        {text('googleMapsUrl', 'URL de Google Maps', 500, 12, { required: false })}
        <Field md={12} name="description" label="Descripción" rules={rule('description')}>
          <Input.TextArea rows={2} maxLength={1000} />
        </Field>
        <Field md={12} name="note" label="Nota" rules={rule('note')}>
          <Input.TextArea rows={2} maxLength={1000} />
        </Field>
      </Row>
      <Row gutter={16}>
        <Col>
          <SwitchField name="distributionCenter" label="Centro de distribución" tooltip={id ? 'No se puede cambiar después de crear la sucursal' : undefined}>
            <Switch disabled={Boolean(id)} />
          </SwitchField>
        </Col>
        {/* the active and franchise switches are hidden for a distribution centre (section 4) */}
        {!isDc && (
          <>
            <Col>
              <SwitchField name="active" label="Activa" />
            </Col>
            <Col>
              <SwitchField name="franchise" label="Franquicia" />
            </Col>
          </>
        )}
        <Col>
          <SwitchField name="showInClients" label="Visible para clientes" />
        </Col>
      </Row>
      <Row gutter={16}>
        <Field
          md={6}
          name="reminderHour"
          label="Hora de recordatorios"
          tooltip="El día anterior a cada cita, a esta hora local, se envía el recordatorio por correo al paciente"
          required
          rules={rule('reminderHour')}
        >
          <SearchSelect<number> options={REMINDER_HOURS} />
        </Field>
      </Row>
      <Divider titlePlacement="start" plain>
        Horario
      </Divider>
      <ScheduleEditor />
    </FormPage>
  );
}
