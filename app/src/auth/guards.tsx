import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { FullPageSpinner } from '../components/FullPageSpinner';
import { useAuth } from './AuthContext';

/** Signed-in only: unauthenticated users go to /login with the requested location remembered. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  const location = useLocation();
  if (status === 'loading') return <FullPageSpinner />;
  if (status === 'anonymous') return <Navigate to="/login" replace state={{ from: location }} />;
  return <>{children}</>;
}

/** Staff only (any staff role; the admin area shows each its screens): signed-out users go to /login, customers to /. */
export function RequireStaff({ children }: { children: ReactNode }) {
  const { status, isStaff } = useAuth();
  const location = useLocation();
  if (status === 'loading') return <FullPageSpinner />;
  if (status === 'anonymous') return <Navigate to="/login" replace state={{ from: location }} />;
  if (!isStaff) return <Navigate to="/" replace />;
  return <>{children}</>;
}
