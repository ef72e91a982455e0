import { Link as RadixLink } from '@radix-ui/themes';
import { FileTextIcon } from '@radix-ui/react-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/** The app's page that opens an order's invoice (it asks the server for a short-lived link). */
const invoicePath = (orderId: string) => `/account/orders/${encodeURIComponent(orderId)}/invoice`;

/** "Invoice INV-2026-000123", opening the printable invoice in a new tab; nothing before the order has one. */
export function InvoiceLink({ orderId, invoiceNumber, size = '2' }: { orderId: string; invoiceNumber?: string; size?: '1' | '2' | '3' }) {
  const { t } = useTranslation('common');
  if (!invoiceNumber) return null;
  return (
    <RadixLink asChild size={size} data-testid="invoice-link">
      <Link to={invoicePath(orderId)} target="_blank" rel="noopener" aria-label={t('tax.openInvoice', { number: invoiceNumber })}>
        <FileTextIcon aria-hidden="true" style={{ verticalAlign: '-2px', marginRight: 4 }} />
        {t('tax.invoice', { number: invoiceNumber })}
      </Link>
    </RadixLink>
  );
}
