import type { ReactNode } from 'react';
import { Button } from 'antd';
import { DisconnectOutlined, FileSearchOutlined, SyncOutlined, WarningOutlined } from '@ant-design/icons';
import { isRouteErrorResponse, Navigate, useLocation, useNavigate, useRouteError } from 'react-router';
import { useOnline } from './connection';
import { DemoDataTag } from './DemoDataTag';
import { isChunkLoadError, isMissingRecord } from './load-errors';
import { useSession } from './session';

// These pages are part of the first download (not lazy): they must show when a screen's file cannot be loaded.
// Drawn like antd's Result without using it: Result carries three large illustrations (see Forbidden.tsx).

interface StatusPageProps {
  icon: ReactNode;
  title: string;
  subTitle: ReactNode;
  extra: ReactNode;
  /** Outside the shell (sign-in pages, a failed shell): centred on the page, not inside the content area. */
  standalone?: boolean;
  testId: string;
}

function StatusPage({ standalone, testId, icon, title, subTitle, extra }: StatusPageProps) {
  const page = (
    <section className="status-page" data-testid={testId} aria-labelledby={`${testId}-title`}>
      <div className="status-page-icon" aria-hidden>
        {icon}
      </div>
      <h2 id={`${testId}-title`} className="status-page-title">
        {title}
      </h2>
      <div className="status-page-text">{subTitle}</div>
      <div className="status-page-actions">{extra}</div>
    </section>
  );
  if (!standalone) return page;
  return (
    <div className="auth-page">
      <div className="status-card">
        <div className="status-card-mark">
          <DemoDataTag />
        </div>
        {page}
      </div>
    </div>
  );
}

const reload = () => window.location.reload();

/** Where "Ir al inicio" leads: the dashboard with a session, the sign-in page without one. */
function useHome(): string {
  return useSession((s) => (s.auth.token ? '/dashboard' : '/'));
}

/** A lazy screen's file did not arrive: offline, or a deploy replaced it (the old file is gone). Reloading fixes both. */
export function ChunkErrorPage({ standalone }: { standalone?: boolean }) {
  const online = useOnline() && navigator.onLine;
  const action = (
    <Button type="primary" icon={<SyncOutlined />} onClick={reload}>
      Recargar
    </Button>
  );
  return online ? (
    <StatusPage
      standalone={standalone}
      testId="new-version"
      icon={<SyncOutlined style={{ color: '#7c4dcc' }} />}
      title="Hay una nueva versión"
      subTitle="La aplicación se actualizó desde que abrió esta ventana y esta pantalla ya no está disponible en la versión anterior. Recargue para usar la versión nueva; si el aviso se repite, revise la conexión."
      extra={action}
    />
  ) : (
    <StatusPage
      standalone={standalone}
      testId="offline-page"
      icon={<DisconnectOutlined style={{ color: '#faad14' }} />}
      title="Sin conexión"
      subTitle="No se pudo descargar esta pantalla porque no hay conexión con el servidor. Cuando vuelva la red, recargue."
      extra={action}
    />
  );
}

/** The page for an unknown address, with a way back. */
export function NotFoundPage({ standalone }: { standalone?: boolean }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const home = useHome();
  return (
    <StatusPage
      standalone={standalone}
      testId="not-found"
      icon={<FileSearchOutlined style={{ color: '#7c4dcc' }} />}
      title="Página no encontrada"
      subTitle={
        <>
          La dirección <code>{pathname}</code> no existe. Puede que el enlace esté mal escrito o que la pantalla se haya movido.
        </>
      }
      extra={[
        <Button key="back" onClick={() => navigate(-1)} disabled={window.history.length <= 1}>
          Regresar
        </Button>,
        <Button key="home" type="primary" onClick={() => navigate(home)}>
          Ir al inicio
        </Button>,
      ]}
    />
  );
}

/** A record opened by its address that does not exist or was deleted: back to its list, not an empty form. */
function RecordNotFoundPage({ message }: { message: string }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const section = pathname.split('/')[2];
  const list = section ? `/dashboard/${section}` : '/dashboard';
  return (
    <StatusPage
      testId="record-not-found"
      icon={<FileSearchOutlined style={{ color: '#7c4dcc' }} />}
      title="No encontrado"
      subTitle={`${message.replace(/\.$/, '')}. Puede que se haya eliminado o que el enlace sea incorrecto.`}
      extra={
        <Button type="primary" onClick={() => navigate(list)}>
          Volver a la lista
        </Button>
      }
    />
  );
}

/**
 * The error element of the routes: a screen that failed to load or crashed never shows React Router's
 * English page. `standalone` at the root (no shell around it); inside the shell the menu stays usable.
 */
export function RouteError({ standalone }: { standalone?: boolean }) {
  const error = useRouteError();
  const navigate = useNavigate();
  const home = useHome();
  if (isChunkLoadError(error)) return <ChunkErrorPage standalone={standalone} />;
  if (isMissingRecord(error)) return <RecordNotFoundPage message={(error as Error).message} />;
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage standalone={standalone} />;
  return (
    <StatusPage
      standalone={standalone}
      testId="unexpected-error"
      icon={<WarningOutlined style={{ color: '#ff4d4f' }} />}
      title="Algo salió mal"
      subTitle="Ocurrió un error inesperado al mostrar esta pantalla. Recargue la página o vuelva al inicio; si se repite, avise a soporte."
      extra={[
        <Button key="home" onClick={() => navigate(home)}>
          Ir al inicio
        </Button>,
        <Button key="reload" type="primary" onClick={reload}>
          Recargar
        </Button>,
      ]}
    />
  );
}

/**
 * An unknown address outside /dashboard: with a session it is looked up inside the dashboard (where every
 * screen lives, so /clientes finds /dashboard/clientes and anything else shows the 404 page in the shell);
 * without one, the 404 page on its own.
 */
export function UnknownPath() {
  const { pathname, search } = useLocation();
  const signedIn = useSession((s) => Boolean(s.auth.token));
  if (!signedIn) return <NotFoundPage standalone />;
  return <Navigate to={`/dashboard${pathname}${search}`} replace />;
}
