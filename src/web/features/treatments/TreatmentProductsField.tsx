import { treatmentProductSchema } from '../../../domain/treatments.schemas';
import { zodRule } from '../../ui/forms';
import { LineItemsField } from '../../ui/LineItemsField';

interface Props {
  products: { id: string; sku: string; name: string }[];
  loading?: boolean;
  disabled?: boolean;
}

/** Products used by the treatment, each with the quantity one session consumes. */
export function TreatmentProductsField({ products, loading, disabled }: Props) {
  return (
    <LineItemsField
      name="treatmentProduct"
      itemKey="productId"
      title="Productos utilizados"
      emptyText="Sin productos"
      options={products.map((p) => ({ value: p.id, label: `${p.sku} · ${p.name}` }))}
      loading={loading}
      withPrice={false}
      quantityRules={[zodRule(treatmentProductSchema, 'quantity')]}
      disabled={disabled}
    />
  );
}
