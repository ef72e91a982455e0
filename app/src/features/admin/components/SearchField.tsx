import { Text, TextField } from '@radix-ui/themes';
import { MagnifyingGlassIcon } from '@radix-ui/react-icons';

interface Props {
  id: string;
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
}

/** An admin list's search box: a label above a search field with the magnifier. */
export function SearchField({ id, label, placeholder, value, onChange }: Props) {
  return (
    <>
      <Text as="label" htmlFor={id} size="2" weight="medium">
        {label}
      </Text>
      <TextField.Root id={id} type="search" mt="1" value={value} placeholder={placeholder} onChange={(e) => onChange(e.target.value)}>
        <TextField.Slot>
          <MagnifyingGlassIcon />
        </TextField.Slot>
      </TextField.Root>
    </>
  );
}
