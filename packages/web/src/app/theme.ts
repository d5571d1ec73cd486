import { createTheme, type CSSVariablesResolver, mergeThemeOverrides } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'indigo',
  // WCAG 2.2 AA: indigo 8 gives white text 5.7:1 and links 5.4:1 on the striped rows' grey (shade 6: 4.3).
  primaryShade: 8,
  // Filled badges and buttons take black or white text, whichever contrasts more with their colour: a
  // threshold of 0.18 is where the two are equal, so either choice is at least 4.58:1 (WCAG 1.4.3).
  autoContrast: true,
  luminanceThreshold: 0.18,
  defaultRadius: 'sm',
  // Focus ring on keyboard navigation only, always visible (accessibility).
  focusRing: 'auto',
  components: {
    // Inside a role="dialog" section, a <header> counts as a second banner of the page (WCAG 1.3.1).
    ModalHeader: { defaultProps: { role: 'none' } },
  },
});

/** The theme with what needs the language: the name of every modal's close button (an icon only). */
export function localizedTheme(closeLabel: string) {
  return mergeThemeOverrides(theme, {
    components: { Modal: { defaultProps: { closeButtonProps: { 'aria-label': closeLabel } } } },
  });
}

/** Secondary ("dimmed") text in gray 7, 8.2:1 on white: Mantine's gray 6 is 3.3:1. */
export const cssVariablesResolver: CSSVariablesResolver = (resolved) => ({
  variables: {},
  light: { '--mantine-color-dimmed': resolved.colors.gray[7] },
  dark: {},
});
