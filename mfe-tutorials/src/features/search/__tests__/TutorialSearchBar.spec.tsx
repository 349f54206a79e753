import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TutorialSearchBar } from '../TutorialSearchBar.tsx';

function renderBar(sort: 'VIEWS' | 'TRENDING' | 'RECENT' = 'VIEWS') {
  const onSortChange = jest.fn();
  const onSearch = jest.fn();
  render(
    <TutorialSearchBar
      input=""
      onInputChange={() => {}}
      onSearch={onSearch}
      sort={sort}
      onSortChange={onSortChange}
    />,
  );
  return { onSortChange, onSearch };
}

describe('TutorialSearchBar', () => {
  it('has a labelled search box with the spec placeholder', () => {
    renderBar();
    const box = screen.getByRole('searchbox', { name: 'Search tutorials' });
    expect(box).toHaveAttribute('placeholder', 'Search Tutorials...');
  });

  it('has a labelled sort menu with views, trending and recent, showing the chosen sort', () => {
    renderBar('TRENDING');
    const menu = screen.getByRole('combobox', { name: 'Sort by' });
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'views',
      'trending',
      'recent',
    ]);
    expect(menu).toHaveValue('TRENDING');
  });

  it('reports the chosen sort', async () => {
    const { onSortChange } = renderBar();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'recent');
    expect(onSortChange).toHaveBeenCalledWith('RECENT');
  });
});
