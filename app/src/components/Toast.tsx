import { createContext, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
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

const overlaps = (a: DOMRect, b: DOMRect) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/**
 * The control the shopper last pressed (pointer or key), so that a snackbar it raised keeps clear
 * of it: of its group when it sits in one marked data-toast-avoid (a quantity stepper beside Add
 * to Cart), else of the control itself.
 */
function usePressedControl() {
  const pressed = useRef<Element | null>(null);
  useEffect(() => {
    const note = (e: Event) => {
      pressed.current = e.target instanceof Element ? e.target : null;
    };
    document.addEventListener('pointerdown', note, true);
    document.addEventListener('keydown', note, true);
    return () => {
      document.removeEventListener('pointerdown', note, true);
      document.removeEventListener('keydown', note, true);
    };
  }, []);
  return useCallback(() => {
    const el = pressed.current;
    return el?.isConnected ? (el.closest('[data-toast-avoid]') ?? el) : null;
  }, []);
}

/**
 * Places the snackbar at the bottom centre (the spec's place) unless it would lie over the control
 * that raised it (on a phone, "Added to cart" covered the stepper and Add to Cart: issue 34); then
 * it goes to the top, below the header when the header shows.
 */
function placeClear(region: HTMLElement, avoid: Element | null) {
  region.removeAttribute('data-place');
  region.style.removeProperty('top');
  if (!avoid || !overlaps(region.getBoundingClientRect(), avoid.getBoundingClientRect())) return;
  const header = document.querySelector('.site-header')?.getBoundingClientRect();
  region.setAttribute('data-place', 'top');
  region.style.top = `${Math.max(8, (header?.bottom ?? 0) + 8)}px`;
}

/** Snackbar at the bottom centre of the screen, clear of the control that raised it; one at a time. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<ToastState | null>(null);
  const seq = useRef(0);
  const region = useRef<HTMLDivElement>(null);
  const avoid = useRef<Element | null>(null);
  const pressedControl = usePressedControl();
  const { t } = useTranslation('common', { useSuspense: false });

  const show = useCallback(
    (o: ToastOptions) => {
      seq.current += 1;
      avoid.current = pressedControl();
      setToast({ id: seq.current, kind: o.kind ?? 'success', duration: o.duration ?? TOAST_SHORT, message: o.message });
    },
    [pressedControl],
  );

  useLayoutEffect(() => {
    if (toast && region.current) placeClear(region.current, avoid.current);
  }, [toast]);

  useEffect(() => {
    if (!toast) return;
    const timer = window.setTimeout(() => setToast(null), toast.duration);
    return () => window.clearTimeout(timer);
  }, [toast]);

  const Icon = toast ? ICONS[toast.kind] : null;
  return (
    <ToastContext.Provider value={show}>
      {children}
      <div ref={region} className="toast-region" role={toast?.kind === 'error' ? 'alert' : 'status'} aria-live={toast?.kind === 'error' ? 'assertive' : 'polite'}>
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
