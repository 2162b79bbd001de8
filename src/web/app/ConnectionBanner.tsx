import { Button } from 'antd';
import { DisconnectOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useOnline } from './connection';

/**
 * Says so while the browser is offline or the server does not answer. Back online, the failed screens
 * refetch by themselves (TanStack Query's refetch on reconnect); Reintentar does it at once.
 */
export function ConnectionBanner() {
  const online = useOnline();
  const queryClient = useQueryClient();
  if (online) return null;
  return (
    <div className="connection-banner" role="alert" data-testid="offline-banner">
      <DisconnectOutlined />
      <span className="connection-banner-text">
        <strong>Sin conexión:</strong> no se puede comunicar con el servidor. Lo que ve puede no estar al día y los cambios no se guardarán hasta que vuelva la
        conexión.
      </span>
      <Button size="small" onClick={() => void queryClient.refetchQueries({ type: 'active' })}>
        Reintentar
      </Button>
    </div>
  );
}
