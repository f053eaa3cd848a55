import { Link } from 'react-router';
import { EmptyState } from '../components/States.tsx';

export function NotFound() {
  return (
    <div className="p-8">
      <EmptyState
        title="Page not found"
        description="This address is not a page of the dashboard."
        action={
          <Link className="text-sm font-medium text-brand-700 hover:underline" to="/">
            Go to the dashboard
          </Link>
        }
      />
    </div>
  );
}
