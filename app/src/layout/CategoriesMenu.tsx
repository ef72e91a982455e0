import { DropdownMenu } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { PopoverPanelProps } from '../components/PopoverPanel';
import { categoryRecordsQuery, useCategoryLabel } from '../features/catalog/categoryLabel';
import { forgetShopState } from '../features/catalog/homeState';

/**
 * The header's Categories menu behind DeferredPopover (loaded on first use, out of the home's
 * start-up code): the shown category records in the admin's order, each a link to its page.
 */
export default function CategoriesMenu({ trigger, open, onOpenChange }: PopoverPanelProps) {
  const { t } = useTranslation('common');
  const { data, isError } = useQuery(categoryRecordsQuery());
  const label = useCategoryLabel();
  return (
    <DropdownMenu.Root open={open} onOpenChange={onOpenChange}>
      <DropdownMenu.Trigger>{trigger}</DropdownMenu.Trigger>
      <DropdownMenu.Content align="start" data-testid="categories-menu">
        {data?.map((c) => (
          <DropdownMenu.Item key={c.id} asChild>
            <Link to={{ pathname: '/', search: `?category=${encodeURIComponent(c.name)}` }} onClick={forgetShopState}>
              {label(c.name)}
            </Link>
          </DropdownMenu.Item>
        ))}
        {!data && (
          <p className="categories-status" role="status" data-error={isError || undefined}>
            {isError ? t('nav.categoriesFailed') : t('loading')}
          </p>
        )}
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
