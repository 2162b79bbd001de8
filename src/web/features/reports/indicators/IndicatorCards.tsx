import { Button, Card, Tooltip, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, InfoCircleOutlined, MinusOutlined } from '@ant-design/icons';
import { formatIndicator, INDICATOR_NAMES, INDICATORS, type IndicatorMeta, type IndicatorName } from '../../../../domain/indicators';
import type { Indicators } from '../../../../domain/indicators.contract';

type Figure = Indicators['rows'][number]['figures'][IndicatorName];

/** Green when the figure moved the good way (up for most, down for no-shows and expiring stock), red the bad way. */
export function changeTone(meta: IndicatorMeta, change: number | null): 'good' | 'bad' | 'flat' | 'none' {
  if (change === null) return 'none';
  if (change === 0) return 'flat';
  return change > 0 === (meta.better === 'higher') ? 'good' : 'bad';
}

const TONE_COLOR = { good: '#389e0d', bad: '#cf1322', flat: 'rgba(0,0,0,0.45)', none: 'rgba(0,0,0,0.45)' } as const;

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
            <Typography.Text type="secondary" style={{ display: 'block' }}>
              Año anterior: <span style={{ fontVariantNumeric: 'tabular-nums' }}>{formatIndicator(meta.unit, f.lastYear)}</span>
            </Typography.Text>
            <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 8 }}>
              <ChangeText meta={meta} figure={f} />
              <Button type="link" size="small" onClick={() => onDrill(name)} aria-label={`Ver el detalle de ${meta.label}`}>
                Detalle
              </Button>
            </div>
          </Card>
        );
      })}
    </div>
  );
}
