import { useEffect } from 'react';
import { Col, DatePicker, Form, Input, Row, Select, Switch } from 'antd';
import { useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useParams } from 'react-router';
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
import { isMissingRecord } from '../../app/load-errors';
import { FormPage } from '../../ui/FormPage';
import { parseForm, zodRule } from '../../ui/forms';
import { PhoneInput } from '../../ui/PhoneInput';
import { SinglePhotoField, storedPhoto, uploadPhotos, type PickedPhoto } from '../../ui/PhotoPicker';
import { TutorSelect } from './TutorSelect';

type Values = Record<string, unknown> & { birthday?: Dayjs | null; photos?: PickedPhoto[] };
const rule = (field: keyof typeof customerSchema.shape) => [zodRule(customerSchema, field)];
const options = (list: readonly string[]) => list.map((v) => ({ value: v, label: v }));
const birthdayRule = {
  validator: async (_r: unknown, d?: Dayjs | null) => {
    const problem = d ? birthdayProblem(d.format('YYYY-MM-DD'), todayIn()) : null;
    if (problem) throw new Error(problem);
  },
};

export default function CustomerFormPage() {
  const { id } = useParams();
  const [form] = Form.useForm<Values>();
  const existing = useQuery({
    queryKey: ['customer', id],
    queryFn: () => call(customerRoutes.single, { params: { id: id! } }),
    enabled: Boolean(id),
    throwOnError: isMissingRecord,
  });
  const birthday = Form.useWatch('birthday', form) as Dayjs | null | undefined;
  const minor = birthday ? ageOn(birthday.format('YYYY-MM-DD'), todayIn()) < ADULT_AGE : false;

  useEffect(() => {
    const c = existing.data;
    if (!c) return;
    // the stored avatar shows in the picker; picking another replaces it after the save
    form.setFieldsValue({
      ...c,
      birthday: dayjs(c.birthday),
      phone: formatPhone(c.phone),
      mobilePhone: formatPhone(c.mobilePhone),
      photos: storedPhoto(c.photo?.name, () => c.photo?.thumbnailUrl),
    });
  }, [existing.data, form]);

  const submit = (raw: Values) => {
    const values = parseForm(customerSchema, { ...raw, birthday: raw.birthday?.format('YYYY-MM-DD') }, form);
    if (!values) return false;
    return (async () => {
      const saved = id ? await call(customerRoutes.update, { params: { id }, body: values }) : await call(customerRoutes.create, { body: values });
      await uploadPhotos(`/customer/${saved.id}/photo`, raw.photos);
    })();
  };

  return (
    <FormPage<Values>
      title={id ? 'Editar cliente' : 'Nuevo cliente'}
      form={form}
      backTo="/dashboard/clientes"
      invalidate={['list', 'customer']}
      loading={existing.isLoading}
      initialValues={{ photos: [] }}
      onSubmit={submit}
    >
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item name="name" label="Nombre" required rules={rule('name')}>
            <Input maxLength={50} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="lastName" label="Apellido paterno" required rules={rule('lastName')}>
            <Input maxLength={50} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="motherLastName" label="Apellido materno" rules={rule('motherLastName')}>
            <Input maxLength={50} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="gender" label="Género" required rules={rule('gender')}>
            <Select options={options(GENDERS)} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            name="birthday"
            label="Fecha de nacimiento"
            required
            rules={[{ required: true, message: 'El campo fecha de nacimiento es requerido' }, birthdayRule]}
          >
            <DatePicker format="DD/MM/YYYY" style={{ width: '100%' }} disabledDate={(d) => d.isAfter(dayjs()) || d.isBefore(dayjs(MIN_BIRTHDAY))} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="maritalStatus" label="Estado civil" rules={rule('maritalStatus')}>
            <Select allowClear options={options(MARITAL_STATUSES)} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            name="mobilePhone"
            label="Teléfono celular"
            required={!minor}
            rules={[...rule('mobilePhone'), { required: !minor, message: MOBILE_REQUIRED }]}
          >
            <PhoneInput />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="phone" label="Teléfono" rules={rule('phone')}>
            <PhoneInput />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="email" label="Correo electrónico" rules={rule('email')}>
            <Input maxLength={100} inputMode="email" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="originCountry" label="País de origen" rules={rule('originCountry')}>
            <Input maxLength={50} />
          </Form.Item>
        </Col>
        <Col xs={24} md={16}>
          <Form.Item name="reference" label="Referencia (¿cómo nos conoció?)" rules={rule('reference')}>
            <Input maxLength={100} />
          </Form.Item>
        </Col>
        {minor ? (
          <>
            <Col xs={24} md={16}>
              <Form.Item
                name="tutorId"
                label="Tutor"
                required
                rules={[{ required: true, message: TUTOR_REQUIRED }]}
                extra="Los menores de 18 años necesitan un tutor registrado como cliente."
              >
                <TutorSelect current={existing.data?.tutor} selfId={id} />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="relationship" label="Parentesco" required rules={[{ required: true, message: RELATIONSHIP_REQUIRED }]}>
                <Select options={options(RELATIONSHIPS)} />
              </Form.Item>
            </Col>
          </>
        ) : (
          <Col xs={24} md={8}>
            <Form.Item name="isTutor" label="Es tutor de otros clientes" valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
        )}
        {id && (
          <>
            <Col xs={12} md={4}>
              <Form.Item name="status" label="Activo" valuePropName="checked">
                <Switch />
              </Form.Item>
            </Col>
            <Col xs={12} md={4}>
              <Form.Item name="blackList" label="Lista negra" valuePropName="checked">
                <Switch />
              </Form.Item>
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
