import { useEffect, useState, type Ref } from 'react';
import { Input, Tag, type InputRef } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { posRoutes, type PosCatalogue, type PosItem, type PosItemKind } from '../../../domain/pos.contract';
import { call } from '../../app/api';
import { Money } from '../../ui/Money';
import { Key } from './Key';

export const KIND_LABELS: Record<PosItemKind, { label: string; color: string }> = {
  product: { label: 'Producto', color: 'blue' },
  treatment: { label: 'Tratamiento', color: 'purple' },
  package: { label: 'Paquete', color: 'gold' },
  promotion: { label: 'Promoción', color: 'magenta' },
};

interface Props {
  branchId: string;
  inputRef: Ref<InputRef>;
  onAdd: (item: PosItem) => void;
}

const catalogueQuery = (branchId: string, search: string) => ({
  queryKey: ['pos-catalogue', branchId, search],
  queryFn: () => call(posRoutes.catalogue, { query: { branchId, search } }),
  staleTime: 30_000,
});

/**
 * F3: name, SKU or barcode. A scanner types the code and Enter: the exact item goes to the cart and the box clears for
 * the next scan. ↑/↓ choose among the results, Enter adds, Esc clears.
 */
export function CatalogueSearch({ branchId, inputRef, onAdd }: Props) {
  const client = useQueryClient();
  const [text, setText] = useState('');
  const [typed, setTyped] = useState('');
  const [active, setActive] = useState(0);
  const [notFound, setNotFound] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setTyped(text.trim()), 180);
    return () => clearTimeout(timer);
  }, [text]);
  const { data, isFetching } = useQuery({ ...catalogueQuery(branchId, typed), enabled: Boolean(typed), placeholderData: keepPreviousData });
  const items = text.trim() && data ? data.items : [];

  const clear = () => {
    setText('');
    setTyped('');
    setActive(0);
  };
  const add = (item: PosItem) => {
    onAdd(item);
    clear();
  };
  const enter = async () => {
    const search = text.trim();
    if (!search) return;
    const answer: PosCatalogue = typed === search && data ? data : await client.fetchQuery(catalogueQuery(branchId, search));
    const pick = answer.exact ?? answer.items[answer.items.length === 1 ? 0 : Math.min(active, answer.items.length - 1)];
    if (pick) {
      setNotFound('');
      add(pick);
    } else setNotFound(`Sin resultados para «${search}»`);
  };

  return (
    <div style={{ position: 'relative' }}>
      <label className="pos-label" htmlFor="pos-search">
        Buscar producto, tratamiento, paquete o promoción <Key>F3</Key>{' '}
        <span className="pos-hint">nombre, SKU o código de barras · Enter agrega · Esc limpia</span>
      </label>
      <Input
        id="pos-search"
        ref={inputRef}
        size="large"
        autoFocus
        autoComplete="off"
        prefix={<SearchOutlined />}
        placeholder="Escanee o escriba y presione Enter"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setActive(0);
          setNotFound('');
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            void enter();
          } else if (e.key === 'Escape') {
            clear();
            setNotFound('');
          } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
            e.preventDefault();
            const step = e.key === 'ArrowDown' ? 1 : -1;
            setActive((i) => Math.max(0, Math.min(items.length - 1, i + step)));
          }
        }}
      />
      {notFound && <div className="pos-error">{notFound}</div>}
      {text.trim() && (
        <div className="pos-results" role="listbox" aria-label="Resultados del catálogo">
          {!items.length && <div className="pos-results-empty">{isFetching ? 'Buscando…' : 'Sin resultados'}</div>}
          {items.map((item, i) => (
            <div
              key={`${item.kind}:${item.id}`}
              role="option"
              aria-selected={i === active}
              className={i === active ? 'pos-result pos-result-active' : 'pos-result'}
              onMouseEnter={() => setActive(i)}
              onMouseDown={(e) => {
                e.preventDefault();
                add(item);
              }}
            >
              <Tag color={KIND_LABELS[item.kind].color} style={{ width: 92, textAlign: 'center' }}>
                {KIND_LABELS[item.kind].label}
              </Tag>
              <span className="pos-result-name">{item.name}</span>
              <span className="pos-muted">{item.sku}</span>
              {item.stock !== null && <span className={item.stock > 0 ? 'pos-muted' : 'pos-error-text'}>Exist. {item.stock}</span>}
              {item.points > 0 && <span className="pos-muted">{item.points} pts</span>}
              <strong style={{ minWidth: 96, textAlign: 'right' }}>
                <Money value={item.price} />
              </strong>
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
