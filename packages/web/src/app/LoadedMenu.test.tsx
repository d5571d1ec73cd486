// A header menu's first button is swapped for the loaded menu's own at the first focus (HeaderMenu.tsx):
// the focus must be on the new button from the moment the old one leaves the page, or a key pressed in
// between goes to the page's body and is lost (seen in the browser suite under load: Enter opened nothing).
import { render, screen } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { LoadedMenu } from './LoadedMenu';

/** Notes where the focus is in the commit that puts it in the page, before any passive effect has run. */
function FocusAtCommit({ seen }: { seen: string[] }) {
  useLayoutEffect(() => {
    seen.push(document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.tagName ?? 'none');
  }, [seen]);
  return null;
}

describe('a header menu loaded at the first focus', () => {
  it('has its own button focused in the commit that shows it', () => {
    const seen: string[] = [];
    render(
      <>
        <LoadedMenu icon={null} label="Menu" items={[{ key: 'one', label: 'One' }]} open={false} focus />
        <FocusAtCommit seen={seen} />
      </>,
    );
    expect(seen).toEqual(['Menu']);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Menu' }));
  });

  it('opens when the press on the button it replaced arrives after it was drawn closed', async () => {
    const items = [{ key: 'one', label: 'One' }];
    const view = render(<LoadedMenu icon={null} label="Menu" items={items} open={false} focus />);
    expect(screen.queryByRole('menu')).toBeNull();
    view.rerender(<LoadedMenu icon={null} label="Menu" items={items} open focus />);
    expect(await screen.findByRole('menu')).toBeTruthy();
  });
});
