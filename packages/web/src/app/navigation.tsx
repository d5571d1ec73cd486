// Links and navigation for what the sign-in page draws (its form, the header and its menus), without the
// router: opened signed out, the sign-in page is drawn without react-router (sign-in-start.tsx), a fifth
// of the JavaScript it would load. Inside the app, RouterNavigation gives the router's own.
import { type AnchorHTMLAttributes, type ComponentType, createContext, type Ref, useContext, useEffect } from 'react';
import { PageLoader } from '../ui/PageLoader';

export interface AppLinkProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  /** An address of the app. */
  to: string;
  ref?: Ref<HTMLAnchorElement>;
}

export interface Navigation {
  /** The address shown, and the state the page that sent the user here left with it. */
  location: { pathname: string; search: string; state: unknown };
  navigate: (to: string, options?: { replace?: boolean }) => void;
  Link: ComponentType<AppLinkProps>;
}

export const NavigationContext = createContext<Navigation | null>(null);

export function useNavigation(): Navigation {
  const navigation = useContext(NavigationContext);
  if (!navigation) throw new Error('useNavigation: no NavigationContext above (RouterNavigation in the routes)');
  return navigation;
}

/** A link to a page of the app, through the router when there is one. */
export function AppLink(props: AppLinkProps) {
  const { Link } = useNavigation();
  return <Link {...props} />;
}

/** Replaces the address once drawn, as the router's Navigate does; the loader shows while the page comes. */
export function Redirect({ to }: { to: string }) {
  const { navigate } = useNavigation();
  useEffect(() => navigate(to, { replace: true }), [navigate, to]);
  return <PageLoader />;
}
