/** A text input for an event name that suggests the names the project has tracked. */
import { useQuery } from '@tanstack/react-query';
import { type ComponentProps, useId } from 'react';
import { TextInput } from '../../../components/Field.tsx';
import { cx } from '../../../lib/cx.ts';
import { useProject } from '../../../lib/project-context.tsx';
import { eventQueries } from '../../../queries/events.ts';

export function EventNameInput({ className, ...props }: Omit<ComponentProps<typeof TextInput>, 'list'>) {
  const names = useQuery(eventQueries.names(useProject()));
  const listId = useId();
  return (
    <>
      <TextInput {...props} list={listId} className={cx('font-mono', className)} />
      <datalist id={listId}>
        {names.data?.names.map((n) => (
          <option key={n.name} value={n.name} />
        ))}
      </datalist>
    </>
  );
}
