import { useEffect, useRef, useState } from 'react';
import { Modal, Progress } from 'antd';
import { useNavigate } from 'react-router';
import { IDLE_THROTTLE_MS } from '../../../domain/dates';
import { usePublicConfig } from '../config';
import { useSession } from '../session';

const EVENTS = ['mousemove', 'mousedown', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;
const EXEMPT = ['/', '/login', '/quick-login', '/forgot-password'];

/**
 * After the idle timeout (15 minutes by default) the user is signed out: the access token and
 * the screen state are cleared, the device keeps its refresh token for quick login.
 */
export function IdleGuard() {
  const { idleTimeoutMs, idlePromptMs } = usePublicConfig();
  const lock = useSession((s) => s.lock);
  const navigate = useNavigate();
  const last = useRef(0);
  const [remaining, setRemaining] = useState<number | null>(null);
  const prompting = remaining !== null;

  useEffect(() => {
    let throttled = 0;
    const onActivity = () => {
      const now = Date.now();
      if (now - throttled < IDLE_THROTTLE_MS || prompting) return;
      throttled = now;
      last.current = now;
    };
    EVENTS.forEach((e) => window.addEventListener(e, onActivity, { passive: true }));
    return () => EVENTS.forEach((e) => window.removeEventListener(e, onActivity));
  }, [prompting]);

  useEffect(() => {
    last.current = Date.now();
    const timer = setInterval(() => {
      const idle = Date.now() - last.current;
      if (idle >= idleTimeoutMs) {
        clearInterval(timer);
        setRemaining(null);
        const path = window.location.pathname;
        if (!EXEMPT.some((p) => path === p || (p !== '/' && path.startsWith(p)))) void navigate('/quick-login', { replace: true });
        lock();
      } else if (idle >= idleTimeoutMs - idlePromptMs) {
        setRemaining(Math.ceil((idleTimeoutMs - idle) / 1000));
      }
    }, 250);
    return () => clearInterval(timer);
  }, [idleTimeoutMs, idlePromptMs, lock, navigate]);

  const stay = () => {
    last.current = Date.now();
    setRemaining(null);
  };

  const total = Math.ceil(idlePromptMs / 1000);
  return (
    <Modal
      title="¿Sigue ahí?"
      open={prompting}
      onOk={stay}
      onCancel={stay}
      okText="Seguir conectado"
      cancelButtonProps={{ style: { display: 'none' } }}
      closable={false}
      maskClosable={false}
    >
      <p>Por inactividad, su sesión se cerrará en {remaining} segundos.</p>
      <Progress aria-label="Tiempo antes de cerrar la sesión" percent={Math.round(((remaining ?? 0) / total) * 100)} showInfo={false} status="active" />
    </Modal>
  );
}
