// What a header menu shows, apart from the menu itself: both the button-only HeaderMenu and the lazily
// loaded LoadedMenu read it, so it lives with neither.
import type { ReactNode } from 'react';
import type { HeaderMenuButtonProps } from './HeaderMenuButton';

export interface HeaderMenuItem {
  key: string;
  label: string;
  icon?: ReactNode;
  /** A page of the app, or an action. */
  to?: string;
  onClick?: () => void;
  /** The item is the current choice (ticked). */
  current?: boolean;
  lang?: string;
  /** A second line under the label (a notification's when and who). */
  description?: string;
  /** Drawn in bold (a notification not read yet). */
  strong?: boolean;
  /** Shown but not chosen (the bell's « no notification »). */
  disabled?: boolean;
}

export interface HeaderMenuProps extends HeaderMenuButtonProps {
  items: HeaderMenuItem[];
}
