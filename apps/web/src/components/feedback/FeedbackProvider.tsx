import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack } from '@mui/material';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import ErrorOutline from '@mui/icons-material/ErrorOutline';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import WarningAmber from '@mui/icons-material/WarningAmber';
import { MSG, TOAST_MS } from '@erp/shared';
import {
  FeedbackContext,
  type AlertKind,
  type AlertOptions,
  type ConfirmOptions,
  type FeedbackApi,
  type ToastKind,
  type ToastOptions,
} from './context';

interface ToastItem {
  id: number;
  kind: ToastKind;
  message: string;
}
interface DialogState {
  kind: 'alert' | 'confirm';
  title: string;
  text: string;
  alertKind: AlertKind;
  confirmText: string;
  cancelText: string;
  resolve: (ok: boolean) => void;
}

const ICONS: Record<AlertKind, ReactNode> = {
  success: <CheckCircleOutline color="success" sx={{ fontSize: 56 }} />,
  error: <ErrorOutline color="error" sx={{ fontSize: 56 }} />,
  warning: <WarningAmber color="warning" sx={{ fontSize: 56 }} />,
  info: <InfoOutlined color="info" sx={{ fontSize: 56 }} />,
  default: null,
};

/** Toasts, alert and confirm dialogs, mounted once around the app. */
export function FeedbackProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const [dialog, setDialog] = useState<DialogState | null>(null);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((t) => t.id !== id)), []);

  const show = useCallback(
    (kind: ToastKind) => (message: string, options?: ToastOptions) => {
      const id = nextId.current++;
      setToasts((list) => [...list, { id, kind, message }]);
      const ms = options?.autoClose ?? TOAST_MS.shared;
      if (ms !== false) setTimeout(() => dismiss(id), ms);
    },
    [dismiss],
  );

  const api = useMemo<FeedbackApi>(
    () => ({
      toast: { success: show('success'), error: show('error'), info: show('info'), warning: show('warning') },
      alert: (o: AlertOptions) =>
        new Promise<void>((resolve) =>
          setDialog({
            kind: 'alert',
            title: o.title ?? '',
            text: o.text ?? '',
            alertKind: o.kind ?? 'default',
            confirmText: o.confirmText ?? 'OK',
            cancelText: '',
            resolve: () => resolve(),
          }),
        ),
      confirm: (o: ConfirmOptions) =>
        new Promise<boolean>((resolve) =>
          setDialog({
            kind: 'confirm',
            title: o.title ?? MSG.deleteConfirm,
            text: o.text ?? '',
            alertKind: o.kind ?? 'warning',
            confirmText: o.confirmText ?? MSG.yesDelete,
            cancelText: o.cancelText ?? MSG.cancel,
            resolve,
          }),
        ),
    }),
    [show],
  );

  const close = (ok: boolean) => {
    dialog?.resolve(ok);
    setDialog(null);
  };

  return (
    <FeedbackContext.Provider value={api}>
      {children}
      {/* at the foot of the screen, never over the header; the three newest at most */}
      <Stack
        spacing={1}
        aria-live="polite"
        data-testid="toasts"
        sx={{ position: 'fixed', bottom: 16, right: 16, left: { xs: 16, sm: 'auto' }, zIndex: 2000, maxWidth: { sm: 420 } }}
      >
        {toasts.slice(-3).map((t) => (
          <Alert key={t.id} severity={t.kind} variant="filled" onClose={() => dismiss(t.id)} role="status" sx={{ boxShadow: 3 }}>
            {t.message}
          </Alert>
        ))}
      </Stack>
      <Dialog
        open={dialog !== null}
        onClose={() => close(false)}
        aria-labelledby="feedback-dialog-title"
        aria-describedby="feedback-dialog-text"
        maxWidth="xs"
        fullWidth
      >
        {dialog && (
          <>
            {ICONS[dialog.alertKind] && <Box sx={{ display: 'flex', justifyContent: 'center', pt: 3 }}>{ICONS[dialog.alertKind]}</Box>}
            <DialogTitle id="feedback-dialog-title" sx={{ textAlign: 'center' }}>
              {dialog.title}
            </DialogTitle>
            <DialogContent>
              <DialogContentText id="feedback-dialog-text" sx={{ textAlign: 'center', whiteSpace: 'pre-wrap' }}>
                {dialog.text}
              </DialogContentText>
            </DialogContent>
            <DialogActions sx={{ justifyContent: 'center', pb: 2.5 }}>
              {dialog.kind === 'confirm' && (
                <Button variant="outlined" onClick={() => close(false)}>
                  {dialog.cancelText}
                </Button>
              )}
              <Button
                variant="contained"
                color={dialog.kind === 'confirm' ? 'error' : 'primary'}
                onClick={() => close(true)}
                autoFocus
              >
                {dialog.confirmText}
              </Button>
            </DialogActions>
          </>
        )}
      </Dialog>
    </FeedbackContext.Provider>
  );
}
