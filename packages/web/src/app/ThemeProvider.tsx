// Mantine's provider, loaded with the first screen drawn with Mantine: the sign-in page and the signed-out
// frame are drawn without it, so that their first load does not carry Mantine.
import { MantineProvider } from '@mantine/core';
import { type ComponentType, createContext, type ReactNode, useContext, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { cssVariablesResolver, localizedTheme } from './theme';

const Provided = createContext(false);

/** Provides the theme once: a screen inside an already provided one (a page of the signed-in shell) adds nothing. */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const closeLabel = t('entity.action.close');
  const theme = useMemo(() => localizedTheme(closeLabel), [closeLabel]);
  if (useContext(Provided)) return children;
  return (
    <Provided value>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
        {children}
      </MantineProvider>
    </Provided>
  );
}

/** `Component` inside the theme. */
export function themed<P extends object>(Component: ComponentType<P>): ComponentType<P> {
  return function Themed(props: P) {
    return (
      <ThemeProvider>
        <Component {...props} />
      </ThemeProvider>
    );
  };
}
