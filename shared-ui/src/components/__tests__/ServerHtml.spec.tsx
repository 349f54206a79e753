import { act } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { render, screen } from '@testing-library/react';
import { ServerHtml } from '@site/shared-ui/ServerHtml';

function Policy() {
  return (
    <ServerHtml as="section" className="part" aria-labelledby="cookies">
      <h2 id="cookies">Cookies</h2>
      <p>
        We use none. Write to <a href="mailto:owner@example.com">the owner</a>.
      </p>
    </ServerHtml>
  );
}

const hasComponent = (element: Element) => Object.keys(element).some((key) => key.startsWith('__reactFiber'));

describe('ServerHtml', () => {
  it('keeps the HTML the server rendered as it is when the page hydrates: its nodes, no components', async () => {
    // The server's HTML: the markup a render makes (jsdom has a document, so react-dom/server would render here as
    // a hydrating browser does).
    const { container: rendered, unmount } = render(<Policy />);
    const html = rendered.innerHTML;
    unmount();
    const container = document.createElement('div');
    document.body.append(container);
    container.innerHTML = html;
    const heading = container.querySelector('h2');
    let root: Root | undefined;
    await act(async () => {
      root = hydrateRoot(container, <Policy />);
    });
    const section = container.querySelector('section')!;
    expect(section).toHaveClass('part');
    expect(section).toHaveAttribute('aria-labelledby', 'cookies');
    expect(container.querySelector('h2')).toBe(heading);
    expect(section.textContent).toBe('CookiesWe use none. Write to the owner.');
    expect(hasComponent(section)).toBe(true);
    expect([...section.querySelectorAll('*')].some(hasComponent)).toBe(false);
    act(() => root?.unmount());
    container.remove();
  });

  it('renders its content when rendered in the browser (after a navigation)', () => {
    render(<Policy />);
    expect(screen.getByRole('region', { name: 'Cookies' })).toHaveTextContent('We use none.');
    expect(hasComponent(screen.getByRole('heading', { name: 'Cookies' }))).toBe(true);
  });
});
