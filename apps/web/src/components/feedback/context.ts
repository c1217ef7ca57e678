import { createContext, useContext } from 'react';

export type ToastKind = 'success' | 'error' | 'info' | 'warning';
/** Alerts come in info, success, warning, error and default kinds (spec section 4). */
export type AlertKind = ToastKind | 'default';

export interface ToastOptions {
  /** ms before the toast closes (default 5000, the shared set); false keeps it open */
  autoClose?: number | false;
}
export type ToastFn = (message: string, options?: ToastOptions) => void;
export interface Toast {
  success: ToastFn;
  error: ToastFn;
  info: ToastFn;
  warning: ToastFn;
}
export interface AlertOptions {
  title?: string;
  text?: string;
  kind?: AlertKind;
  confirmText?: string;
}
export interface ConfirmOptions extends AlertOptions {
  cancelText?: string;
}
export interface FeedbackApi {
  toast: Toast;
  /** resolves when the dialog is closed */
  alert: (options: AlertOptions) => Promise<void>;
  /** resolves true when confirmed */
  confirm: (options: ConfirmOptions) => Promise<boolean>;
}

const missing = () => {
  throw new Error('FeedbackProvider is not mounted');
};
export const FeedbackContext = createContext<FeedbackApi>({
  toast: { success: missing, error: missing, info: missing, warning: missing },
  alert: missing,
  confirm: missing,
});

export const useToast = () => useContext(FeedbackContext).toast;
export const useAlert = () => useContext(FeedbackContext).alert;
export const useConfirm = () => useContext(FeedbackContext).confirm;
