import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Select, Spin, type InputRef, type RefSelectProps } from 'antd';
import { PrinterOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { couponRoutes } from '../../../domain/coupons.contract';
import { fromCents } from '../../../domain/money';
import { posRoutes, type PosItem } from '../../../domain/pos.contract';
import { saleTickets } from '../../../domain/sale-lists.contract';
import type { SaleAnswer } from '../../../domain/sales.contract';
import { SALE_MESSAGES } from '../../../domain/sales';
import { api, ApiError, call, NETWORK_ERROR } from '../../app/api';
import { useSession } from '../../app/session';
import { Money } from '../../ui/Money';
import { openDocument } from '../../ui/open-document';
import { CartTable } from './CartTable';
import { CatalogueSearch } from './CatalogueSearch';
import {
  addToCart,
  currentSaleKind,
  kindOfItem,
  lineKey,
  linesOf,
  newIdempotencyKey,
  placeOfError,
  SALE_TITLES,
  saleBody,
  saleFigures,
  setQuantity,
  settle,
  type AppliedCoupon,
  type CartLine,
  type PaymentRow,
  type SaleKind,
} from './cart';
import { CustomerPicker, type PosCustomer } from './CustomerPicker';
import { Key } from './Key';
import { NewCustomerModal } from './NewCustomerModal';
import { Adjustments, FIRST_AMOUNT_ID, PaymentPanel, paymentRow } from './PaymentPanel';
import './pos.css';

interface Errors {
  lines: Record<string, string>;
  payments?: string;
  points?: string;
  coupon?: string;
  customer?: string;
  general?: string;
}
const noErrors: Errors = { lines: {} };

interface SaleResult {
  kind: SaleKind;
  sale: SaleAnswer;
}

const CUSTOMER_REQUIRED = 'Seleccione el cliente: los tratamientos y paquetes se venden a un cliente';
const focusById = (id: string) => document.getElementById(id)?.focus();
const ticketOf = (r: SaleResult) => saleTickets.path(r.kind === 'order' ? 'order' : 'cash-order', r.sale.id);

/** What the coupon check calls each kind of cart line: a package or promotion is checked for the coupon's treatment inside it. */
const COUPON_ITEM_TYPE = { product: 'Product', treatment: 'Treatment', package: 'Package', promotion: 'Package' } as const;
const COUPON_NEEDS_ITEM = 'Agregue primero a la venta el artículo del cupón';

/** The built-in point of sale: one counter, keyboard first (F2 customer, F3 search, F4 coupon, F7 points, F8 payments, F9 charge). */
export default function PosPage() {
  const user = useSession((s) => s.user);
  const [branchId, setBranchId] = useState<string | undefined>(undefined);
  const context = useQuery({ queryKey: ['pos-context', branchId], queryFn: () => call(posRoutes.context, { query: { branchId } }), staleTime: 300_000 });
  const branch = context.data?.branch;
  const usdRate = context.data?.exchangeRate ?? null;

  const [customer, setCustomer] = useState<PosCustomer | null>(null);
  const [cart, setCart] = useState<CartLine[]>([]);
  const [coupon, setCoupon] = useState<AppliedCoupon | null>(null);
  const [couponText, setCouponText] = useState('');
  const [checkingCoupon, setCheckingCoupon] = useState(false);
  const [points, setPoints] = useState(0);
  const [rows, setRows] = useState<PaymentRow[]>(() => [paymentRow()]);
  const [errors, setErrors] = useState<Errors>(noErrors);
  const [results, setResults] = useState<SaleResult[]>([]);
  const [charging, setCharging] = useState(false);
  const [newCustomer, setNewCustomer] = useState(false);
  // one key per checkout attempt of a sale, kept until that sale is written: a retried F9 never charges twice
  const attempt = useRef<{ kind: SaleKind; key: string } | null>(null);

  const customerRef = useRef<RefSelectProps>(null);
  const searchRef = useRef<InputRef>(null);
  const couponRef = useRef<InputRef>(null);

  const current = currentSaleKind(cart);
  const lines = useMemo(() => (current ? linesOf(cart, current) : []), [cart, current]);
  const figures = saleFigures(lines, coupon, points);
  const settlement = settle(figures.due, rows, usdRate);

  // a coupon whose item left the cart, or points beyond the sale, go
  useEffect(() => {
    if (coupon && !cart.some((l) => lineKey(l.item) === coupon.itemKey)) setCoupon(null);
  }, [cart, coupon]);
  useEffect(() => {
    if (points > figures.maxPoints) setPoints(figures.maxPoints);
  }, [points, figures.maxPoints]);

  const add = useCallback((item: PosItem) => {
    setResults((r) => (r.length ? [] : r));
    setCart((c) => addToCart(c, item));
    setErrors((e) => ({ ...e, general: undefined }));
  }, []);

  const changeQuantity = (key: string, quantity: number) => {
    setCart((c) => setQuantity(c, key, quantity));
    setErrors((e) => {
      const { [key]: _gone, ...rest } = e.lines;
      return { ...e, lines: rest };
    });
  };

  const clearSale = () => {
    setCart([]);
    setCoupon(null);
    setCouponText('');
    setPoints(0);
    setRows([paymentRow()]);
    setErrors(noErrors);
    setCustomer(null);
    attempt.current = null;
    searchRef.current?.focus();
  };

  const applyCoupon = async () => {
    const code = couponText.trim();
    if (!code) return;
    if (!customer || !branch) return setErrors((e) => ({ ...e, coupon: SALE_MESSAGES.couponWithoutCustomer }));
    // the coupon's own treatment or product first, then the packages and promotions that may include its treatment
    const candidates = [
      ...cart.filter((l) => l.item.kind === 'treatment' || l.item.kind === 'product'),
      ...cart.filter((l) => l.item.kind === 'package' || l.item.kind === 'promotion'),
    ];
    if (!candidates.length) return setErrors((e) => ({ ...e, coupon: COUPON_NEEDS_ITEM }));
    setCheckingCoupon(true);
    let problem = '';
    try {
      for (const l of candidates) {
        try {
          const quote = await call(couponRoutes.validate, {
            body: { code, customerId: customer.id, branchId: branch.id, item: { type: COUPON_ITEM_TYPE[l.item.kind], id: l.item.id } },
          });
          const inPackage = l.item.kind === 'package' || l.item.kind === 'promotion';
          setCoupon({
            code: quote.code,
            name: quote.name,
            itemKey: lineKey(l.item),
            discountPercent: quote.discount,
            ...(inPackage && { itemPrice: quote.price }),
          });
          setErrors((e) => ({ ...e, coupon: undefined }));
          return;
        } catch (err) {
          if (!(err instanceof ApiError) || err.status === 0) throw err;
          // the coupon's own refusals (expired, used up…) say so on the first item; «not applicable» tries the next
          problem = err.message;
          if (err.code !== 'COUPON_NOT_APPLICABLE') break;
        }
      }
      setErrors((e) => ({ ...e, coupon: problem }));
    } catch (err) {
      setErrors((e) => ({ ...e, coupon: err instanceof Error ? err.message : String(err) }));
    } finally {
      setCheckingCoupon(false);
    }
  };

  const showErrors = (err: unknown, sold: CartLine[]) => {
    const next: Errors = { lines: {} };
    if (err instanceof ApiError && err.errors?.length) {
      for (const e of err.errors) {
        const place = placeOfError(e.field, sold);
        if ('line' in place) next.lines[place.line] = e.message;
        else next[place.field] = e.message;
      }
    } else if (err instanceof ApiError && err.code.startsWith('COUPON')) next.coupon = err.message;
    else next.general = err instanceof Error ? err.message : String(err);
    if (err instanceof ApiError && err.code === NETWORK_ERROR) next.general = `${err.message} Vuelva a cobrar (F9): la venta no se registrará dos veces.`;
    setErrors(next);
  };

  const charge = async () => {
    if (!current || !branch || charging) return;
    if (current === 'order' && !customer) {
      setErrors({ ...noErrors, customer: CUSTOMER_REQUIRED });
      customerRef.current?.focus();
      return;
    }
    if (!settlement.ok) {
      setErrors({ ...noErrors, payments: settlement.message });
      focusById(FIRST_AMOUNT_ID);
      return;
    }
    const sold = lines;
    const body = saleBody({ kind: current, branchId: branch.id, customerId: customer?.id ?? null, lines: sold, coupon, points, rows });
    if (attempt.current?.kind !== current) attempt.current = { kind: current, key: newIdempotencyKey() };
    setCharging(true);
    try {
      const sale = await api<SaleAnswer>(current === 'order' ? '/order/create' : '/cash-order/create', {
        method: 'POST',
        body,
        headers: { 'Idempotency-Key': attempt.current.key },
      });
      attempt.current = null;
      const result = { kind: current, sale };
      void openDocument(ticketOf(result), 'text/html');
      setResults((r) => [...r, result]);
      const left = cart.filter((l) => kindOfItem(l.item) !== current);
      setCart(left);
      if (coupon && sold.some((l) => lineKey(l.item) === coupon.itemKey)) setCoupon(null);
      setPoints(0);
      setRows([paymentRow()]);
      setErrors(noErrors);
      if (left.length) {
        setCustomer((c) => c && { ...c, points: c.points - sale.pointsRedeemed + sale.points });
        setTimeout(() => focusById(FIRST_AMOUNT_ID), 0);
      } else {
        setCustomer(null);
        setCouponText('');
        searchRef.current?.focus();
      }
    } catch (err) {
      // a refusal wrote nothing: the next attempt is a new one; without an answer the key stays for the retry
      if (err instanceof ApiError && err.status >= 400 && err.status < 500) attempt.current = null;
      showErrors(err, sold);
    } finally {
      setCharging(false);
    }
  };

  const chargeRef = useRef(charge);
  chargeRef.current = charge;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const focus: Record<string, () => void> = {
        F2: () => customerRef.current?.focus(),
        F3: () => searchRef.current?.focus({ cursor: 'all' }),
        F4: () => couponRef.current?.focus(),
        F6: () => setNewCustomer(true),
        F7: () => focusById('pos-points'),
        F8: () => focusById(FIRST_AMOUNT_ID),
        F9: () => void chargeRef.current(),
      };
      const act = focus[e.key];
      if (!act) return;
      e.preventDefault();
      act();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  if (context.isLoading) return <Spin style={{ display: 'block', margin: '120px auto' }} />;
  if (context.error || !branch)
    return <Alert type="error" style={{ margin: 24 }} title="No se pudo abrir el punto de venta" description={context.error?.message} showIcon />;

  const bound = user?.branchBound ?? true;
  return (
    <div className="pos">
      <header className="pos-top">
        <ShoppingCartOutlined style={{ fontSize: 18 }} />
        <strong>Punto de venta</strong>
        {bound || context.data!.branches.length < 2 ? (
          <span className="pos-branch">{branch.name.toUpperCase()}</span>
        ) : (
          <Select
            aria-label="Sucursal"
            size="small"
            style={{ width: 200 }}
            value={branch.id}
            options={context.data!.branches.map((b) => ({ value: b.id, label: b.name }))}
            onChange={(id) => {
              clearSale();
              setBranchId(id);
            }}
          />
        )}
        <span className="pos-top-keys">
          <Key>F2</Key> cliente <Key>F3</Key> buscar <Key>F4</Key> cupón <Key>F7</Key> puntos <Key>F8</Key> pagos <Key>F9</Key> cobrar <Key>Esc</Key> limpiar
        </span>
        <span style={{ marginLeft: 'auto' }}>{user?.fullname}</span>
      </header>
      <main className="pos-main">
        <section className="pos-left">
          <div className="pos-card">
            <CatalogueSearch branchId={branch.id} inputRef={searchRef} onAdd={add} />
          </div>
          <div className="pos-card pos-cart-card">
            {results.map((r) => (
              <SaleDone key={r.sale.id} result={r} />
            ))}
            {cart.length ? (
              <CartTable cart={cart} current={current} lineErrors={errors.lines} onQuantity={changeQuantity} />
            ) : (
              !results.length && <div className="pos-empty">Escanee un código o busque un artículo para comenzar la venta.</div>
            )}
          </div>
        </section>
        <aside className="pos-right">
          <div className="pos-card">
            <CustomerPicker
              value={customer}
              selectRef={customerRef}
              error={errors.customer}
              onNew={() => setNewCustomer(true)}
              onChange={(c) => {
                setCustomer(c);
                setCoupon(null);
                setPoints(0);
                setErrors((e) => ({ ...e, customer: undefined, coupon: undefined, points: undefined }));
              }}
            />
          </div>
          <div className="pos-card">
            <Adjustments
              couponText={couponText}
              onCouponText={setCouponText}
              onApplyCoupon={() => void applyCoupon()}
              couponLabel={
                coupon ? `${coupon.code} · ${coupon.discountPercent} % en ${cart.find((l) => lineKey(l.item) === coupon.itemKey)?.item.name ?? ''}` : null
              }
              onRemoveCoupon={() => setCoupon(null)}
              couponError={errors.coupon}
              couponRef={couponRef}
              checkingCoupon={checkingCoupon}
              points={points}
              onPoints={(n) => {
                setPoints(n);
                setErrors((e) => ({ ...e, points: undefined }));
              }}
              balance={customer ? customer.points : null}
              maxPoints={figures.maxPoints}
              pointsError={errors.points}
            />
          </div>
          <div className="pos-card pos-pay">
            <div className="pos-sale-title">{current ? `Cobro${cart.length !== lines.length ? ' 1 de 2' : ''} · ${SALE_TITLES[current]}` : 'Cobro'}</div>
            <Totals figures={figures} points={points} />
            <PaymentPanel
              figures={figures}
              rows={rows}
              onRows={(r) => {
                setRows(r);
                setErrors((e) => ({ ...e, payments: undefined }));
              }}
              usdRate={usdRate}
              error={errors.payments}
            />
            {errors.general && <Alert type="error" showIcon style={{ marginTop: 8 }} title={errors.general} />}
            <div className="pos-actions">
              <Button onClick={clearSale} disabled={!cart.length || charging}>
                Cancelar venta
              </Button>
              <Button type="primary" size="large" loading={charging} disabled={!current} onClick={() => void charge()} style={{ flex: 1 }}>
                Cobrar <Money value={fromCents(figures.due)} /> <Key>F9</Key>
              </Button>
            </div>
          </div>
        </aside>
      </main>
      <NewCustomerModal
        open={newCustomer}
        onClose={() => setNewCustomer(false)}
        onCreated={(c) => {
          setNewCustomer(false);
          setCustomer(c);
          setErrors((e) => ({ ...e, customer: undefined }));
          searchRef.current?.focus();
        }}
      />
    </div>
  );
}

function Totals({ figures, points }: { figures: ReturnType<typeof saleFigures>; points: number }) {
  return (
    <dl className="pos-totals">
      <dt>Subtotal</dt>
      <dd>
        <Money value={fromCents(figures.subtotal)} />
      </dd>
      <dt>Descuento (cupón)</dt>
      <dd>
        −<Money value={fromCents(figures.discount)} />
      </dd>
      <dt>Puntos ({points})</dt>
      <dd>
        −<Money value={fromCents(figures.pointsValue)} />
      </dd>
      <dt className="pos-total">Total a pagar</dt>
      <dd className="pos-total" aria-label="Total a pagar">
        <Money value={fromCents(figures.due)} />
      </dd>
      <dt className="pos-hint">IVA incluido</dt>
      <dd className="pos-hint">
        <Money value={fromCents(figures.taxes)} />
      </dd>
    </dl>
  );
}

function SaleDone({ result }: { result: SaleResult }) {
  const { sale } = result;
  return (
    <div className="pos-done" role="status">
      <div>
        <div>
          <strong>Venta {sale.orderNumber}</strong> · {SALE_TITLES[result.kind]} · total <Money value={sale.total} />
          {sale.pointsRedeemed > 0 && ` · ${sale.pointsRedeemed} puntos canjeados`}
          {sale.points > 0 && ` · ${sale.points} puntos ganados`}
        </div>
        <div className="pos-hint">
          {sale.payments.map((p) => `${p.method} ${p.currency === 'USD' ? `${p.amount} USD` : `$${p.amount.toFixed(2)}`}`).join(' · ')}
        </div>
      </div>
      <div className="pos-done-change">
        Cambio <Money value={sale.change} />
      </div>
      <Button icon={<PrinterOutlined />} onClick={() => void openDocument(ticketOf(result), 'text/html')}>
        Ticket
      </Button>
    </div>
  );
}
