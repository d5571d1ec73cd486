import './app/mantine-styles';
import { getToken } from './api/token-storage';

const container = document.getElementById('root')!;
// Opened signed out at the sign-in page, or at home which sends there: the page without the router.
if (!getToken() && ['/', '/login'].includes(window.location.pathname))
  void import('./app/sign-in-start').then(({ startSignIn }) => startSignIn(container));
else void import('./app/start').then(({ start }) => start(container));
