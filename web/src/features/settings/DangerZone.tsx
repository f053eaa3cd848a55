import { type ReactNode, useState } from 'react';
import { can, type Permission } from '../../api/session.ts';
import { Button } from '../../components/Button.tsx';
import { PermissionNotice } from '../../components/PermissionNotice.tsx';
import { TypeToConfirmDialog } from '../../components/TypeToConfirmDialog.tsx';
import { useProject } from '../../lib/project-context.tsx';

/** What a DangerZone runs: a screen's `useAction` result. */
interface DangerAction {
  mutate: () => void;
  reset: () => void;
  isPending: boolean;
  isSuccess: boolean;
  error: unknown;
}

/**
 * An action on the whole project that cannot be undone (resetting its data, deleting it): a section
 * saying what it does, its button for a member whose role allows it (a notice for anyone else), and
 * a confirmation that runs `action` once the project's name is typed; it closes when the action
 * succeeded. What follows the section's text (a reset's progress) is `children`.
 */
export function DangerZone({
  title,
  description,
  permission,
  notice,
  button,
  confirm,
  action,
  disabled,
  children,
}: {
  title: string;
  description: string;
  permission: Permission;
  /** Said to a member without `permission`: "Your role does not let you delete the project." */
  notice: string;
  button: string;
  confirm: { title: string; label: string; warning: string };
  action: DangerAction;
  disabled?: boolean;
  children?: ReactNode;
}) {
  const { project } = useProject();
  const [open, setOpen] = useState(false);
  const id = `danger-${permission.replace('.', '-')}`;
  return (
    <section aria-labelledby={id} className="rounded-lg border border-red-200 bg-white shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-4 p-4">
        <div className="max-w-2xl">
          <h2 id={id} className="text-sm font-semibold text-red-700">
            {title}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{description}</p>
          <PermissionNotice permission={permission} className="mt-3">
            {notice}
          </PermissionNotice>
        </div>
        {can(project, permission) && (
          <Button
            variant="danger"
            disabled={disabled}
            // The dialog stays shut while the last run's success stands: a new try starts afresh.
            onClick={() => {
              action.reset();
              setOpen(true);
            }}
          >
            {button}
          </Button>
        )}
      </div>
      {children}
      <TypeToConfirmDialog
        open={open && !action.isSuccess}
        onClose={() => setOpen(false)}
        action={action}
        title={confirm.title}
        confirmText={project.name}
        confirmLabel={confirm.label}
      >
        <p>{confirm.warning}</p>
      </TypeToConfirmDialog>
    </section>
  );
}
