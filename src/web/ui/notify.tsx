import { useEffect } from 'react';
import { App } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import type { ModalStaticFunctions } from 'antd/es/modal/confirm';
import { DEFAULT_ERROR_MESSAGE, DEFAULT_SUCCESS_MESSAGE } from '../../domain/errors';

let messageApi: MessageInstance | null = null;
let modalApi: Omit<ModalStaticFunctions, 'warn'> | null = null;

/** Gives code outside components (mutations, the API client) the themed message and modal APIs. */
export function NotifyBridge() {
  const app = App.useApp();
  useEffect(() => {
    messageApi = app.message;
    modalApi = app.modal;
  }, [app]);
  return null;
}

export const notify = {
  success: (text = DEFAULT_SUCCESS_MESSAGE) => messageApi?.success(text),
  error: (err: unknown) => messageApi?.error(err instanceof Error && err.message ? err.message : DEFAULT_ERROR_MESSAGE),
  info: (text: string) => messageApi?.info(text),
};

export function modal() {
  if (!modalApi) throw new Error('NotifyBridge no montado');
  return modalApi;
}
