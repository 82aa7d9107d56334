import { Navigate, Outlet, useLocation } from 'react-router';
import { PageSpinner } from '../components/ui/Spinner';
import { useAuth } from './auth-context';

/** Layout route for pages that need a session: waits for /me, then shows the page or sends to /login. */
export function RequireAuth() {
  const { user, loading } = useAuth();
  const location = useLocation();
  if (loading) return <PageSpinner label="加载中..." />;
  // `from` lets the sign-in page return the user to where they were heading.
  if (!user) return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  return <Outlet />;
}
