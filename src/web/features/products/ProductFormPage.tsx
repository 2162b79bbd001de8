import { useEffect, useRef } from 'react';
import { Alert, Button, Form, Space, Switch } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import type { Body } from '../../../domain/contract';
import { productRoutes, type Product } from '../../../domain/products.contract';
import type { ProductKind } from '../../../domain/products.schemas';
import { call } from '../../app/api';
import { isMissingRecord } from '../../app/load-errors';
import { useCan } from '../../app/privileges';
import { confirmAction } from '../../ui/confirm';
import { formatDate } from '../../ui/format';
import { FormPage } from '../../ui/FormPage';
import { notify } from '../../ui/notify';
import { uploadPhotos, type PickedPhoto } from '../../ui/PhotoPicker';
import { loadProductTypes } from './lookups';
import { CostSection, PricingSection, PricingSummary } from './PricingSection';
import { ApprovalTag } from './ProductDetail';
import { ProductFields } from './ProductFields';
import { photoUrl } from './photos';
import { leaveWithoutAsking } from '../../ui/unsaved';

type Values = Omit<Product, 'photos' | 'id'> & { photos: PickedPhoto[] };
/** What both the create and the update accept (the update takes the SKU and type back unchanged). */
type ProductBody = Body<typeof productRoutes.create> & Body<(typeof productRoutes.update)[ProductKind]>;

const LIST = '/dashboard/productos';
const FORM_ONLY = ['photos'] as const;

/**
 * Photo changes of an edit: removals first so the total never passes three, except that the last
 * stored photo waits for a new one (the server keeps at least one).
 */
async function syncPhotos(id: string, photos: PickedPhoto[], removed: PickedPhoto[]) {
  const kept = photos.filter((p) => p.id).length;
  const added = photos.filter((p) => p.file);
  const deferred = kept === 0 ? removed.slice(-1) : [];
  const remove = (list: PickedPhoto[]) =>
    Promise.all(list.map((p) => call(productRoutes.deletePhoto, { params: { photoId: p.id! } }).catch((err) => notify.error(err))));
  await remove(removed.filter((p) => !deferred.includes(p)));
  await uploadPhotos(`/product/${id}/photos`, deferred.length ? added.slice(0, 1) : added);
  await remove(deferred);
  if (deferred.length) await uploadPhotos(`/product/${id}/photos`, added.slice(1));
}

export default function ProductFormPage() {
  const { id } = useParams();
  const can = useCan();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const removed = useRef<PickedPhoto[]>([]);
  const existing = useQuery({
    queryKey: ['product', id],
    queryFn: () => call(productRoutes.get, { params: { id: id! } }),
    enabled: Boolean(id),
    throwOnError: isMissingRecord,
  });
  const types = useQuery({ queryKey: ['product-types'], queryFn: loadProductTypes, staleTime: 300_000 });
  const typeId = Form.useWatch('productTypeId', form);

  const product = existing.data;
  const state = product?.approval;
  const approver = can('products', 'approve');
  const readOnly = id ? !can('products', 'edit') : !can('products', 'create');
  const rejected = state === 'rejected';
  const kind: ProductKind | undefined = product?.productType.slug ?? types.data?.find((t) => t.id === typeId)?.slug;
  const approvesOnSave = Boolean(id) && approver && state === 'pending' && !readOnly;

  useEffect(() => {
    if (!product) return;
    removed.current = [];
    form.setFieldsValue({ ...product, photos: product.photos.map((p) => ({ uid: p.id, id: p.id, name: p.name, url: photoUrl(p.name, true) })) });
  }, [product, form]);

  const submit = (values: Values) => {
    const fields: Record<string, unknown> = { ...values };
    for (const k of FORM_ONLY) delete fields[k];
    // the form's values less the photos; the server's schema answers a missing field with a field error
    const payload = fields as ProductBody;
    // a rejected product's cost and status are hidden: they travel unchanged
    if (product && rejected) Object.assign(payload, { cost: product.cost, tax: product.tax, active: product.active });
    if (!id) {
      // as the spec describes: save, then upload the photos with the returned id
      return (async () => {
        const created = await call(productRoutes.create, { body: payload });
        await uploadPhotos(`/product/${created.id}/photos`, values.photos);
      })();
    }
    return (async () => {
      await call(productRoutes.update[kind!], { params: { id }, body: payload });
      await syncPhotos(id, values.photos ?? [], removed.current);
    })();
  };

  const reject = () =>
    confirmAction({
      title: `¿Rechazar el producto "${product?.name}"?`,
      content: 'Quien lo registró deberá guardarlo de nuevo para solicitar su aprobación.',
      okText: 'Rechazar',
      onOk: async () => {
        try {
          await call(productRoutes.reject, { params: { id: id! } });
          notify.success();
          await queryClient.invalidateQueries({ queryKey: ['list'] });
          await queryClient.invalidateQueries({ queryKey: ['product'] });
          leaveWithoutAsking(() => navigate(LIST));
        } catch (err) {
          notify.error(err);
        }
      },
    });

  return (
    <FormPage<Values>
      title={id ? 'Editar producto' : 'Nuevo producto'}
      form={form}
      backTo={LIST}
      invalidate={['list', 'product']}
      loading={existing.isLoading}
      readOnly={readOnly}
      initialValues={{ photos: [], active: true, tax: 16 }}
      submitLabel={approvesOnSave ? 'Guardar y aprobar' : 'Guardar'}
      onSubmit={submit}
    >
      {product && (
        <Space style={{ marginBottom: 16 }} wrap>
          <span>Aprobación:</span>
          <ApprovalTag state={product.approval} date={product.approved_at ?? product.rejected_at} />
          {approvesOnSave && (
            <Button danger onClick={reject}>
              Rechazar
            </Button>
          )}
        </Space>
      )}
      {rejected && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={`Producto rechazado el ${formatDate(product?.rejected_at)}`}
          description="Corrija los datos y guarde el producto para solicitar de nuevo su aprobación."
        />
      )}
      {approvesOnSave && (
        <Alert type="info" showIcon style={{ marginBottom: 16 }} title="Al guardar, el producto quedará aprobado con los precios capturados." />
      )}
      <ProductFields existing={product} onRemoveStored={(p) => removed.current.push(p)} />
      {!rejected && <CostSection />}
      {!rejected && approver && <PricingSection kind={kind} required={Boolean(id) && !readOnly} />}
      {!rejected && !approver && product?.approval === 'approved' && <PricingSummary product={product} />}
      {id && !rejected && (
        <Form.Item name="active" label="Activo" valuePropName="checked">
          <Switch />
        </Form.Item>
      )}
    </FormPage>
  );
}
