import { Col, DatePicker, Form, Input, Row, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { ADULT_AGE, ageOn, todayIn } from '../../../domain/age';
import {
  birthdayProblem,
  customerSchema,
  GENDERS,
  MARITAL_STATUSES,
  MIN_BIRTHDAY,
  MOBILE_REQUIRED,
  RELATIONSHIP_REQUIRED,
  RELATIONSHIPS,
  TUTOR_REQUIRED,
} from '../../../domain/customers.schemas';
import { formatPhone } from '../../../domain/validation';
import { customerRoutes } from '../../../domain/customers.contract';
import { call } from '../../app/api';
import { FormPage } from '../../ui/FormPage';
import { Field, SwitchField } from '../../ui/FormFields';
import { optionsOf, parseForm, zodRule } from '../../ui/forms';
import { useRecordForm } from '../../ui/form-record';
import { PhoneInput } from '../../ui/PhoneInput';
import { SinglePhotoField, storedPhoto, uploadPhotos, type PickedPhoto } from '../../ui/PhotoPicker';
import { TutorSelect } from './TutorSelect';

type Values = Record<string, unknown> & { birthday?: Dayjs | null; photos?: PickedPhoto[] };
const rule = (field: keyof typeof customerSchema.shape) => [zodRule(customerSchema, field)];
const birthdayRule = {
  validator: async (_r: unknown, d?: Dayjs | null) => {
    const problem = d ? birthdayProblem(d.format('YYYY-MM-DD'), todayIn()) : null;
    if (problem) throw new Error(problem);
  },
};

export default function CustomerFormPage() {
  const [form] = Form.useForm<Values>();
  const { id, record, page } = useRecordForm(form, {
    key: 'customer',
    load: (id) => call(customerRoutes.single, { params: { id } }),
    // the stored avatar shows in the picker; picking another replaces it after the save
    toValues: (c) => ({
      ...c,
      birthday: dayjs(c.birthday),
      phone: formatPhone(c.phone),
      mobilePhone: formatPhone(c.mobilePhone),
      photos: storedPhoto(c.photo?.name, () => c.photo?.thumbnailUrl),
    }),
  });
  const birthday = Form.useWatch('birthday', form) as Dayjs | null | undefined;
  const minor = birthday ? ageOn(birthday.format('YYYY-MM-DD'), todayIn()) < ADULT_AGE : false;

  const submit = (raw: Values) => {
    const values = parseForm(customerSchema, { ...raw, birthday: raw.birthday?.format('YYYY-MM-DD') }, form);
    if (!values) return false;
    return (async () => {
      const saved = id ? await call(customerRoutes.update, { params: { id }, body: values }) : await call(customerRoutes.create, { body: values });
      await uploadPhotos(`/customer/${saved.id}/photo`, raw.photos);
    })();
  };

  return (
    <FormPage<Values> {...page} title={id ? 'Editar cliente' : 'Nuevo cliente'} backTo="/dashboard/clientes" initialValues={{ photos: [] }} onSubmit={submit}>
      <Row gutter={16}>
        <Field md={8} name="name" label="Nombre" required rules={rule('name')}>
          <Input maxLength={50} />
        </Field>
        <Field md={8} name="lastName" label="Apellido paterno" required rules={rule('lastName')}>
          <Input maxLength={50} />
        </Field>
        <Field md={8} name="motherLastName" label="Apellido materno" rules={rule('motherLastName')}>
          <Input maxLength={50} />
        </Field>
        <Field md={8} name="gender" label="Género" required rules={rule('gender')}>
          <Select options={optionsOf(GENDERS)} />
        </Field>
        <Field
          md={8}
          name="birthday"
          label="Fecha de nacimiento"
          required
          rules={[{ required: true, message: 'El campo fecha de nacimiento es requerido' }, birthdayRule]}
        >
          <DatePicker format="DD/MM/YYYY" style={{ width: '100%' }} disabledDate={(d) => d.isAfter(dayjs()) || d.isBefore(dayjs(MIN_BIRTHDAY))} />
        </Field>
        <Field md={8} name="maritalStatus" label="Estado civil" rules={rule('maritalStatus')}>
          <Select allowClear options={optionsOf(MARITAL_STATUSES)} />
        </Field>
        <Field
          md={8}
          name="mobilePhone"
          label="Teléfono celular"
          required={!minor}
          rules={[...rule('mobilePhone'), { required: !minor, message: MOBILE_REQUIRED }]}
        >
          <PhoneInput />
        </Field>
        <Field md={8} name="phone" label="Teléfono" rules={rule('phone')}>
          <PhoneInput />
        </Field>
        <Field md={8} name="email" label="Correo electrónico" rules={rule('email')}>
          <Input maxLength={100} inputMode="email" />
        </Field>
        <Field md={8} name="originCountry" label="País de origen" rules={rule('originCountry')}>
          <Input maxLength={50} />
        </Field>
        <Field md={16} name="reference" label="Referencia (¿cómo nos conoció?)" rules={rule('reference')}>
          <Input maxLength={100} />
        </Field>
        {minor ? (
          <>
            <Field
              md={16}
              name="tutorId"
              label="Tutor"
              required
              rules={[{ required: true, message: TUTOR_REQUIRED }]}
              extra="Los menores de 18 años necesitan un tutor registrado como cliente."
            >
              <TutorSelect current={record?.tutor} selfId={id} />
            </Field>
            <Field md={8} name="relationship" label="Parentesco" required rules={[{ required: true, message: RELATIONSHIP_REQUIRED }]}>
              <Select options={optionsOf(RELATIONSHIPS)} />
            </Field>
          </>
        ) : (
          <Col xs={24} md={8}>
            <SwitchField name="isTutor" label="Es tutor de otros clientes" />
          </Col>
        )}
        {id && (
          <>
            <Col xs={12} md={4}>
              <SwitchField name="status" label="Activo" />
            </Col>
            <Col xs={12} md={4}>
              <SwitchField name="blackList" label="Lista negra" />
            </Col>
          </>
        )}
        <Col span={24}>
          <SinglePhotoField required={false} />
        </Col>
      </Row>
    </FormPage>
  );
}
