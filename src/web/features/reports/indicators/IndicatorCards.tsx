import { Button, Card, Tooltip, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, InfoCircleOutlined, MinusOutlined } from '@ant-design/icons';
import { formatIndicator, INDICATOR_NAMES, INDICATORS, type IndicatorMeta, type IndicatorName } from '../../../../domain/indicators';
import type { Indicators } from '../../../../domain/indicators.contract';
import { MUTED_TEXT } from '../cells';

/** antd's link blue (#1677ff) is 4.1:1 on white; its blue-7 is 6.2:1. */
const LINK_TEXT = '#0958d9';

type Figure = Indicators['rows'][number]['figures'][IndicatorName];

/** Green when the figure moved the good way (up for most, down for no-shows and expiring stock), red the bad way. */
export function changeTone(meta: IndicatorMeta, change: number | null): 'good' | 'bad' | 'flat' | 'none' {
  if (change === null) return 'none';
  if (change === 0) return 'flat';
  return change > 0 === (meta.better === 'higher') ? 'good' : 'bad';
}

/** Each at least 4.5:1 on white (WCAG AA for small text): antd's green-6 is 3.5:1, its green-8 5.6:1. */
const TONE_COLOR = { good: '#237804', bad: '#cf1322', flat: MUTED_TEXT, none: MUTED_TEXT } as const;

/** The change against last year: an arrow coloured by whether it is good, the difference and its percent. */
export function ChangeText({ meta, figure }: { meta: IndicatorMeta; figure: Figure }) {
  const tone = changeTone(meta, figure.change);
  if (figure.change === null) return <span style={{ color: TONE_COLOR.none }}>Sin comparación</span>;
  const icon = figure.change > 0 ? <ArrowUpOutlined /> : figure.change < 0 ? <ArrowDownOutlined /> : <MinusOutlined />;
  const diff =
    meta.unit === 'percent'
      ? `${formatIndicator('percent', Math.abs(figure.change)).replace(' %', '')} pts`
      : formatIndicator('money', Math.abs(figure.change));
  const pct = figure.changePercent === null ? '' : ` (${figure.changePercent > 0 ? '+' : ''}${formatIndicator('percent', figure.changePercent)})`;
  return (
    <span
      style={{ color: TONE_COLOR[tone], whiteSpace: 'nowrap' }}
      data-tone={tone}
      aria-label={`Cambio contra el año anterior: ${figure.change < 0 ? 'baja' : 'sube'} ${diff}`}
    >
      {icon} {diff}
      {pct}
    </span>
  );
}

interface Props {
  figures: Indicators['rows'][number]['figures'];
  onDrill: (name: IndicatorName) => void;
}

/** One card per indicator for the scope: its value, last year's, the change and the definition in a tooltip. */
export function IndicatorCards({ figures, onDrill }: Props) {
  return (
    <div className="indicator-cards" style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(300px, 1fr))', gap: 12, marginBottom: 16 }}>
      {INDICATOR_NAMES.map((name) => {
        const meta = INDICATORS[name];
        const f = figures[name];
        return (
          <Card
            key={name}
            size="small"
            data-testid={`indicator-${name}`}
            title={
              <span>
                {meta.label}{' '}
                <Tooltip title={meta.definition}>
                  <InfoCircleOutlined aria-label={`Definición de ${meta.label}`} style={{ color: 'rgba(0,0,0,0.45)' }} />
                </Tooltip>
              </span>
            }
          >
            <div style={{ fontSize: 26, fontWeight: 600, fontVariantNumeric: 'tabular-nums' }} data-testid="indicator-value">
              {formatIndicator(meta.unit, f.value)}
            </div>
            <Typography.Text style={{ display: 'block', color: MUTED_TEXT }}>
              Año anterior: <span style={{ fontVariantNumeric: 'tabular-nums' }}>{formatIndicator(meta.unit, f.lastYear)}</span>
            </Typography.Text>
            <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 8 }}>
              <ChangeText meta={meta} figure={f} />
              <Button type="link" size="small" style={{ color: LINK_TEXT }} onClick={() => onDrill(name)} aria-label={`Ver el detalle de ${meta.label}`}>
                Detalle
              </Button>
            </div>
          </Card>
        );
      })}
    </div>
  );
}
