import { createElement, useSyncExternalStore, type ComponentType, type ReactNode } from 'react';
import type { MessageInstance } from 'antd/es/message/interface';
import type { HookAPI as ModalApi } from 'antd/es/modal/useModal';
import { DEFAULT_ERROR_MESSAGE, DEFAULT_SUCCESS_MESSAGE } from '../../domain/errors';

let messageApi: MessageInstance | null = null;
let modalApi: ModalApi | null = null;

/**
 * antd's message code (~8 kB compressed) is a chunk of its own, loaded by the first message, or ahead of it by the
 * shell and the sign-in form (loadMessages): the sign-in page does not download it with its first load. Messages
 * asked for meanwhile wait and show as soon as it has arrived. Not React.lazy: a chunk that cannot load (offline,
 * or replaced by a deploy) must not take the whole app down; those messages are dropped and the next one tries again.
 */
type MessageHolderType = ComponentType<{ onReady: (api: MessageInstance) => void }>;
let MessageHolder: MessageHolderType | null = null;
let holderLoading = false;
const waiting: ((api: MessageInstance) => void)[] = [];
const holderListeners = new Set<() => void>();

export function loadMessages(): void {
  if (MessageHolder || holderLoading) return;
  holderLoading = true;
  import('./MessageHolder')
    .then(
      (m) => {
        MessageHolder = m.default;
        for (const listener of holderListeners) listener();
      },
      () => {
        waiting.length = 0;
      },
    )
    .finally(() => {
      holderLoading = false;
    });
}

function subscribeHolder(listener: () => void): () => void {
  holderListeners.add(listener);
  return () => holderListeners.delete(listener);
}

function onMessagesReady(api: MessageInstance): void {
  messageApi = api;
  for (const display of waiting.splice(0)) display(api);
}

function show(display: (api: MessageInstance) => void): void {
  if (messageApi) return display(messageApi);
  waiting.push(display);
  loadMessages();
}

/**
 * Gives code outside components (mutations, the API client) the themed message API. Not antd's App, which also
 * brings Modal, Notification and Skeleton into the first chunk; the modal API comes from ModalBridge, which the
 * dashboard's shell mounts.
 */
export function NotifyBridge() {
  // the loaded module's component: one identity for the app's whole life
  const holder = useSyncExternalStore(
    subscribeHolder,
    () => MessageHolder,
    () => MessageHolder,
  );
  return holder ? createElement(holder, { onReady: onMessagesReady }) : null;
}

/** Set by ModalBridge (src/web/app/shell) while the shell is mounted. */
export function setModalApi(api: ModalApi | null): void {
  modalApi = api;
}

export const notify = {
  success: (text = DEFAULT_SUCCESS_MESSAGE) => show((m) => void m.success(text)),
  error: (err: unknown) => show((m) => void m.error(err instanceof Error && err.message ? err.message : DEFAULT_ERROR_MESSAGE)),
  info: (text: string) => show((m) => void m.info(text)),
  /** A success message with content of its own (a 'Deshacer' button) for `seconds`; `close(key)` takes it away early. */
  action: (content: ReactNode, seconds: number, key: string) => show((m) => void m.open({ type: 'success', content, duration: seconds, key })),
  close: (key: string) => messageApi?.destroy(key),
};

export function modal() {
  if (!modalApi) throw new Error('ModalBridge no montado: modal() solo funciona dentro del panel');
  return modalApi;
}
