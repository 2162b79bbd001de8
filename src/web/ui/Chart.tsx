/**
 * The app's one chart component: Apache ECharts through its tree-shaken `echarts/core` with only the pieces the
 * reports draw, fetched by the first chart a page draws (a chunk of its own, never in the vendor chunk every page
 * preloads: no static import of echarts anywhere). Pages use `<LazyChart>`; the option shapes are in chart-options.ts.
 *
 * Canvas renderer: the reports draw dense series (a year of days) and heat maps of hundreds of cells, which canvas
 * paints as one bitmap where SVG would keep a DOM node per bar and cell.
 */
import { theme as antdTheme } from 'antd';
import type { EChartsType } from 'echarts/core';
import { Suspense, use, useEffect, useId, useMemo, useRef } from 'react';
import { chartTheme, type ChartOption } from './chart-options';

type ECharts = typeof import('echarts/core');

let loading: Promise<ECharts> | undefined;

/** ECharts with the chart types, components, renderer and Spanish locale the app uses, registered once. */
function loadECharts(): Promise<ECharts> {
  loading ??= (async () => {
    const echarts = await import('echarts/core');
    const { BarChart, LineChart, PieChart, HeatmapChart } = await import('echarts/charts');
    const { AriaComponent, DatasetComponent, GridComponent, LegendComponent, TitleComponent, TooltipComponent, VisualMapPiecewiseComponent } =
      await import('echarts/components');
    const { CanvasRenderer } = await import('echarts/renderers');
    // @ts-expect-error -- echarts ships its locales as UMD files without type declarations
    const { default: langES } = (await import('echarts/i18n/langES-obj.js')) as { default: Parameters<ECharts['registerLocale']>[1] };
    echarts.use([
      BarChart,
      LineChart,
      PieChart,
      HeatmapChart,
      AriaComponent,
      DatasetComponent,
      GridComponent,
      LegendComponent,
      TitleComponent,
      TooltipComponent,
      VisualMapPiecewiseComponent,
      CanvasRenderer,
    ]);
    echarts.registerLocale('ES', langES);
    return echarts;
  })().catch((err: unknown) => {
    loading = undefined; // a failed chunk load is retried by the next chart drawn
    throw err;
  });
  return loading;
}

export interface ChartProps {
  /** From chart-options.ts; keep it stable (useMemo on the rows): a new object draws the chart anew. */
  option: ChartOption;
  /** Height in pixels; the width follows the container. */
  height: number;
  /** The chart's accessible name (what it shows); ECharts' own description of the data is its aria-describedby. */
  ariaLabel: string;
}

/**
 * Draws an ECharts option in the antd theme, resizing with its container and disposed on unmount. Suspends until
 * ECharts is loaded: use `LazyChart`, which holds the chart's place meanwhile.
 */
export function Chart({ option, height, ariaLabel }: ChartProps) {
  const echarts = use(loadECharts());
  const { token } = antdTheme.useToken();
  // antd gives a new token object only when the theme changes: the chart's theme follows it
  const theme = useMemo(
    () =>
      chartTheme({
        colorPrimary: token.colorPrimary,
        colorText: token.colorText,
        colorTextSecondary: token.colorTextSecondary,
        colorBorder: token.colorBorder,
        colorBorderSecondary: token.colorBorderSecondary,
        colorBgElevated: token.colorBgElevated,
        colorFillQuaternary: token.colorFillQuaternary,
        fontFamily: token.fontFamily,
        fontSize: token.fontSize,
        palette: [token.gold, token.cyan, token.magenta, token.green, token.volcano, token.geekblue, token.purple],
      }),
    [token],
  );
  const canvasRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<EChartsType | null>(null);
  const descriptionId = useId();

  // One ECharts instance per mount and theme (a theme change, e.g. to dark, draws it anew).
  useEffect(() => {
    const el = canvasRef.current;
    if (!el) return;
    const chart = echarts.init(el, theme, { renderer: 'canvas', locale: 'ES' });
    chartRef.current = chart;
    const observer = new ResizeObserver(() => chart.resize());
    observer.observe(el);
    return () => {
      observer.disconnect();
      chart.dispose();
      chartRef.current = null;
    };
  }, [echarts, theme]);

  // The whole option each time (notMerge): a series the new option drops does not linger.
  useEffect(() => {
    chartRef.current?.setOption({ ...option, aria: { ...option.aria, enabled: true } }, { notMerge: true });
  }, [echarts, theme, option]);

  return (
    <div role="img" aria-label={ariaLabel} aria-describedby={descriptionId} style={{ position: 'relative', width: '100%', height }}>
      {/* ECharts marks this element role="img" with its generated Spanish description of the series and data */}
      <div id={descriptionId} ref={canvasRef} style={{ position: 'absolute', inset: 0 }} />
    </div>
  );
}

/** `Chart` behind a Suspense boundary: until ECharts arrives, an empty box of the same height (no layout shift). */
export function LazyChart(props: ChartProps) {
  return (
    <Suspense fallback={<div role="img" aria-label={props.ariaLabel} aria-busy="true" style={{ width: '100%', height: props.height }} />}>
      <Chart {...props} />
    </Suspense>
  );
}
