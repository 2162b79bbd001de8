import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { ConfigProvider, theme } from 'antd';
import esES from 'antd/es/locale/es_ES';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { translateIconLabels } from './app/icon-labels';
import { router } from './app/router';
import { NotifyBridge } from './ui/notify';
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
    <ConfigProvider
      locale={locale}
      // colorTextDescription: secondary text and breadcrumb links at 4.5:1 or more on white and on the page's lilac (antd's 0.45 black is 3.4:1)
      theme={{
        token: { colorPrimary: '#7c4dcc', borderRadius: 6, fontFamily: 'Inter, system-ui, Segoe UI, Roboto, sans-serif', colorTextDescription: '#666666' },
      }}
    >
      <AppFrame>
        <NotifyBridge />
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </AppFrame>
    </ConfigProvider>
  </StrictMode>,
);
