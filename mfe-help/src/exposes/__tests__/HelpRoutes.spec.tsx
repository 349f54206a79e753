import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import HelpRoutes from '../HelpRoutes.tsx';

function CurrentPath() {
  return <output data-testid="path">{useLocation().pathname}</output>;
}

/** The help area as the shell mounts it: below a /help/* route. */
function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/help/*" element={<HelpRoutes />} />
      </Routes>
      <CurrentPath />
    </MemoryRouter>,
  );
}

const helpNav = () => screen.getByRole('navigation', { name: 'Help pages' });

describe('HelpRoutes', () => {
  it.each([
    ['/help/privacy-policy', 'Privacy Policy', 'Consent'],
    ['/help/terms-and-conditions', 'Terms and Conditions', 'Cookies and browser storage'],
    ['/help/terms-of-service', 'Terms of Service', 'Website Terms and Conditions of Use'],
  ])('shows %s with its navigation link marked as the current page', (path, linkName, firstHeading) => {
    renderAt(path);
    const current = within(helpNav()).getByRole('link', { current: 'page' });
    expect(current).toHaveAccessibleName(linkName);
    expect(current).toHaveAttribute('href', path);
    expect(screen.getAllByRole('heading', { level: 2 })[0]).toHaveTextContent(firstHeading);
  });

  it('introduces the three pages at /help and links each of them', () => {
    renderAt('/help');
    expect(within(helpNav()).getByRole('link', { current: 'page' })).toHaveAccessibleName('Overview');
    const cardHeadings = screen.getAllByRole('heading', { level: 2 });
    expect(cardHeadings.map((heading) => heading.textContent)).toEqual([
      'Privacy Policy',
      'Terms and Conditions',
      'Terms of Service',
    ]);
    expect(cardHeadings.map((heading) => within(heading).getByRole('link').getAttribute('href'))).toEqual([
      '/help/privacy-policy',
      '/help/terms-and-conditions',
      '/help/terms-of-service',
    ]);
  });

  it('moves between the pages through its navigation', async () => {
    const user = userEvent.setup();
    renderAt('/help/privacy-policy');
    await user.click(within(helpNav()).getByRole('link', { name: 'Terms of Service' }));
    expect(screen.getByTestId('path')).toHaveTextContent('/help/terms-of-service');
    expect(within(helpNav()).getByRole('link', { current: 'page' })).toHaveAccessibleName('Terms of Service');
    expect(screen.getByRole('heading', { name: 'Website Terms and Conditions of Use' })).toBeInTheDocument();
  });

  it('renders no page of its own for an unknown help path (the shell shows its not-found page there)', () => {
    renderAt('/help/cookie-policy');
    expect(screen.queryByRole('navigation', { name: 'Help pages' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
  });

  it('never renders an h1: the shell banner owns the page heading', () => {
    for (const path of [
      '/help',
      '/help/privacy-policy',
      '/help/terms-and-conditions',
      '/help/terms-of-service',
    ]) {
      const { unmount } = renderAt(path);
      expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
      unmount();
    }
  });
});
