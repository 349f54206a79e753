import { act, createRef, type ReactElement } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { render, screen } from '@testing-library/react';
import { cardActionOf, CardGrid } from '@site/shared-ui/CardGrid';

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

/**
 * The HTML the server sends for the element: its markup as a render makes it (what React's server renderer writes;
 * jsdom has a document, so react-dom/server here would render as a browser hydrating does).
 */
function serverHtml(element: ReactElement): string {
  const { container, unmount } = render(element);
  const html = container.innerHTML;
  unmount();
  return html;
}

describe('CardGrid in a page the server rendered', () => {
  type Thing = (typeof items)[number];
  const list = createRef<HTMLUListElement>();
  function Grid({
    shown,
    onAction,
  }: {
    shown: readonly Thing[];
    onAction?: (item: Thing, type: string) => void;
  }) {
    return (
      <CardGrid
        listRef={list}
        items={shown}
        keyOf={(item) => item.id}
        renderItem={(item) => (
          <article>
            <h3>{item.title}</h3>
            <button type="button">Open {item.title}</button>
          </article>
        )}
        label="Things"
        loading={false}
        placeholderCount={3}
        onItemAction={(item, event) => onAction?.(item, event.type)}
      />
    );
  }

  async function hydrated(onAction?: (item: Thing, type: string) => void) {
    const container = document.createElement('div');
    document.body.append(container);
    container.innerHTML = serverHtml(<Grid shown={items} />);
    const serverNodes = [...container.querySelectorAll('li')];
    let root: Root | undefined;
    await act(async () => {
      root = hydrateRoot(container, <Grid shown={items} onAction={onAction} />);
    });
    const rerender = (shown: readonly Thing[]) =>
      act(async () => root!.render(<Grid shown={shown} onAction={onAction} />));
    return { container, serverNodes, rerender };
  }

  const hasComponent = (element: Element) =>
    Object.keys(element).some((key) => key.startsWith('__reactFiber'));

  it('keeps the cards the server rendered as they are: its nodes, with no component behind them', async () => {
    const { container, serverNodes } = await hydrated();
    const cards = [...container.querySelectorAll('li')];
    expect(cards).toHaveLength(2);
    cards.forEach((card, index) => expect(card).toBe(serverNodes[index]));
    expect(cards.some(hasComponent)).toBe(false);
    expect(hasComponent(container.querySelector('ul')!)).toBe(true);
  });

  it('hands a click on a card’s button to the grid, with the card’s item', async () => {
    const actions: string[] = [];
    const { container } = await hydrated((item, type) => actions.push(`${type} ${item.id}`));
    const buttons = container.querySelectorAll('button');
    await act(async () => {
      (buttons[1] as HTMLButtonElement).click();
      buttons[0]!.dispatchEvent(new MouseEvent('auxclick', { bubbles: true, button: 1 }));
      container.querySelector('h3')!.click();
    });
    expect(actions).toEqual(['click b', 'auxclick a']);
  });

  it('renders the cards itself once the items change, for good', async () => {
    const { container, serverNodes, rerender } = await hydrated();
    await rerender([items[1]!, items[0]!, { id: 'c', title: 'Third' }]);
    expect([...container.querySelectorAll('h3')].map((heading) => heading.textContent)).toEqual([
      'Second',
      'First',
      'Third',
    ]);
    expect(container.querySelector('li')).not.toBe(serverNodes[0]);
    expect(hasComponent(container.querySelector('li')!)).toBe(true);
    // The first items again: the cards stay React's (the server's nodes are gone).
    await rerender(items);
    expect([...container.querySelectorAll('h3')].map((heading) => heading.textContent)).toEqual([
      'First',
      'Second',
    ]);
  });

  it('finds a card’s button by its key, in the server’s cards and in the new ones that replace them', async () => {
    const { container, rerender } = await hydrated();
    expect(cardActionOf(list.current, 'b')).toBe(container.querySelectorAll('button')[1]);
    await rerender([{ id: 'c', title: 'Third' }, ...items]);
    expect(cardActionOf(list.current, 'b')).toHaveTextContent('Open Second');
    expect(cardActionOf(list.current, 'b')).toBe(container.querySelectorAll('button')[2]);
    expect(cardActionOf(list.current, 'gone')).toBeNull();
  });

  it('keeps the focus on the same card’s button when the new cards replace the server’s', async () => {
    const { container, rerender } = await hydrated();
    container.querySelectorAll('button')[1]!.focus();
    await rerender([{ id: 'c', title: 'Third' }, ...items]);
    expect(document.activeElement).toBe(cardActionOf(list.current, 'b'));
    expect(document.activeElement).toHaveTextContent('Open Second');
  });

  it('takes no focus when it had none as the new cards replace the server’s', async () => {
    const { rerender } = await hydrated();
    const elsewhere = document.createElement('button');
    document.body.append(elsewhere);
    elsewhere.focus();
    await rerender([{ id: 'c', title: 'Third' }, ...items]);
    expect(document.activeElement).toBe(elsewhere);
    elsewhere.remove();
  });

  it('leaves the focus where it was when the card it was on is gone', async () => {
    const { container, rerender } = await hydrated();
    container.querySelectorAll('button')[0]!.focus();
    await rerender([items[1]!]);
    expect(document.activeElement).toBe(document.body);
  });

  it('renders its cards itself when rendered in the browser', () => {
    const { container } = render(<Grid shown={items} />);
    expect(hasComponent(container.querySelector('li')!)).toBe(true);
  });
});
