import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { TOAST_LONG, useToast } from '../../components/Toast';
import { listen, type LiveEvent } from '../../api/live';
import { adminKeys, insightKeys } from '../../api/queryKeys';
import { useAuth } from '../../auth/AuthContext';

const text = (v: unknown) => (typeof v === 'string' ? v : '');

/**
 * While the admin area is open: new orders and contact requests arrive through PocketBase
 * realtime (the collections' rules admit users with the Admin role; other roles listen to what
 * they may read), refresh the lists, the
 * overview and the navigation's counts, and a new one is announced with a short toast.
 * Unsubscribes on unmount.
 */
export function useAdminLive() {
  const qc = useQueryClient();
  const show = useToast();
  const { t } = useTranslation('admin');
  const { can } = useAuth();
  const orders = can('orders.read');
  const contact = can('contact');

  useEffect(() => {
    const announce = (message: string) => show({ message, kind: 'info', duration: TOAST_LONG });
    const onOrder = (e: LiveEvent) => {
      void qc.invalidateQueries({ queryKey: adminKeys.orders });
      void qc.invalidateQueries({ queryKey: insightKeys.overview });
      if (e.action === 'create')
        announce(t('live.newOrder', { number: text(e.record.orderNumber), name: text(e.record.customerName) }));
    };
    const onContact = (e: LiveEvent) => {
      void qc.invalidateQueries({ queryKey: adminKeys.contact });
      void qc.invalidateQueries({ queryKey: insightKeys.overview });
      if (e.action === 'create') announce(t('live.newMessage', { name: text(e.record.name) }));
    };
    let stopped = false;
    const offs: (() => void)[] = [];
    const topics = [...(orders ? [['orders/*', onOrder] as const] : []), ...(contact ? [['contact_requests/*', onContact] as const] : [])];
    for (const [topic, fn] of topics) {
      // When realtime is unavailable the lists keep polling (pollUnlessLive).
      listen(topic, fn).then(
        (off) => (stopped ? off() : offs.push(off)),
        () => undefined,
      );
    }
    return () => {
      stopped = true;
      offs.forEach((off) => off());
    };
  }, [qc, show, t, orders, contact]);
}
