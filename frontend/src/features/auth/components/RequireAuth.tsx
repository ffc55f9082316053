import { Navigate, Outlet, useLocation } from 'react-router';
import { FullPageSpinner } from '@/components/FullPageSpinner';
import { useAuth } from '../hooks/authContext';
import type { ReturnToState } from '../returnPath';

/**
 * Guards protected routes (spec §2 and §6): a full-page spinner while the session loads, then
 * either the page or a redirect to /login that remembers where the visitor was going. After
 * the user signed out, to '/' (spec §2: Logout goes to the landing page).
 */
export function RequireAuth() {
  const { user, loading, signedOutByUser } = useAuth();
  const location = useLocation();
  if (loading) return <FullPageSpinner />;
  if (!user && signedOutByUser) return <Navigate to="/" replace />;
  if (!user) {
    const state: ReturnToState = { from: location.pathname + location.search + location.hash };
    return <Navigate to="/login" replace state={state} />;
  }
  return <Outlet />;
}

