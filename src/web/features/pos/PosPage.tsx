import { startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Select, Spin, type InputRef, type RefSelectProps } from 'antd';
import { CalendarOutlined, PrinterOutlined, ShoppingCartOutlined, UserOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { couponRoutes } from '../../../domain/coupons.contract';
import { formatMoney, formatUsd, fromCents } from '../../../domain/money';
import { posRoutes, type PosItem } from '../../../domain/pos.contract';
import { saleTickets } from '../../../domain/sale-lists.contract';
import type { SaleAnswer } from '../../../domain/sales.contract';
import { SALE_MESSAGES } from '../../../domain/sales';
import { api, ApiError, call, NETWORK_ERROR } from '../../app/api';
import { LOADING_SPIN_STYLE } from '../../app/routing';
import { useSession } from '../../app/session';
import { Money } from '../../ui/Money';
import { openDocument } from '../../ui/open-document';
import { QuickCustomerModal } from '../customers';
import { ReceiptActions } from '../sales';
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
import { CustomerPicker, toPosCustomer, type PosCustomer } from './CustomerPicker';
import { Key } from './Key';

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
  /** Who bought, with her balance after this sale: 'Misma clienta' starts the next sale with her. */
  customer: PosCustomer | null;
}

const CUSTOMER_REQUIRED = 'Seleccione el cliente: los tratamientos y paquetes se venden a un cliente';
const focusById = (id: string) => document.getElementById(id)?.focus();
const listKind = (r: SaleResult) => (r.kind === 'order' ? 'order' : 'cash-order');
const ticketOf = (r: SaleResult) => saleTickets.path(listKind(r), r.sale.id);
/** Esc first closes what is open (a list of options, the catalogue's results); only then it clears the sale. */
const escapeIsTaken = () => Boolean(document.querySelector('.ant-select-open, .pos-results'));
const paidText = (p: SaleAnswer['payments'][number]) => `${p.method} ${p.currency === 'USD' ? formatUsd(p.amount) : formatMoney(p.amount)}`;

/** What the coupon check calls each kind of cart line: a package or promotion is checked for the coupon's treatment inside it. */
const COUPON_ITEM_TYPE = { product: 'Product', treatment: 'Treatment', package: 'Package', promotion: 'Package' } as const;
const COUPON_NEEDS_ITEM = 'Agregue primero a la venta el artículo del cupón';

/** The built-in point of sale: one counter, keyboard first (F2 customer, F3 search, F4 coupon, F7 points, F8 payments, F9 charge). */
export default function PosPage() {
  const user = useSession((s) => s.user);
  const queryClient = useQueryClient();
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

  // read by the ticket tab's close, which comes long after the render that opened it
  const cartNow = useRef(cart);
  cartNow.current = cart;

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
    setResults([]);
    attempt.current = null;
    searchRef.current?.focus();
  };

  /**
   * The ticket printed itself and closed its tab: back to the counter, with the cursor where the next sale (or the
   * cart's second one) starts, unless the cashier already came back and is typing somewhere.
   */
  const ticketClosed = useCallback(() => {
    window.focus();
    if (document.activeElement && document.activeElement !== document.body) return;
    if (cartNow.current.length) focusById(FIRST_AMOUNT_ID);
    else searchRef.current?.focus();
  }, []);
  const printTicket = useCallback(
    (r: SaleResult, tab?: Window | null) => void openDocument(ticketOf(r), 'text/html', { onClosed: ticketClosed, tab }),
    [ticketClosed],
  );

  const sameCustomer = (c: PosCustomer) => {
    setCustomer(c);
    setResults([]);
    setErrors(noErrors);
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
    const sending = api<SaleAnswer>(current === 'order' ? '/order/create' : '/cash-order/create', {
      method: 'POST',
      body,
      headers: { 'Idempotency-Key': attempt.current.key },
    });
    // the ticket's tab opens while the sale is written (a new tab holds the page a moment) and shows it once it is in;
    // a refused sale closes it
    const tab = window.open('', '_blank');
    try {
      const sale = await sending;
      attempt.current = null;
      // the sale moved the customer's points: the picker's cached balances are old now
      void queryClient.invalidateQueries({ queryKey: ['pos-customers'] });
      const buyer = customer && { ...customer, points: customer.points - sale.pointsRedeemed + sale.points };
      const result = { kind: current, sale, customer: buyer };
      printTicket(result, tab);
      const left = cart.filter((l) => kindOfItem(l.item) !== current);
      // the counter is drawn again in slices, so the ticket's request and its tab (on this same thread) come first;
      // charging stays on until then: the sold lines are never on screen with F9 free again
      startTransition(() => {
        setResults((r) => [...r, result]);
        setCart(left);
        if (coupon && sold.some((l) => lineKey(l.item) === coupon.itemKey)) setCoupon(null);
        setPoints(0);
        setRows([paymentRow()]);
        setErrors(noErrors);
        setCustomer(left.length ? buyer : null);
        if (!left.length) setCouponText('');
        setCharging(false);
      });
      if (left.length) amountAfterSale.current = true;
      else searchRef.current?.focus();
    } catch (err) {
      // a refusal wrote nothing: the next attempt is a new one; without an answer the key stays for the retry
      if (err instanceof ApiError && err.status >= 400 && err.status < 500) attempt.current = null;
      tab?.close();
      showErrors(err, sold);
      setCharging(false);
    }
  };
  // the cart's other sale: its first amount once the counter shows it
  const amountAfterSale = useRef(false);
  useEffect(() => {
    if (!amountAfterSale.current) return;
    amountAfterSale.current = false;
    focusById(FIRST_AMOUNT_ID);
  }, [results]);

  const chargeRef = useRef(charge);
  chargeRef.current = charge;
  const clearRef = useRef(clearSale);
  clearRef.current = clearSale;
  // the new customer dialog takes its own Esc
  const dialogOpen = useRef(newCustomer);
  dialogOpen.current = newCustomer;
  useEffect(() => {
    // in the capture phase, before a select or the search box handles it, so they are still seen open
    const onEscape = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || dialogOpen.current || escapeIsTaken()) return;
      e.preventDefault();
      clearRef.current();
    };
    window.addEventListener('keydown', onEscape, true);
    return () => window.removeEventListener('keydown', onEscape, true);
  }, []);
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

  // the same spinner, in the same place, as the one shown while this screen's code loaded: nothing moves
  if (context.isLoading) return <Spin style={LOADING_SPIN_STYLE} />;
  if (context.error || !branch)
    return <Alert type="error" style={{ margin: 24 }} title="No se pudo abrir el punto de venta" description={context.error?.message} showIcon />;

  const bound = user?.branchBound ?? true;
  return (
    <div className="pos">
      {/* the ticket's tab loads its print script from the cache, not after the ticket arrives */}
      <link rel="prefetch" href={`/v1${saleTickets.printScript}`} />
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
            {results.map((r, i) => (
              <SaleDone
                key={r.sale.id}
                result={r}
                branchId={branch.id}
                onTicket={() => printTicket(r)}
                onSameCustomer={i === results.length - 1 && r.customer && r.customer.id !== customer?.id ? () => sameCustomer(r.customer!) : undefined}
              />
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
      <QuickCustomerModal
        open={newCustomer}
        onClose={() => setNewCustomer(false)}
        onCreated={(c) => {
          setNewCustomer(false);
          setCustomer(toPosCustomer(c));
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

function SaleDone({ result, branchId, onTicket, onSameCustomer }: { result: SaleResult; branchId: string; onTicket: () => void; onSameCustomer?: () => void }) {
  const { sale } = result;
  // a treatment or package just sold: its first session is booked from here, the customer and purchase already chosen
  const bookable = result.customer ? sale.purchasedProducts?.find((p) => p.sessions > 0) : undefined;
  return (
    <div className="pos-done" role="status">
      <div>
        <div>
          <strong>Venta {sale.orderNumber}</strong> · {SALE_TITLES[result.kind]} · total <Money value={sale.total} />
          {sale.pointsRedeemed > 0 && ` · ${sale.pointsRedeemed} puntos canjeados`}
          {sale.points > 0 && ` · ${sale.points} puntos ganados`}
        </div>
        <div className="pos-hint">{sale.payments.map(paidText).join(' · ')}</div>
      </div>
      <div className="pos-done-change">
        Cambio <Money value={sale.change} />
      </div>
      <div className="pos-done-actions">
        <Button icon={<PrinterOutlined />} onClick={onTicket}>
          Ticket
        </Button>
        <ReceiptActions kind={listKind(result)} sale={sale} />
        {bookable && (
          <Button
            icon={<CalendarOutlined />}
            // in a tab of its own, as the point of sale was opened: the counter stays ready for the next sale
            onClick={() =>
              window.open(`/dashboard/agenda/crear?customerId=${result.customer!.id}&purchasedProductId=${bookable.id}&branchId=${branchId}`, '_blank')
            }
          >
            Agendar sesión
          </Button>
        )}
        {onSameCustomer && (
          <Button type="primary" ghost icon={<UserOutlined />} onClick={onSameCustomer} title={`Nueva venta a ${result.customer!.name}`}>
            Misma clienta
          </Button>
        )}
      </div>
    </div>
  );
}
