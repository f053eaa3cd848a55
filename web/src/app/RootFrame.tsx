import { Outlet } from 'react-router';
import { LeaveGuard } from '../components/LeaveGuard.tsx';

/** Around every page: the one guard that asks before unsaved changes of any form are lost. */
export function RootFrame() {
  return (
    <>
      <Outlet />
      <LeaveGuard />
    </>
  );
}
