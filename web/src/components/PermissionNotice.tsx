/**
 * What a member may not do on a screen they can read, said by what it is, not by who may: which roles
 * hold a permission is the server's to say (its 403 names them), so no screen writes role names.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { can, type Permission } from '../api/session.ts';
import { useProject } from '../lib/project-context.tsx';
import { Callout } from './Callout.tsx';

/**
 * Shown only to a member without `permission`: "You can see {sees}. Your role does not let you {acts}."
 * With `children`, the text is theirs.
 */
export function PermissionNotice({
  permission,
  sees,
  acts,
  children,
  className = 'mb-4',
}: {
  permission: Permission;
  /** What the member can still see ("the endpoints and their messages"), translated. */
  sees?: string;
  /** What the permission allows, as a verb phrase ("add, change or delete them"), translated. */
  acts?: string;
  children?: ReactNode;
  className?: string;
}) {
  const { t } = useTranslation();
  const { project } = useProject();
  if (can(project, permission)) return null;
  const said = [
    sees ? t('You can see {sees}.', { sees }) : '',
    acts ? t('Your role does not let you {acts}.', { acts }) : '',
  ];
  return (
    <Callout className={className}>
      <p>{children ?? said.filter(Boolean).join(' ')}</p>
    </Callout>
  );
}
