// The target button of a header menu: icon and label, the label left out on small screens
// (the accessible name stays, through aria-label).
import { Box, Button, type ButtonProps } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import type { ComponentPropsWithRef, ReactNode } from 'react';

export type HeaderMenuButtonProps = ButtonProps &
  Omit<ComponentPropsWithRef<'button'>, 'color' | 'style'> & {
    icon: ReactNode;
    label: string;
  };

export function HeaderMenuButton({ icon, label, ...props }: HeaderMenuButtonProps) {
  return (
    <Button
      variant="subtle"
      color="gray"
      px="xs"
      aria-label={props['aria-label'] ?? label}
      leftSection={icon}
      rightSection={<IconChevronDown size={14} aria-hidden />}
      {...props}
    >
      <Box component="span" visibleFrom="sm">
        {label}
      </Box>
    </Button>
  );
}
