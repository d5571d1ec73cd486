// A header menu drawn from a list of items. Its Mantine Menu, and the floating-ui positioning under
// it, load at the first hover, focus or click on the button: until then the same button alone, so
// that the sign-in page does not carry them.
import { startTransition, Suspense, useState } from 'react';
import type { HeaderMenuProps } from './header-menu-items';
import { HeaderMenuButton } from './HeaderMenuButton';
import { lazyComponent } from './lazy-group';

export type { HeaderMenuItem, HeaderMenuProps } from './header-menu-items';

const LoadedMenu = lazyComponent(() => import('./LoadedMenu').then((module) => module.LoadedMenu));

interface Wanted {
  open: boolean;
  /** The button had the focus: the menu's own button takes it. */
  focus: boolean;
}

export function HeaderMenu({ items, ...button }: HeaderMenuProps) {
  const [wanted, setWanted] = useState<Wanted | null>(null);
  // In a transition, so that the button stays as it is until the menu has arrived.
  const want = (next: (current: Wanted | null) => Wanted) => startTransition(() => setWanted(next));
  const open = () => want(() => ({ open: true, focus: true }));
  const placeholder = (
    <HeaderMenuButton
      {...button}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={() => want((current) => current ?? { open: false, focus: false })}
      onFocus={() => want((current) => ({ open: current?.open ?? false, focus: true }))}
      // On pointer down as well as on click: the button may be swapped between the press and the release.
      onPointerDown={open}
      onClick={open}
    />
  );
  return (
    <Suspense fallback={placeholder}>
      {wanted ? <LoadedMenu {...button} items={items} open={wanted.open} focus={wanted.focus} /> : placeholder}
    </Suspense>
  );
}
