import { modal } from './notify';

export interface ConfirmOptions {
  title: string;
  content?: string;
  okText?: string;
  danger?: boolean;
  onOk: () => Promise<unknown> | unknown;
}

/** Confirmation before a destructive action; the confirm button unlocks after about a second. */
export function confirmAction({ title, content, okText = 'Eliminar', danger = true, onOk }: ConfirmOptions): void {
  const dialog = modal().confirm({ title, content, okText, cancelText: 'Cancelar', okButtonProps: { danger, disabled: true }, onOk });
  setTimeout(() => dialog.update({ okButtonProps: { danger, disabled: false } }), 1000);
}
