import { Button, InputNumber, Tag } from 'antd';
import { DeleteOutlined, MinusOutlined, PlusOutlined } from '@ant-design/icons';
import { fromCents, multiplyCents, toCents } from '../../../domain/money';
import { Money } from '../../ui/Money';
import { KIND_LABELS } from './CatalogueSearch';
import { kindOfItem, lineKey, linesOf, MAX_QUANTITY, SALE_TITLES, type CartLine, type SaleKind } from './cart';

interface Props {
  cart: CartLine[];
  current: SaleKind | null;
  lineErrors: Record<string, string>;
  onQuantity: (key: string, quantity: number) => void;
}

/** The cart by sale: services (charged first) and products, each line with its quantity and amount at catalogue price. */
export function CartTable({ cart, current, lineErrors, onQuantity }: Props) {
  const groups = (['order', 'cashOrder'] as const).map((kind) => ({ kind, lines: linesOf(cart, kind) })).filter((g) => g.lines.length);
  const split = groups.length > 1;
  return (
    <table className="pos-cart">
      <thead>
        <tr>
          <th className="pos-cart-kind">Tipo</th>
          <th>Artículo</th>
          <th className="pos-cart-price">Precio</th>
          <th className="pos-cart-qty">Cantidad</th>
          <th className="pos-cart-amount">Importe</th>
          <th className="pos-cart-delete">
            <span className="sr-only">Eliminar</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {groups.map((g, gi) => [
          split && (
            <tr key={`group-${g.kind}`} className="pos-cart-group">
              <td colSpan={6}>
                Venta {gi + 1} de 2 · {SALE_TITLES[g.kind]}
                {current === g.kind ? ' · se cobra ahora' : ' · se cobra después'}
              </td>
            </tr>
          ),
          ...g.lines.map((l) => {
            const key = lineKey(l.item);
            const short = l.item.stock !== null && l.quantity > l.item.stock;
            return (
              <tr key={key} className={current && kindOfItem(l.item) !== current ? 'pos-cart-later' : undefined}>
                <td className="pos-cart-kind">
                  <Tag color={KIND_LABELS[l.item.kind].color}>{KIND_LABELS[l.item.kind].label}</Tag>
                </td>
                <td>
                  <div>{l.item.name}</div>
                  <div className="pos-muted">
                    {l.item.sku}
                    <span className="pos-cart-unit">
                      {' · '}
                      <Money value={l.item.price} /> c/u
                    </span>
                    {l.item.stock !== null && <span className={short ? 'pos-error-text' : undefined}> · existencia {l.item.stock}</span>}
                  </div>
                  {lineErrors[key] && <div className="pos-error">{lineErrors[key]}</div>}
                </td>
                <td className="pos-cart-price">
                  <Money value={l.item.price} />
                </td>
                <td className="pos-cart-qty">
                  <Button size="small" icon={<MinusOutlined />} aria-label={`Quitar uno de ${l.item.name}`} onClick={() => onQuantity(key, l.quantity - 1)} />
                  <InputNumber
                    size="small"
                    min={1}
                    max={MAX_QUANTITY[kindOfItem(l.item)]}
                    precision={0}
                    value={l.quantity}
                    aria-label={`Cantidad de ${l.item.name}`}
                    style={{ width: 58, margin: '0 4px' }}
                    status={lineErrors[key] ? 'error' : undefined}
                    onChange={(v) => v && onQuantity(key, v)}
                  />
                  <Button size="small" icon={<PlusOutlined />} aria-label={`Agregar uno de ${l.item.name}`} onClick={() => onQuantity(key, l.quantity + 1)} />
                </td>
                <td className="pos-cart-amount">
                  <Money value={fromCents(multiplyCents(toCents(l.item.price), l.quantity))} />
                </td>
                <td className="pos-cart-delete">
                  <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={`Eliminar ${l.item.name}`} onClick={() => onQuantity(key, 0)} />
                </td>
              </tr>
            );
          }),
        ])}
      </tbody>
    </table>
  );
}
