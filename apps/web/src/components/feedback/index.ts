export { FeedbackProvider } from './FeedbackProvider';
export { useToast, useAlert, useConfirm, FeedbackContext } from './context';
export type { Toast, ToastOptions, AlertOptions, ConfirmOptions, AlertKind, ToastKind, FeedbackApi } from './context';
