import { useState } from 'react';
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
  // Whether this guard showed a signed-in page: the sign-out happened here. A later visit (Back,
  // a link) mounts the guard anew and goes to /login like any visitor without a session.
  const [showedUser, setShowedUser] = useState(false);
  if (user && !showedUser) setShowedUser(true);
  if (loading) return <FullPageSpinner />;
  if (!user && signedOutByUser && showedUser) return <Navigate to="/" replace />;
  if (!user) {
    const state: ReturnToState = { from: location.pathname + location.search + location.hash };
    return <Navigate to="/login" replace state={state} />;
  }
  return <Outlet />;
}

