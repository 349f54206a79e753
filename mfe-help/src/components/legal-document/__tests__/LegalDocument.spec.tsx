import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { LegalDocument } from '../LegalDocument.tsx';
import type { LegalSection } from '../legalSection.ts';

const sections: LegalSection[] = [
  { id: 'first', title: 'First part', body: <p>One.</p> },
  { id: 'second', title: 'Second part', body: <p>Two.</p> },
];

function CurrentHash() {
  return <output data-testid="hash">{useLocation().hash}</output>;
}

function renderDocument() {
  return render(
    <MemoryRouter initialEntries={['/help/example']}>
      <LegalDocument intro={<p>Intro.</p>} sections={sections} />
      <CurrentHash />
    </MemoryRouter>,
  );
}

describe('LegalDocument', () => {
  it('shows the last-updated date as a machine-readable time', () => {
    renderDocument();
    const updated = screen.getByText(/^Last updated:/);
    expect(updated.querySelector('time')?.getAttribute('dateTime')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('renders each section as a region named by its h2, with the section id as its anchor', () => {
    renderDocument();
    for (const section of sections) {
      const region = screen.getByRole('region', { name: section.title });
      expect(within(region).getByRole('heading', { level: 2 })).toHaveAttribute('id', section.id);
    }
  });

  it('lists the sections on this page, and a link moves to its section', async () => {
    const user = userEvent.setup();
    renderDocument();
    const contents = screen.getByRole('navigation', { name: 'On this page' });
    const links = within(contents).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/help/example#first',
      '/help/example#second',
    ]);
    await user.click(links[1]!);
    expect(screen.getByTestId('hash')).toHaveTextContent('#second');
    expect(screen.getByRole('heading', { name: 'Second part' })).toHaveFocus();
  });
});
