import type { ReactNode } from 'react';
import { Button, Col, Descriptions, Divider, Form, InputNumber, Row, Select, Statistic, type FormRule } from 'antd';
import { computePricing } from '../../../domain/pricing';
import { pricingLabels, productFields, requiredPricingFields, TAX_OPTIONS, type PricingField, type ProductKind } from '../../../domain/products.schemas';
import { msg } from '../../../domain/validation';
import { zodRule } from '../../ui/forms';
import { formatMoney } from '../../ui/format';
import { MoneyInput } from '../../ui/MoneyInput';
import type { Product } from '../../../domain/products.contract';

const percentInput = { suffix: '%', precision: 2, min: 0, max: 1000, style: { width: '100%' } } as const;

const show = (v: number | null | undefined) => (v === null || v === undefined ? '—' : formatMoney(v));

/** A price computed from the fields (not an input): shown live as the user types. */
function Computed({ title, value, testId, children }: { title: string; value: number | null; testId: string; children?: ReactNode }) {
  return (
    <div style={{ marginBottom: 24 }}>
      <Statistic title={title} value={show(value)} styles={{ content: { fontSize: 20 } }} data-testid={testId} />
      {children}
    </div>
  );
}

/** Cost and IVA with the real cost computed as the user types (hidden for a rejected product). */
export function CostSection() {
  const form = Form.useFormInstance();
  const cost = Form.useWatch('cost', form);
  const tax = Form.useWatch('tax', form);
  const { realCost } = computePricing({ cost, tax });
  return (
    <>
      <Divider titlePlacement="start">Costo</Divider>
      <Row gutter={16} align="bottom">
        <Col xs={24} md={8}>
          <Form.Item name="cost" label="Costo" required rules={[zodRule(productFields, 'cost')]}>
            <MoneyInput placeholder="0.00" aria-label="Costo" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="tax" label="IVA" required rules={[zodRule(productFields, 'tax')]}>
            <Select placeholder="Seleccione el IVA" options={TAX_OPTIONS.map((t) => ({ value: t, label: `${t} %` }))} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Computed title="Costo real (con IVA)" value={realCost} testId="real-cost" />
        </Col>
      </Row>
    </>
  );
}

interface PricingProps {
  kind: ProductKind | undefined;
  /** The approver's edit view: the pricing fields are required. */
  required: boolean;
}

/** Franchise cost fields and sale price: only an approver captures them; prices are computed live. */
export function PricingSection({ kind, required }: PricingProps) {
  const form = Form.useFormInstance();
  const watched = {
    cost: Form.useWatch('cost', form),
    tax: Form.useWatch('tax', form),
    franchiseTax: Form.useWatch('franchiseTax', form),
    additionalCostFranchise: Form.useWatch('additionalCostFranchise', form),
    indirectExpenses: Form.useWatch('indirectExpenses', form),
    profitPorcentage: Form.useWatch('profitPorcentage', form),
  };
  const { franchisePrice, suggestedSalePrice } = computePricing(watched);
  const needed = new Set(kind ? requiredPricingFields(kind) : []);
  const rules = (field: PricingField): FormRule[] => [
    ...(required && needed.has(field) ? [{ required: true, message: msg.required(pricingLabels[field]) }] : []),
    zodRule(productFields, field),
  ];
  const item = (field: PricingField, label: string, input: ReactNode) => (
    <Form.Item name={field} label={label} required={required && needed.has(field)} rules={rules(field)}>
      {input}
    </Form.Item>
  );
  return (
    <>
      <Divider titlePlacement="start">Precios de franquicia y venta</Divider>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          {item('franchiseTax', 'IVA de franquicia', <InputNumber<number> {...percentInput} aria-label="IVA de franquicia" />)}
        </Col>
        <Col xs={24} md={8}>
          {item(
            'additionalCostFranchise',
            'Costo adicional de franquicia',
            <InputNumber<number> {...percentInput} aria-label="Costo adicional de franquicia" />,
          )}
        </Col>
        <Col xs={24} md={8}>
          {item('indirectExpenses', 'Gastos indirectos', <MoneyInput aria-label="Gastos indirectos" />)}
        </Col>
        <Col xs={24} md={8}>
          <Computed title="Precio franquicia" value={franchisePrice} testId="franchise-price" />
        </Col>
        <Col xs={24} md={8}>
          {item('profitPorcentage', 'Porcentaje de utilidad', <InputNumber<number> {...percentInput} aria-label="Porcentaje de utilidad" />)}
        </Col>
        <Col xs={24} md={8}>
          <Computed title="Precio de venta sugerido" value={suggestedSalePrice} testId="suggested-price">
            {suggestedSalePrice !== null && (
              <Button size="small" type="link" style={{ padding: 0 }} onClick={() => form.setFieldsValue({ salePrice: suggestedSalePrice })}>
                Usar como precio de venta
              </Button>
            )}
          </Computed>
        </Col>
        <Col xs={24} md={8}>
          {item('salePrice', 'Precio de venta', <MoneyInput aria-label="Precio de venta" />)}
        </Col>
        <Col xs={24} md={8}>
          {item('points', 'Puntos', <InputNumber<number> min={0} precision={0} style={{ width: '100%' }} aria-label="Puntos" />)}
        </Col>
      </Row>
    </>
  );
}

/** What someone without approve sees of an approved product's prices. */
export function PricingSummary({ product: p }: { product: Product }) {
  return (
    <>
      <Divider titlePlacement="start">Precios</Divider>
      <Descriptions bordered size="small" column={3} style={{ marginBottom: 16 }}>
        <Descriptions.Item label="Precio franquicia">{show(p.franchisePrice)}</Descriptions.Item>
        <Descriptions.Item label="Precio de venta">{show(p.salePrice)}</Descriptions.Item>
        <Descriptions.Item label="Puntos">{p.points ?? '—'}</Descriptions.Item>
      </Descriptions>
    </>
  );
}
