import { createTheme } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'indigo',
  defaultRadius: 'sm',
  // Focus ring on keyboard navigation only, always visible (accessibility).
  focusRing: 'auto',
});
