import { Box, Button, Flex, Grid, IconButton, Text, TextField } from '@radix-ui/themes';
import { PlusIcon, TrashIcon } from '@radix-ui/react-icons';
import type { LocalText, TextLanguage } from './formModel';

/** One of a row's two localized inputs. */
export interface RowPart<K extends string> {
  key: K;
  label: (n: number) => string;
  /** The placeholder in the tab's language, given the row's English text. */
  placeholder: (en: string) => string;
  maxLength: number;
  /** Side by side, growing and wrapping below basis (px); without it the two parts share a grid. */
  flex?: { grow: '1' | '2'; basis: number };
}

interface Props<K extends string, R extends { id: string } & Record<K, LocalText>> {
  rows: R[];
  onChange: (rows: R[]) => void;
  lang: TextLanguage;
  errorText: (field: string) => string | undefined;
  /** The form field of the rows: errors are at `${field}.${row.id}.${part}`. */
  field: string;
  parts: readonly [RowPart<K>, RowPart<K>];
  hint: string;
  listLabel: string;
  removeLabel: (n: number) => string;
  /** The rows left when one is removed. */
  remove: (rows: R[], id: string) => R[];
  addLabel: string;
  addVariant: 'ghost' | 'soft';
  /** A new row; none when no more may be added. */
  add?: () => R;
  rowTestId?: string;
}

/** Rows of two localized texts each (attributes, options): the inputs edit the form's tab language. */
export function LocalizedRows<K extends string, R extends { id: string } & Record<K, LocalText>>(props: Props<K, R>) {
  const { rows, onChange, lang, errorText, field, parts, add } = props;
  const set = (id: string, part: K, text: string) =>
    onChange(rows.map((r) => (r.id === id ? { ...r, [part]: { ...r[part], [lang]: text } } : r)));

  const input = (row: R, part: RowPart<K>, n: number) => {
    const error = errorText(`${field}.${row.id}.${part.key}`);
    return (
      <Box flexGrow={part.flex?.grow} style={part.flex && { flexBasis: part.flex.basis }}>
        <TextField.Root
          aria-label={part.label(n)}
          placeholder={part.placeholder(row[part.key].en)}
          value={row[part.key][lang]}
          maxLength={part.maxLength}
          aria-invalid={!!error}
          onChange={(e) => set(row.id, part.key, e.target.value)}
        />
        {error && (
          <Text size="1" color="red" role="alert">
            {error}
          </Text>
        )}
      </Box>
    );
  };

  return (
    <Box>
      <Text as="p" size="1" color="gray" mb="2">
        {props.hint}
      </Text>
      <Flex direction="column" gap="3" asChild>
        <ol className="plain-list" aria-label={props.listLabel}>
          {rows.map((row, i) => {
            const cells = (
              <>
                {input(row, parts[0], i + 1)}
                {input(row, parts[1], i + 1)}
                <IconButton type="button" variant="soft" color="red" aria-label={props.removeLabel(i + 1)} onClick={() => onChange(props.remove(rows, row.id))}>
                  <TrashIcon />
                </IconButton>
              </>
            );
            return (
              <li key={row.id} data-testid={props.rowTestId}>
                {parts[0].flex ? (
                  <Flex gap="2" align="start" wrap="wrap">
                    {cells}
                  </Flex>
                ) : (
                  <Grid columns={{ initial: '1', sm: '1fr 1fr auto' }} gap="2" align="start">
                    {cells}
                  </Grid>
                )}
              </li>
            );
          })}
        </ol>
      </Flex>
      {add && (
        <Button type="button" variant={props.addVariant} mt="3" onClick={() => onChange([...rows, add()])}>
          <PlusIcon /> {props.addLabel}
        </Button>
      )}
    </Box>
  );
}
