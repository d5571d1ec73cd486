// The target button of a header menu: icon and label, the label left out on small screens (the
// accessible name stays, through aria-label). Drawn as Mantine's subtle gray Button, without it
// (plain-button.module.css): the sign-in page shows it before Mantine has loaded.
import { IconChevronDown } from '@tabler/icons-react';
import type { ComponentPropsWithRef, ReactNode } from 'react';
import button from '../ui/plain-button.module.css';
import classes from './Header.module.css';

export type HeaderMenuButtonProps = ComponentPropsWithRef<'button'> & {
  icon: ReactNode;
  label: string;
};

export function HeaderMenuButton({ icon, label, className, ...props }: HeaderMenuButtonProps) {
  return (
    <button
      type="button"
      className={`${button.button} ${button.subtle} ${classes.menuButton} mantine-focus-auto ${className ?? ''}`}
      aria-label={props['aria-label'] ?? label}
      {...props}
    >
      <span className={classes.menuInner}>
        <span className={classes.menuSection} data-position="left">
          {icon}
        </span>
        <span className={classes.menuLabel}>{label}</span>
        <span className={classes.menuSection} data-position="right">
          <IconChevronDown size={14} aria-hidden />
        </span>
      </span>
    </button>
  );
}
