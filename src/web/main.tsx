import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { StyleProvider } from '@ant-design/cssinjs';
import { ConfigProvider, theme } from 'antd';
import esES from 'antd/es/locale/es_ES';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
// react-router/dom's RouterProvider carries ReactDOM.flushSync: a navigation may ask to be drawn at once (navigate(to,
// { flushSync: true }), a free slot of the agenda opening the booking form it drew ahead)
import { RouterProvider } from 'react-router/dom';
import { translateIconLabels } from './app/icon-labels';
import { router } from './app/router';
import { NotifyBridge } from './ui/notify';
import { SEARCH_BY_LABEL } from './ui/select-search';
import { keptStyleCache } from './ui/style-cache';
import './styles.css';

// networkMode 'always': offline, a query fails at once with the Spanish network error (its screen shows the error
// state) instead of pausing silently behind the previous rows. refetchOnReconnect, off by default in that mode:
// back online, the screens that failed load again by themselves
const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 15_000, networkMode: 'always', refetchOnReconnect: true },
    mutations: { networkMode: 'always' },
  },
});

/** antd's Spanish with 'Haga clic' where it says 'Click'. */
const locale = {
  ...esES,
  Table: {
    ...esES.Table,
    triggerAsc: 'Haga clic para ordenar de forma ascendente',
    triggerDesc: 'Haga clic para ordenar de forma descendente',
    cancelSort: 'Haga clic para quitar el orden',
  },
};

/** A palette's 7th shade (a coloured tag's text) under both of antd's names for it, 'green7' and 'green-7'. */
const shade7 = (shades: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(shades).flatMap(([name, hex]) => [
      [`${name}7`, hex],
      [`${name}-7`, hex],
    ]),
  );

/**
 * antd's colours that text is written in, darkened to 4.5:1 or more on white and on their own light backgrounds:
 * secondary text and breadcrumb links (antd's 0.45 black is 3.4:1 on the page's lilac), placeholders (0.25 black,
 * 1.8:1), links (antd's blue, 4.1:1: the brand's purple), a danger button's red (3.3:1), the status texts, and the
 * text of the coloured tags, which antd writes in the palette's 7th shade over its 1st (green 3.4:1, orange 3.3:1,
 * gold 2.8:1): here one or two shades darker.
 */
const ACCESSIBLE_TOKENS = {
  colorTextDescription: '#666666',
  colorTextPlaceholder: '#707070',
  colorLink: '#7c4dcc',
  colorError: '#cf1322',
  colorSuccessText: '#237804',
  colorWarningText: '#ad4e00',
  colorErrorText: '#cf1322',
  // the ring round a focused input, select or picker: antd's is a 2 px halo of its palest purple, hard to see
  controlOutline: 'rgba(124, 77, 204, 0.4)',
  ...shade7({
    volcano: '#ad2102',
    orange: '#ad4e00',
    gold: '#874d00',
    yellow: '#876800',
    lime: '#3f6600',
    green: '#237804',
    cyan: '#006d75',
    magenta: '#9e1068',
  }),
};

/** A switch that is off is white text on antd's 0.25 black (1.8:1): a grey of 4.7:1, darker under the pointer. */
const ACCESSIBLE_COMPONENTS = { Switch: { colorTextQuaternary: '#737373', colorTextTertiary: '#595959' } };

/**
 * The theme's text colour, size, line height and font around the whole app: what antd's App component gave, without
 * App itself, which loads Modal, Notification and Skeleton with the first page (see ui/notify.tsx).
 */
function AppFrame({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  return <div style={{ color: token.colorText, fontSize: token.fontSize, lineHeight: token.lineHeight, fontFamily: token.fontFamily }}>{children}</div>;
}

translateIconLabels(document.body);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <StyleProvider cache={keptStyleCache()}>
      <ConfigProvider
        locale={locale}
        // every text at 4.5:1 or more (WCAG 2.1 AA, checked by axe-core in tests/e2e/accessibility.test.ts): see ACCESSIBLE_TOKENS
        theme={{
          token: { colorPrimary: '#7c4dcc', borderRadius: 6, fontFamily: 'Inter, system-ui, Segoe UI, Roboto, sans-serif', ...ACCESSIBLE_TOKENS },
          components: ACCESSIBLE_COMPONENTS,
        }}
        // every Select chooses by typing, accents or not (one with its own showSearch keeps it)
        select={{ showSearch: SEARCH_BY_LABEL }}
      >
        <AppFrame>
          <NotifyBridge />
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </AppFrame>
      </ConfigProvider>
    </StyleProvider>
  </StrictMode>,
);
