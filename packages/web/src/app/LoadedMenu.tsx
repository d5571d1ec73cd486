// The Mantine Menu of a header menu (HeaderMenu.tsx), loaded on demand. It takes the place of the
// button drawn until then: the focus moves to its own button if that one had it, and comes back to
// it when the menu closes. Its list stays in the header (no portal): inside the banner landmark, as
// WCAG's landmarks ask of every content.
import { Menu, Text } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useLayoutEffect, useRef, useState } from 'react';
import type { HeaderMenuProps } from './header-menu-items';
import { HeaderMenuButton } from './HeaderMenuButton';
import { AppLink } from './navigation';
import { ThemeProvider } from './ThemeProvider';

interface LoadedMenuProps extends HeaderMenuProps {
  /** The user asked for the list (a press, Enter on the button it replaces): it opens, now or later. */
  open: boolean;
  focus: boolean;
}

export function LoadedMenu({ items, open, focus, ...button }: LoadedMenuProps) {
  const target = useRef<HTMLButtonElement>(null);
  const [opened, setOpened] = useState(open);
  // A press on the button it replaced can arrive after it was drawn closed for a focus (the two changes
  // rendered apart under load): the list opens then, rather than the press being lost.
  const [asked, setAsked] = useState(open);
  if (open !== asked) {
    setAsked(open);
    if (open) setOpened(true);
  }
  // Before anything else runs: the button it replaces has left the page with the focus, and a key pressed
  // before a later effect moved it would go to the page's body and be lost (Enter opening nothing).
  useLayoutEffect(() => {
    if (focus && !open) target.current?.focus();
  }, [focus, open]);
  // Its own theme on the signed-out pages, which draw without one.
  return (
    <ThemeProvider>
      <Menu
        position="bottom-end"
        withinPortal={false}
        // Mantine's first focus goes to a focusable role="presentation" placeholder at the head of the list,
        // which axe counts as a child a menu may not have (aria-required-children): the first item takes it.
        withInitialFocusPlaceholder={false}
        opened={opened}
        onChange={setOpened}
        onClose={() => target.current?.focus()}
      >
        <Menu.Target>
          <HeaderMenuButton ref={target} {...button} />
        </Menu.Target>
        {/* No wider than the window: on a phone the bell's list would run past its edge (floating-ui's shift
            moves a list into view only when it fits), its lines wrap instead. No taller than the window
            below the header either: a long list scrolls inside (the header is fixed, the page would not). */}
        <Menu.Dropdown
          maw="calc(100vw - var(--mantine-spacing-md))"
          mah="calc(100dvh - var(--app-shell-header-height, 60px) - var(--mantine-spacing-md))"
          style={{ overflowY: 'auto' }}
        >
          {items.map(({ key, label, icon, to, onClick, current, lang, description, strong, disabled }) => {
            const common = {
              lang,
              onClick,
              disabled,
              leftSection: icon,
              rightSection: current ? <IconCheck size={14} aria-hidden /> : null,
              'aria-current': current ? ('true' as const) : undefined,
            };
            const text = (
              <>
                <Text span inherit fw={strong ? 700 : undefined}>
                  {label}
                </Text>
                {description && (
                  <Text size="xs" c="dimmed">
                    {description}
                  </Text>
                )}
              </>
            );
            return to ? (
              <Menu.Item key={key} component={AppLink} to={to} {...common}>
                {text}
              </Menu.Item>
            ) : (
              <Menu.Item key={key} {...common}>
                {text}
              </Menu.Item>
            );
          })}
        </Menu.Dropdown>
      </Menu>
    </ThemeProvider>
  );
}
