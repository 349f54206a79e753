import { act, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { SearchBox } from '@site/shared-ui/SearchBox';

function Search({ searched }: { searched: (term: string) => void }) {
  const [text, setText] = useState('');
  return (
    <SearchBox
      label="Search projects"
      placeholder="Search"
      value={text}
      onChange={setText}
      onSearch={searched}
    />
  );
}

describe('a search box in server-rendered HTML', () => {
  it('keeps and searches what was typed before its code ran', async () => {
    const searched: string[] = [];
    const container = document.createElement('div');
    document.body.append(container);
    container.innerHTML = renderToString(<Search searched={(term) => searched.push(term)} />);
    const box = container.querySelector('input')!;
    box.value = ' react ';
    await act(async () => {
      hydrateRoot(container, <Search searched={(term) => searched.push(term)} />);
    });
    expect(container.querySelector('input')!.value).toBe(' react ');
    await act(async () => {
      container.querySelector('form')!.requestSubmit();
    });
    expect(searched).toEqual(['react']);
    // The adopted text is the box's value from now on.
    expect(container.querySelector('input')!.value).toBe(' react ');
  });
});
