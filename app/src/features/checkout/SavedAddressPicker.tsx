import { ToggleField } from '../../components/ToggleField';
import { Box, Checkbox, Flex, Heading, RadioCards, Text } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import type { SavedAddress } from '../../api/types';
import { AddressLines } from '../addresses/AddressLines';

interface Props {
  saved: SavedAddress[];
  value: string;
  onPick: (id: string) => void;
  saveNew: boolean;
  onSaveNew: (on: boolean) => void;
}

/** The checkout's saved addresses to ship to (or a new one, which can be kept for next time). */
export function SavedAddressPicker({ saved, value, onPick, saveNew, onSaveNew }: Props) {
  const { t } = useTranslation('checkout');
  return (
    <Box mb="5">
      {saved.length > 0 && (
        <>
          <Heading as="h3" size="3" mb="2" id="saved-addresses">
            {t('saved.title')}
          </Heading>
          <RadioCards.Root value={value || 'new'} onValueChange={(v) => onPick(v === 'new' ? '' : v)} columns={{ initial: '1', sm: '2' }} gap="2" aria-labelledby="saved-addresses">
            {saved.map((a) => (
              <RadioCards.Item key={a.id} value={a.id} className="saved-address">
                <Flex as="span" direction="column" width="100%">
                  <Text weight="bold" size="2">
                    {a.label || `${a.firstName} ${a.lastName}`}
                    {a.isDefault && ` · ${t('saved.default')}`}
                  </Text>
                  <AddressLines value={{ ...a, firstName: '', lastName: '', phone: '' }} size="1" />
                </Flex>
              </RadioCards.Item>
            ))}
            <RadioCards.Item value="new">
              <Text size="2">{t('saved.new')}</Text>
            </RadioCards.Item>
          </RadioCards.Root>
        </>
      )}
      {!value && (
        <ToggleField mt="3" label={t('saved.keep')} control={(id) => <Checkbox id={id} checked={saveNew} onCheckedChange={(c) => onSaveNew(c === true)} />} />
      )}
    </Box>
  );
}
