/**
 * A button that runs a write at once, without asking (Export data, Refresh count, Send confirmation
 * email): a `useAction` result whose progress the button shows. Its failure is a toast.
 */
import type { LucideIcon } from 'lucide-react';
import { Button, type ButtonProps } from './Button.tsx';

export function ActionButton({
  action,
  icon: Icon,
  variant = 'secondary',
  size,
  ...rest
}: Omit<ButtonProps, 'onClick' | 'loading' | 'icon'> & {
  action: { mutate: () => void; isPending: boolean };
  icon: LucideIcon;
}) {
  return (
    <Button
      {...rest}
      variant={variant}
      size={size}
      icon={<Icon className={size === 'sm' ? 'size-3.5' : 'size-4'} aria-hidden />}
      loading={action.isPending}
      onClick={() => action.mutate()}
    />
  );
}
