import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Callout, IconButton, Flex } from '@radix-ui/themes';
import { CheckCircledIcon, Cross2Icon, ExclamationTriangleIcon, InfoCircledIcon } from '@radix-ui/react-icons';
import { useTranslation } from 'react-i18next';

type ToastKind = 'success' | 'error' | 'info';

export interface ToastOptions {
  message: string;
  kind?: ToastKind;
  /** Auto-hide after this many ms: 4000 for cart/product, 6000 for contact, admin and auth. */
  duration?: number;
}

interface ToastState extends Required<ToastOptions> {
  id: number;
}

const ToastContext = createContext<((o: ToastOptions) => void) | null>(null);

export const TOAST_SHORT = 4000;
export const TOAST_LONG = 6000;

const COLORS = { success: 'green', error: 'red', info: 'indigo' } as const;
const ICONS = { success: CheckCircledIcon, error: ExclamationTriangleIcon, info: InfoCircledIcon };

/** Snackbar at the bottom centre of the screen; one at a time. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<ToastState | null>(null);
  const seq = useRef(0);
  const { t } = useTranslation('common', { useSuspense: false });

  const show = useCallback((o: ToastOptions) => {
    seq.current += 1;
    setToast({ id: seq.current, kind: o.kind ?? 'success', duration: o.duration ?? TOAST_SHORT, message: o.message });
  }, []);

  useEffect(() => {
    if (!toast) return;
    const timer = window.setTimeout(() => setToast(null), toast.duration);
    return () => window.clearTimeout(timer);
  }, [toast]);

  const Icon = toast ? ICONS[toast.kind] : null;
  return (
    <ToastContext.Provider value={show}>
      {children}
      <div className="toast-region" role={toast?.kind === 'error' ? 'alert' : 'status'} aria-live={toast?.kind === 'error' ? 'assertive' : 'polite'}>
        {toast && Icon && (
          <Callout.Root key={toast.id} color={COLORS[toast.kind]} variant="surface" className="toast" data-kind={toast.kind}>
            <Flex align="center" gap="3">
              <Callout.Icon>
                <Icon />
              </Callout.Icon>
              <Callout.Text>{toast.message}</Callout.Text>
              <IconButton size="1" variant="ghost" color="gray" aria-label={t('close', 'Close')} onClick={() => setToast(null)}>
                <Cross2Icon />
              </IconButton>
            </Flex>
          </Callout.Root>
        )}
      </div>
    </ToastContext.Provider>
  );
}

/** show({message, kind, duration}) opens the snackbar. */
export function useToast(): (o: ToastOptions) => void {
  const ctx = useContext(ToastContext);
  if (!ctx) throw new Error('useToast must be used within a ToastProvider');
  return ctx;
}

export function useToastApi() {
  const show = useToast();
  return useMemo(
    () => ({
      success: (message: string, duration?: number) => show({ message, kind: 'success', duration }),
      error: (message: string, duration?: number) => show({ message, kind: 'error', duration }),
    }),
    [show],
  );
}
