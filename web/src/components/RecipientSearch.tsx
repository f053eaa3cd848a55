import { Search, X } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './Button.tsx';
import { TextInput } from './Field.tsx';

/**
 * A search by one exact recipient address: what is typed applies on submit (lists filter by the exact
 * address, so a search per keystroke would only ever show nothing), and a clear button shows while
 * the list is filtered.
 */
export function RecipientSearch({
  name,
  applied,
  onSearch,
  filtered,
  onClear,
  clearLabel,
  className = '',
}: {
  /** The form's accessible name. */
  name: string;
  /** The recipient the list is filtered by now: the field starts with it. */
  applied: string;
  onSearch: (recipient: string) => void;
  filtered: boolean;
  onClear: () => void;
  clearLabel?: string;
  className?: string;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState(applied);
  const search = (e: FormEvent) => {
    e.preventDefault();
    onSearch(typed.trim());
  };
  const clear = () => {
    setTyped('');
    onClear();
  };
  return (
    <form onSubmit={search} aria-label={name} className={`flex flex-wrap items-end gap-2 ${className}`}>
      <div className="w-full max-w-sm">
        <TextInput
          label={t('Recipient')}
          type="email"
          placeholder={t('Exact address, e.g. {example}', { example: 'ann@example.com' })}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
        />
      </div>
      <Button type="submit" variant="secondary" icon={<Search className="size-4" aria-hidden />}>
        {t('Search')}
      </Button>
      {filtered && (
        <Button variant="ghost" onClick={clear} icon={<X className="size-4" aria-hidden />}>
          {clearLabel ?? t('Clear')}
        </Button>
      )}
    </form>
  );
}
