import { useState } from 'react';
import { Button, Col, Form, Input, InputNumber, Modal, Row, Select, Space, TimePicker, Typography } from 'antd';
import { FileTextOutlined } from '@ant-design/icons';
import type { Body } from '../../../domain/contract';
import { treatmentRoutes } from '../../../domain/treatments.contract';
import { areasRequired, medicalFeeRequired, treatmentFieldsSchema, treatmentTypeLabel } from '../../../domain/treatments.schemas';
import { call } from '../../app/api';
import { FormPage } from '../../ui/FormPage';
import { Field, SearchSelect } from '../../ui/FormFields';
import { optionsWithOwn, requiredRule, timeText, zodRule } from '../../ui/forms';
import { useRecordForm } from '../../ui/form-record';
import { SinglePhotoField, storedPhoto, uploadPhotos, type PickedPhoto } from '../../ui/PhotoPicker';
import { useAreas, useConsents, useTreatmentCategories, useTreatmentFormOptions, useTreatmentTypes } from './lookups';
import { InlineSwitch } from './InlineSwitch';
import { MoneyInput } from '../../ui/MoneyInput';
import { TreatmentProductsField } from './TreatmentProductsField';
import { treatmentThumbnail } from './photos';

interface Values {
  sku: string;
  name: string;
  description: string;
  treatmentTypeId?: string;
  categories: string[];
  price?: number;
  medicalFee?: number | null;
  points?: number;
  term?: string;
  validity?: number | null;
  areasIds: string[];
  applianceIds: string[];
  assessment: boolean;
  consent: boolean;
  consentId?: string;
  treatmentProduct: { productId?: string; quantity?: number }[];
  active?: boolean;
  photos?: PickedPhoto[];
}

const rule = (field: keyof typeof treatmentFieldsSchema.shape) => zodRule(treatmentFieldsSchema, field);
const options = optionsWithOwn;

/** Create and edit form of a treatment; the photo is uploaded after the save. */
export default function TreatmentFormPage() {
  const [form] = Form.useForm<Values>();
  const [preview, setPreview] = useState(false);
  const {
    id,
    editing,
    readOnly,
    record: current,
    page,
  } = useRecordForm(form, {
    key: 'treatment',
    load: (id) => call(treatmentRoutes.get, { params: { id } }),
    toValues: (t) => ({
      ...t,
      categories: t.categories.map((c) => c.id),
      consentId: t.consentId ?? undefined,
      treatmentProduct: t.treatmentProduct.map((p) => ({ productId: p.productId, quantity: p.quantity })),
      photos: storedPhoto(t.photo, treatmentThumbnail),
    }),
    module: 'treatments',
  });
  const types = useTreatmentTypes();
  const categories = useTreatmentCategories();
  const formOptions = useTreatmentFormOptions(!readOnly);
  const typeId = Form.useWatch('treatmentTypeId', form);
  const consentOn = Form.useWatch('consent', form);
  const consentId = Form.useWatch('consentId', form);
  const type = types.data?.find((t) => t.id === typeId);
  const areas = useAreas(typeId);
  const consents = useConsents(typeId);

  const products = [...(formOptions.data?.products ?? [])];
  for (const p of current?.treatmentProduct ?? []) if (!products.some((x) => x.id === p.productId)) products.push(p.product);
  const document =
    consents.data?.find((c) => c.id === consentId)?.document ?? (current?.consentId === consentId ? current?.treatmentConsent?.document : undefined);

  const submit = async (v: Values) => {
    const { photos, ...rest } = v;
    const body = {
      ...rest,
      medicalFee: v.medicalFee ?? null,
      validity: v.validity ?? null,
      assessment: v.assessment ? 1 : 0,
      consent: v.consent ? 1 : 0,
      consentId: v.consent ? v.consentId : undefined,
      areasIds: areasRequired(type) ? v.areasIds : [],
      treatmentProduct: v.treatmentProduct ?? [],
      active: editing ? (v.active ? 1 : 0) : undefined,
      // the form may hold incomplete rows; the server's schema answers those with field errors
    } as Body<typeof treatmentRoutes.create>;
    const saved = id ? await call(treatmentRoutes.update, { params: { id }, body }) : await call(treatmentRoutes.create, { body });
    await uploadPhotos(`/treatment/${saved.id}/photo`, photos);
    return saved;
  };

  return (
    <FormPage<Values>
      {...page}
      title={editing ? 'Editar tratamiento' : 'Nuevo tratamiento'}
      backTo="/dashboard/tratamientos"
      initialValues={{ categories: [], areasIds: [], applianceIds: [], treatmentProduct: [], assessment: false, consent: false, photos: [] }}
      onSubmit={submit}
    >
      <SinglePhotoField required={!editing} disabled={readOnly} />
      <Row gutter={16}>
        <Field md={6} name="sku" label="SKU" required rules={editing ? [] : [rule('sku')]}>
          <Input maxLength={10} showCount disabled={editing} />
        </Field>
        <Field md={12} name="name" label="Nombre" required rules={[rule('name')]}>
          <Input maxLength={80} showCount />
        </Field>
        <Field md={6} name="treatmentTypeId" label="Tipo de tratamiento" required rules={[rule('treatmentTypeId')]}>
          <Select
            placeholder="Seleccione el tipo"
            loading={types.isLoading}
            options={(types.data ?? []).map((t) => ({ value: t.id, label: treatmentTypeLabel(t.name) }))}
            onChange={() => form.setFieldsValue({ areasIds: [], consentId: undefined })}
          />
        </Field>
      </Row>
      <Form.Item name="description" label="Descripción" required rules={[rule('description')]}>
        <Input.TextArea rows={3} maxLength={2000} />
      </Form.Item>
      <Form.Item name="categories" label="Categorías" required rules={[rule('categories')]}>
        <SearchSelect
          mode="multiple"
          placeholder="Seleccione las categorías"
          loading={categories.isLoading}
          options={options(categories.data, current?.categories)}
        />
      </Form.Item>
      <Row gutter={16}>
        <Field xs={12} md={5} name="price" label="Precio" required rules={[rule('price')]}>
          <MoneyInput />
        </Field>
        <Field
          xs={12}
          md={5}
          name="medicalFee"
          label="Honorario médico"
          required={medicalFeeRequired(type)}
          rules={[rule('medicalFee'), ...(medicalFeeRequired(type) ? [requiredRule('honorario médico')] : [])]}
        >
          <MoneyInput />
        </Field>
        <Field xs={8} md={4} name="points" label="Puntos" required rules={[rule('points')]}>
          <InputNumber min={0} precision={0} style={{ width: '100%' }} />
        </Field>
        <Field xs={8} md={4} name="term" label="Duración" required rules={[rule('term')]} {...timeText}>
          <TimePicker format="HH:mm" minuteStep={5} showNow={false} needConfirm={false} placeholder="HH:mm" style={{ width: '100%' }} />
        </Field>
        <Field xs={8} md={6} name="validity" label="Vigencia (días)" rules={[rule('validity')]}>
          <InputNumber min={1} precision={0} style={{ width: '100%' }} />
        </Field>
      </Row>
      {areasRequired(type) && (
        <Form.Item name="areasIds" label="Áreas" required rules={[{ type: 'array', min: 1, ...requiredRule('áreas') }]}>
          <SearchSelect mode="multiple" placeholder="Seleccione las áreas" loading={areas.isLoading} options={options(areas.data)} />
        </Form.Item>
      )}
      <Form.Item name="applianceIds" label="Aparatos">
        <SearchSelect
          mode="multiple"
          placeholder="Seleccione los aparatos"
          loading={formOptions.isLoading}
          options={options(
            formOptions.data?.appliances.map((a) => ({ id: a.id, name: `${a.name} · ${a.brand} ${a.model}` })),
            current?.appliance,
          )}
        />
      </Form.Item>
      <TreatmentProductsField products={products} loading={formOptions.isLoading} disabled={readOnly} />
      <Row gutter={16} align="middle">
        <Col xs={12} md={6}>
          <InlineSwitch name="assessment" label="Requiere valoración" />
        </Col>
        <Col xs={12} md={6}>
          <InlineSwitch name="consent" label="Consentimiento" />
        </Col>
        {consentOn && (
          <Col xs={24} md={12}>
            <Form.Item label="Documento de consentimiento" required>
              <Space.Compact style={{ width: '100%' }}>
                <Form.Item name="consentId" noStyle rules={[requiredRule('consentimiento')]}>
                  <Select
                    style={{ width: 'calc(100% - 150px)' }}
                    aria-label="Documento de consentimiento"
                    placeholder={typeId ? 'Seleccione el consentimiento' : 'Seleccione primero el tipo'}
                    loading={consents.isLoading}
                    options={options(consents.data, current?.treatmentConsent ? [current.treatmentConsent] : [])}
                  />
                </Form.Item>
                <Button icon={<FileTextOutlined />} disabled={!document} onClick={() => setPreview(true)}>
                  Ver documento
                </Button>
              </Space.Compact>
            </Form.Item>
          </Col>
        )}
      </Row>
      {editing && <InlineSwitch name="active" label="Activo" />}
      <Modal title="Documento de consentimiento" open={preview} onCancel={() => setPreview(false)} footer={null} width={700}>
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{document}</Typography.Paragraph>
      </Modal>
    </FormPage>
  );
}
