import { Badge, Flex, Table, Text } from '@radix-ui/themes';
import { CopyIcon, PauseIcon, Pencil1Icon, PlayIcon, TrashIcon } from '@radix-ui/react-icons';
import { useTranslation } from 'react-i18next';
import type { Promotion } from '../../../api/types';
import { formatDate, usePrice } from '../../../lib/format';
import { resolveLocalized } from '../../../lib/localized';
import { RowAction } from '../components/RowAction';
import { promotionState } from './api';

interface Props {
  promotion: Promotion;
  onEdit: () => void;
  onToggle: () => void;
  onDuplicate: () => void;
  onDelete: () => void;
}

const STATE_COLORS = { running: 'green', paused: 'gray', scheduled: 'indigo', ended: 'gray', usedUp: 'amber' } as const;

/** One promotion in the admin's table: name and code, the offer, its window, uses and revenue, and its actions. */
export function PromotionRow({ promotion: p, onEdit, onToggle, onDuplicate, onDelete }: Props) {
  const { t, i18n } = useTranslation('admin');
  const price = usePrice();
  const name = resolveLocalized(p.name, i18n.language, p.code);
  const state = promotionState(p);
  const offer = p.kind === 'percentage' ? t('promotions.percentOff', { value: p.value }) : p.kind === 'fixed' ? t('promotions.amountOffValue', { value: price(p.value) }) : t('promotions.kinds.free_shipping');
  return (
    <Table.Row>
      <Table.RowHeaderCell>
        <Text as="div" weight="medium">
          {name}
        </Text>
        <Badge variant="outline" color={p.automatic ? 'gray' : 'indigo'}>
          {p.automatic ? t('promotions.automatic') : p.code}
        </Badge>
      </Table.RowHeaderCell>
      <Table.Cell>
        <Text as="div">{offer}</Text>
        <Text as="div" size="1" color="gray">
          {t(`promotions.targets.${p.target}`)}
          {p.minSubtotal > 0 && ` · ${t('promotions.fromAmount', { value: price(p.minSubtotal) })}`}
        </Text>
      </Table.Cell>
      <Table.Cell>
        {formatDate(p.startsAt, i18n.language)} – {formatDate(p.endsAt, i18n.language)}
      </Table.Cell>
      <Table.Cell>{p.usageLimit > 0 ? t('promotions.usesOf', { used: p.timesUsed, limit: p.usageLimit }) : p.timesUsed}</Table.Cell>
      <Table.Cell>
        <Text as="div">{price(p.revenue)}</Text>
        <Text as="div" size="1" color="gray">
          {t('promotions.discountedValue', { value: price(p.discounted) })}
        </Text>
      </Table.Cell>
      <Table.Cell>
        <Badge color={STATE_COLORS[state]}>{t(`promotions.states.${state}`)}</Badge>
      </Table.Cell>
      <Table.Cell>
        <Flex gap="2">
          <RowAction tip={t('actions.edit')} label={t('promotions.editNamed', { name })} onClick={onEdit}>
            <Pencil1Icon />
          </RowAction>
          <RowAction tip={t(p.isActive ? 'promotions.pause' : 'promotions.resume')} label={t(p.isActive ? 'promotions.pauseNamed' : 'promotions.resumeNamed', { name })} onClick={onToggle}>
            {p.isActive ? <PauseIcon /> : <PlayIcon />}
          </RowAction>
          <RowAction tip={t('promotions.duplicate')} label={t('promotions.duplicateNamed', { name })} onClick={onDuplicate}>
            <CopyIcon />
          </RowAction>
          <RowAction tip={t('actions.delete')} label={t('promotions.deleteNamed', { name })} color="red" onClick={onDelete}>
            <TrashIcon />
          </RowAction>
        </Flex>
      </Table.Cell>
    </Table.Row>
  );
}
