import { render, screen } from '@testing-library/react';
import { CardGrid } from '@site/shared-ui/CardGrid';

const items = [
  { id: 'a', title: 'First' },
  { id: 'b', title: 'Second' },
];

function grid(props: Partial<Parameters<typeof CardGrid<(typeof items)[number]>>[0]> = {}) {
  return render(
    <CardGrid
      items={items}
      keyOf={(item) => item.id}
      renderItem={(item, index) => (
        <article>
          {item.title} #{index}
        </article>
      )}
      label="Things"
      loading={false}
      placeholderCount={3}
      placeholderClassName="shape"
      {...props}
    />,
  );
}

describe('CardGrid', () => {
  it('lists the cards in order, named for assistive technology', () => {
    grid();
    const list = screen.getByRole('list', { name: 'Things' });
    expect(list).toHaveAttribute('aria-busy', 'false');
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'First #0',
      'Second #1',
    ]);
  });

  it('holds the space with placeholder cards while loading, hidden from assistive technology', () => {
    const { container } = grid({ loading: true, loadingLabel: 'Loading things…' });
    const busy = container.querySelector('[aria-busy="true"]');
    expect(busy?.querySelectorAll('.shape[aria-hidden="true"]')).toHaveLength(3);
    expect(screen.getByText('Loading things…')).toBeInTheDocument();
    expect(screen.queryByText(/First/)).not.toBeInTheDocument();
  });

  it('marks the list busy while a newer search is under way, keeping the cards', () => {
    grid({ busy: true });
    expect(screen.getByRole('list', { name: 'Things' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });

  it('shows what stands for no cards, or an empty list when nothing is given', () => {
    grid({ items: [], empty: <p>Nothing yet</p> });
    expect(screen.getByText('Nothing yet')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });
});
