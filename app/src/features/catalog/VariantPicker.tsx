import { Button, Flex, Select, Text } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import type { Product, ProductVariant } from '../../api/types';
import { resolveLocalized } from '../../lib/localized';
import { offeredValues, pickValue, valueState, valueText } from '../../lib/variants';
import { FEW_VALUES } from '../../lib/shared';


interface Props {
  product: Product;
  current: ProductVariant | undefined;
  onPick: (v: ProductVariant) => void;
}

/**
 * The product's options: for each, the values some variant offers (others are not offered), the
 * chosen one marked, sold-out combinations said as such. Picking a value keeps the other choices
 * when such a variant exists.
 */
export function VariantPicker({ product, current, onPick }: Props) {
  return (
    <Flex direction="column" gap="3" data-testid="variant-picker">
      {product.options.map((_, i) => (
        <OptionPicker key={i} product={product} option={i} current={current} onPick={onPick} />
      ))}
    </Flex>
  );
}

function OptionPicker({ product, option, current, onPick }: Props & { option: number }) {
  const { t, i18n } = useTranslation('shop');
  const lang = i18n.language;
  const o = product.options[option];
  const name = resolveLocalized(o.nameLocalized, lang, o.name);
  const chosen = current?.optionValues[option];
  const values = offeredValues(product, option);
  const pick = (value: string) => {
    const next = pickValue(product, current, option, value);
    if (next && next.id !== current?.id) onPick(next);
  };
  const text = (value: string) => valueText(product, option, value, lang);
  const soldOut = (value: string) => valueState(product, current, option, value) === 'soldOut';
  const id = `option-${option}`;

  if (values.length > FEW_VALUES) {
    return (
      <Flex direction="column" gap="1">
        <Text as="span" size="2" weight="medium" id={id}>
          {name}
        </Text>
        <Select.Root value={chosen} onValueChange={pick}>
          <Select.Trigger aria-labelledby={id} style={{ maxWidth: 320 }} />
          <Select.Content position="popper">
            {values.map((value) => (
              <Select.Item key={value} value={value}>
                {soldOut(value) ? t('variants.valueSoldOut', { value: text(value) }) : text(value)}
              </Select.Item>
            ))}
          </Select.Content>
        </Select.Root>
      </Flex>
    );
  }
  return (
    <fieldset className="option-set">
      <legend>
        <Text size="2" weight="medium">
          {name}: {chosen ? text(chosen) : ''}
        </Text>
      </legend>
      <Flex gap="2" wrap="wrap" mt="1">
        {values.map((value) => {
          const out = soldOut(value);
          const on = value === chosen;
          return (
            <Button
              key={value}
              type="button"
              variant={on ? 'solid' : 'outline'}
              color={out && !on ? 'gray' : undefined}
              aria-pressed={on}
              // Struck through for the eye; said for the ear.
              aria-label={out ? t('variants.valueSoldOut', { value: text(value) }) : undefined}
              onClick={() => pick(value)}
            >
              <span className={out ? 'sold-out-value' : undefined}>{text(value)}</span>
            </Button>
          );
        })}
      </Flex>
    </fieldset>
  );
}
