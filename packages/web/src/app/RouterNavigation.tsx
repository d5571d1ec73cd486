// The router's links and navigation for the components that also draw without it (navigation.tsx).
import { type ReactNode, useCallback, useMemo } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { NavigationContext } from './navigation';

export function RouterNavigation({ children }: { children: ReactNode }) {
  const location = useLocation();
  const routerNavigate = useNavigate();
  const navigate = useCallback(
    (to: string, options?: { replace?: boolean }) => void routerNavigate(to, options),
    [routerNavigate],
  );
  const value = useMemo(() => ({ location, navigate, Link }), [location, navigate]);
  return <NavigationContext value={value}>{children}</NavigationContext>;
}
