import { useEffect } from 'react';
import { Modal } from 'antd';
import { loadMessages, setModalApi } from '../../ui/notify';

/**
 * The themed modal API behind modal() (confirmations): mounted by the shell, so Modal's code loads with the
 * dashboard and not with the sign-in page. It also has the message code loaded, which the dashboard's screens use.
 */
export function ModalBridge() {
  const [api, holder] = Modal.useModal();
  useEffect(() => {
    setModalApi(api);
    loadMessages();
    return () => setModalApi(null);
  }, [api]);
  return holder;
}
