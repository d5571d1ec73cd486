// The toasts' container, top-left: loaded with the first toast (Providers.tsx), not with the first page.
import { Notifications } from '@mantine/notifications';
import { ThemeProvider } from './ThemeProvider';
import classes from './Toasts.module.css';

export function Toasts() {
  return (
    <ThemeProvider>
      <Notifications position="top-left" zIndex={1000} classNames={{ root: classes.root }} />
    </ThemeProvider>
  );
}
