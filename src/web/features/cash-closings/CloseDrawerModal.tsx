import { useState } from 'react';
import { Alert, Button, Col, DatePicker, Form, Input, InputNumber, Modal, Row, Select, Space, Spin, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { countedAmount, DENOMINATIONS, DRAWER_CURRENCIES, type DrawerCurrency } from '../../../domain/cash-closings';
import { closingRoutes, type Closing, type ClosingDayStatus } from '../../../domain/cash-closings.contract';
import { formatIsoDate } from '../../../domain/inventory';
import { fromCents } from '../../../domain/money';
import { call } from '../../app/api';
import { formatDateTime, formatMoney } from '../../ui/format';
import { notify } from '../../ui/notify';
import { DrawerResult, MethodTotals } from './ClosingFigures';
import { useClosingBranches } from './branch-day';

type Counts = Record<DrawerCurrency, Record<string, number | null | undefined>>;
interface Values {
  branchId?: string;
  date?: Dayjs;
  counted: Counts;
  comments?: string;
}

const TITLES: Record<DrawerCurrency, string> = { MXN: 'Pesos', USD: 'Dólares' };
const denominationLabel = (currency: DrawerCurrency, d: number) => `${currency === 'USD' ? 'US' : ''}${formatMoney(d)}`;
const emptyCounts = (): Counts => ({ MXN: {}, USD: {} });
/** Only the counts typed, as whole numbers. */
const cleanCounts = (counts: Counts) =>
  Object.fromEntries(
    DRAWER_CURRENCIES.map((c) => [
      c,
      Object.fromEntries(Object.entries(counts[c] ?? {}).filter((e): e is [string, number] => typeof e[1] === 'number' && e[1] > 0)),
    ]),
  ) as Record<DrawerCurrency, Record<string, number>>;

/** One currency's bills and coins: a count per denomination and, beside it, what that count adds up to. */
function CurrencyCount({ currency, counts }: { currency: DrawerCurrency; counts: Record<string, number | null | undefined> | undefined }) {
  const clean = Object.fromEntries(Object.entries(counts ?? {}).map(([k, v]) => [k, typeof v === 'number' ? v : 0]));
  return (
    <div className="drawer-count" data-testid={`count-${currency}`}>
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {TITLES[currency]}
      </Typography.Title>
      {DENOMINATIONS[currency].map((d) => (
        <Row key={d} gutter={8} align="middle" style={{ marginBottom: 4 }}>
          <Col flex="90px" style={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>
            {denominationLabel(currency, d)}
          </Col>
          <Col flex="110px">
            <Form.Item name={['counted', currency, String(d)]} noStyle>
              <InputNumber aria-label={`${TITLES[currency]} ${d}`} min={0} precision={0} step={1} size="small" style={{ width: 100 }} placeholder="0" />
            </Form.Item>
          </Col>
          <Col flex="auto" style={{ textAlign: 'right', color: '#666', fontVariantNumeric: 'tabular-nums' }}>
            {formatMoney((clean[String(d)] ?? 0) * d)}
          </Col>
        </Row>
      ))}
      <Row justify="space-between" style={{ borderTop: '1px solid #eee', paddingTop: 6 }}>
        <strong>Contado</strong>
        <strong data-testid={`counted-${currency}`} style={{ fontVariantNumeric: 'tabular-nums' }}>
          {formatMoney(fromCents(countedAmount(currency, clean)))}
          {currency === 'USD' ? ' USD' : ''}
        </strong>
      </Row>
    </div>
  );
}

/** What the screen shows instead of the count when the branch-day already has its closing (the server answers 409 too). */
function AlreadyClosed({ status, branchName }: { status: ClosingDayStatus; branchName: string }) {
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="day-already-closed"
      message={`El corte de caja de ${branchName} del ${formatIsoDate(status.date)} ya existe`}
      description={`${status.dailyCashClosingNumber}, hecho por ${status.closedBy}${status.closedAt ? ` el ${formatDateTime(status.closedAt)}` : ''}. No hace falta contar la caja de ese día: elija otro día o consulte el corte en la lista.`}
    />
  );
}

/**
 * The blind closing: the person counts the drawer by denomination and sees only what was counted; the expected
 * amounts and the difference appear once the closing is saved. A day already closed says so before any count.
 */
export function CloseDrawerModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const queryClient = useQueryClient();
  const branches = useClosingBranches();
  const [saving, setSaving] = useState(false);
  const [closing, setClosing] = useState<Closing | null>(null);
  const counted = Form.useWatch('counted', form);
  const branchId = Form.useWatch('branchId', form);
  const day = (Form.useWatch('date', form) as Dayjs | undefined)?.format('YYYY-MM-DD');
  // asked on opening and on each change of branch or day: a closed day is said before the drawer is counted
  const status = useQuery({
    queryKey: ['closing-status', branchId, day],
    queryFn: () => call(closingRoutes.status, { query: { branchId: branchId!, date: day! } }),
    enabled: open && !closing && Boolean(branchId && day),
  });
  const alreadyClosed = status.data?.closed ? status.data : null;
  const branchName = branches.options.find((b) => b.value === branchId)?.label ?? '';

  const finish = async (v: Values) => {
    setSaving(true);
    try {
      const saved = await call(closingRoutes.create, {
        body: {
          branchId: v.branchId ?? '',
          date: v.date?.format('YYYY-MM-DD') ?? '',
          counted: cleanCounts(v.counted ?? emptyCounts()),
          comments: v.comments || null,
        },
      });
      setClosing(saved);
      notify.success('Corte de caja guardado');
      await queryClient.invalidateQueries({ queryKey: ['list'] });
      await queryClient.invalidateQueries({ queryKey: ['closing-status'] });
    } catch (err) {
      notify.error(err);
    } finally {
      setSaving(false);
    }
  };
  const close = () => {
    setClosing(null);
    form.resetFields();
    onClose();
  };

  return (
    <Modal
      title={closing ? `Corte ${closing.dailyCashClosingNumber} · ${closing.branch.name}` : 'Cerrar caja'}
      open={open}
      width={760}
      onCancel={close}
      destroyOnHidden
      footer={
        closing ? (
          <Button type="primary" onClick={close}>
            Listo
          </Button>
        ) : (
          <Space>
            <Button onClick={close}>Cancelar</Button>
            <Button type="primary" loading={saving} disabled={Boolean(alreadyClosed) || status.isLoading} onClick={() => form.submit()}>
              Cerrar caja
            </Button>
          </Space>
        )
      }
    >
      {closing ? (
        <Space direction="vertical" style={{ width: '100%' }} size="middle">
          <DrawerResult closing={closing} />
          <MethodTotals totals={closing} />
        </Space>
      ) : (
        <Form<Values>
          form={form}
          layout="vertical"
          onFinish={finish}
          initialValues={{ branchId: branches.defaultBranch, date: dayjs(branches.todayAt(branches.defaultBranch)), counted: emptyCounts() }}
        >
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 12 }}
            message="Cuente el efectivo de la caja por denominación. El importe esperado y la diferencia se muestran al guardar el corte."
          />
          <Row gutter={16}>
            <Col span={12}>
              <Form.Item name="branchId" label="Sucursal" rules={[{ required: true, message: 'El campo sucursal es requerido' }]}>
                <Select options={branches.options} disabled={Boolean(branches.fixed)} loading={branches.loading} showSearch optionFilterProp="label" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="date" label="Día" rules={[{ required: true, message: 'El campo fecha es requerido' }]}>
                <DatePicker
                  format="DD/MM/YYYY"
                  style={{ width: '100%' }}
                  disabledDate={(d) => d.format('YYYY-MM-DD') > branches.todayAt(branchId)}
                  allowClear={false}
                />
              </Form.Item>
            </Col>
          </Row>
          {alreadyClosed ? (
            <AlreadyClosed status={alreadyClosed} branchName={branchName} />
          ) : status.isLoading ? (
            <Spin style={{ display: 'block', margin: '40px auto' }} />
          ) : (
            <>
              <Row gutter={24}>
                {DRAWER_CURRENCIES.map((c) => (
                  <Col key={c} span={12}>
                    <CurrencyCount currency={c} counts={counted?.[c]} />
                  </Col>
                ))}
              </Row>
              <Form.Item name="comments" label="Comentarios" style={{ marginTop: 12, marginBottom: 0 }}>
                <Input.TextArea rows={2} maxLength={500} />
              </Form.Item>
            </>
          )}
        </Form>
      )}
    </Modal>
  );
}
