import { useTranslation } from 'react-i18next';
import { TextInput } from './Field.tsx';

/**
 * "From" and "To" date pickers (YYYY-MM-DD, '' for none) for a filter row; each bounds the other.
 * `onChange` gets the one that changed, so a URL-backed filter can patch just that param.
 */
export function DateRangeFields({
  from,
  to,
  onChange,
}: {
  from: string;
  to: string;
  onChange: (change: { from: string } | { to: string }) => void;
}) {
  const { t } = useTranslation();
  // Each end bounds the other: no "To" before "From".
  const ends = [
    { end: 'from', value: from, min: undefined, max: to || undefined },
    { end: 'to', value: to, min: from || undefined, max: undefined },
  ] as const;
  return (
    <>
      {ends.map(({ end, ...bounds }) => (
        <div key={end} className="w-40">
          <TextInput
            // The ends of a period, not a sender and a recipient: their own message ("Bis", not "An").
            label={t('{end, select, from {From} other {To}}', { end })}
            type="date"
            {...bounds}
            onChange={(e) => onChange(end === 'from' ? { from: e.target.value } : { to: e.target.value })}
          />
        </div>
      ))}
    </>
  );
}
