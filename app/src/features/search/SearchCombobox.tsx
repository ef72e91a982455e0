import { lazy, Suspense, useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { TextField } from '@radix-ui/themes';
import { MagnifyingGlassIcon } from '@radix-ui/react-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { ProductSuggestion } from '../../api/types';
import { MIN_SUGGEST_LENGTH, suggestionId } from './suggestions';

// The list and its data load when the shopper first types: start-up carries only the field.
const SuggestionList = lazy(() => import('./SuggestionList'));

interface Props {
  id: string;
  label: string;
  value: string;
  onValueChange: (text: string) => void;
  /** Enter without a suggestion chosen: search this text. */
  onSubmit: (text: string) => void;
}

/**
 * A product search field that is an ARIA 1.2 combobox: from the second character a listbox
 * suggests up to 5 products (picture, name, price). Arrows move through them, Enter opens the
 * one chosen (or searches the text), Escape closes the list and a second Escape clears the
 * field; a polite status tells screen readers how many suggestions there are.
 */
export function SearchCombobox({ id, label, value, onValueChange, onSubmit }: Props) {
  const { t, i18n } = useTranslation('shop');
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [items, setItems] = useState<ProductSuggestion[]>([]);
  const [active, setActive] = useState(-1);
  const listId = useId();
  const timer = useRef(0);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const change = (text: string) => {
    onValueChange(text);
    setActive(-1);
    setOpen(text.trim().length >= MIN_SUGGEST_LENGTH);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setQuery(text), 120);
  };
  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const pick = (p: ProductSuggestion) => {
    close();
    navigate(`/products/${encodeURIComponent(p.id)}`);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (open && active >= 0 && items[active]) return pick(items[active]);
    close();
    onSubmit(value.trim());
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    const n = items.length;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) setOpen(value.trim().length >= MIN_SUGGEST_LENGTH);
      if (n > 0) setActive((a) => (e.key === 'ArrowDown' ? (a + 1) % n : a <= 0 ? n - 1 : a - 1));
    } else if (e.key === 'Escape') {
      e.preventDefault();
      if (open) close();
      else change('');
    }
  };
  const expanded = open && items.length > 0;
  return (
    <form role="search" onSubmit={submit} aria-label={t('filters.searchProducts')} className="search-combobox">
      <TextField.Root
        id={id}
        // A text field: HTML gives type=search no combobox role; the keyboard still offers Search.
        type="text"
        inputMode="search"
        enterKeyHint="search"
        aria-label={label}
        placeholder={t('filters.searchPlaceholder')}
        autoComplete="off"
        role="combobox"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={expanded && active >= 0 ? suggestionId(listId, active) : undefined}
        value={value}
        onChange={(e) => change(e.target.value)}
        onKeyDown={onKeyDown}
        onFocus={() => setOpen(value.trim().length >= MIN_SUGGEST_LENGTH)}
        onBlur={close}
      >
        <TextField.Slot>
          <MagnifyingGlassIcon />
        </TextField.Slot>
      </TextField.Root>
      {query.trim().length >= MIN_SUGGEST_LENGTH ? (
        <Suspense fallback={null}>
          <SuggestionList id={listId} query={query} lang={i18n.resolvedLanguage ?? i18n.language} open={open} active={active} onItems={setItems} onPick={pick} />
        </Suspense>
      ) : (
        <ul id={listId} role="listbox" aria-label={t('search.suggestions')} hidden />
      )}
    </form>
  );
}
