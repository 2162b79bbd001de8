import { Divider, Form, Input, InputNumber, Row, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { CONTENT_TYPES, MEASURE_UNITS, PRODUCT_PHOTOS_MAX, productFields, productMessages, productTypeLabel, SKU_MAX } from '../../../domain/products.schemas';
import { Field, SearchSelect } from '../../ui/FormFields';
import { optionsOf, optionsWithOwn, zodRule } from '../../ui/forms';
import { PhotoPicker, type PickedPhoto } from '../../ui/PhotoPicker';
import { loadProductCategories, loadProductTypes, loadProviders } from './lookups';
import type { Product } from '../../../domain/products.contract';

const rule = (field: keyof typeof productFields.shape) => [zodRule(productFields, field)];

const photosRule = {
  validator: async (_r: unknown, value: PickedPhoto[] | undefined) => {
    if (!value?.length) throw new Error(productMessages.photoRequired);
  },
};

/** Options of a lookup plus the product's own choices, which may no longer be offered. */
const withOwn = optionsWithOwn;

interface Props {
  existing?: Product;
  onRemoveStored: (photo: PickedPhoto) => void;
}

/** Photos and the general data of a product; the SKU and the type are fixed once created. */
export function ProductFields({ existing, onRemoveStored }: Props) {
  const editing = Boolean(existing);
  const types = useQuery({ queryKey: ['product-types'], queryFn: loadProductTypes, staleTime: 300_000 });
  const providers = useQuery({ queryKey: ['product-providers'], queryFn: loadProviders, staleTime: 60_000 });
  const categories = useQuery({ queryKey: ['product-categories'], queryFn: loadProductCategories, staleTime: 60_000 });
  return (
    <>
      <Form.Item name="photos" label={`Fotos (de 1 a ${PRODUCT_PHOTOS_MAX}, menos de 1 Mb cada una)`} required rules={[photosRule]}>
        <PhotoPicker max={PRODUCT_PHOTOS_MAX} onRemoveStored={onRemoveStored} />
      </Form.Item>
      <Divider titlePlacement="start">Datos generales</Divider>
      <Row gutter={16}>
        <Field md={8} name="productTypeId" label="Tipo de producto" required rules={rule('productTypeId')}>
          <Select
            placeholder="Seleccione el tipo"
            disabled={editing}
            loading={types.isLoading}
            options={withOwn(types.data, existing ? [{ ...existing.productType, name: productTypeLabel(existing.productType) }] : undefined)}
          />
        </Field>
        <Field md={8} name="sku" label="SKU" required rules={editing ? [] : rule('sku')}>
          <Input maxLength={SKU_MAX} showCount={!editing} disabled={editing} />
        </Field>
        <Field md={8} name="barCode" label="Código de barras" required rules={rule('barCode')}>
          <Input maxLength={40} />
        </Field>
        <Field md={16} name="name" label="Nombre" required rules={rule('name')}>
          <Input maxLength={100} />
        </Field>
        <Field md={8} name="brand" label="Marca" required rules={rule('brand')}>
          <Input maxLength={60} />
        </Field>
      </Row>
      <Form.Item name="description" label="Descripción" required rules={rule('description')}>
        <Input.TextArea rows={2} maxLength={2000} />
      </Form.Item>
      <Row gutter={16}>
        <Field md={8} name="contentType" label="Tipo de contenido" required rules={rule('contentType')}>
          <Select placeholder="Seleccione" options={optionsOf(CONTENT_TYPES)} />
        </Field>
        <Field md={8} name="content" label="Contenido" required rules={rule('content')}>
          <InputNumber<number> min={0} style={{ width: '100%' }} aria-label="Contenido" />
        </Field>
        <Field md={8} name="measureUnit" label="Unidad de medida" required rules={rule('measureUnit')}>
          <Select placeholder="Seleccione" options={optionsOf(MEASURE_UNITS)} />
        </Field>
      </Row>
      <Row gutter={16}>
        <Field md={12} name="providersIds" label="Proveedores" required rules={rule('providersIds')}>
          <SearchSelect
            mode="multiple"
            placeholder="Seleccione los proveedores"
            loading={providers.isLoading}
            options={withOwn(providers.data, existing?.providers)}
          />
        </Field>
        <Field md={12} name="categoriesIds" label="Categorías" required rules={rule('categoriesIds')}>
          <SearchSelect
            mode="multiple"
            placeholder="Seleccione las categorías"
            loading={categories.isLoading}
            options={withOwn(categories.data, existing?.categories)}
          />
        </Field>
      </Row>
    </>
  );
}
