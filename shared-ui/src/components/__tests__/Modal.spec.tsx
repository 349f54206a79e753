import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Modal } from '@site/shared-ui/Modal';

function Page({ onClose = () => undefined }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <div id="site">
        <button type="button" onClick={() => setOpen(true)}>
          Open
        </button>
      </div>
      <Modal
        open={open}
        title="Newsletter"
        onClose={() => {
          onClose();
          setOpen(false);
        }}
      >
        <input aria-label="Email" />
        <button type="button">Subscribe</button>
      </Modal>
    </>
  );
}

describe('Modal', () => {
  it('is a named modal dialog that takes focus and keeps Tab inside', async () => {
    const user = userEvent.setup();
    render(<Page />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog', { name: 'Newsletter' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    const close = screen.getByRole('button', { name: 'Close' });
    expect(close).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Subscribe' })).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Subscribe' })).toHaveFocus();
  });

  it('makes the rest of the page inert while open', async () => {
    const user = userEvent.setup();
    const { container } = render(<Page />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(container).toHaveAttribute('inert');
    await user.keyboard('{Escape}');
    expect(container).not.toHaveAttribute('inert');
  });

  it('closes with Escape and with the close button, returning focus to the opener', async () => {
    const user = userEvent.setup();
    const onClose = jest.fn();
    render(<Page onClose={onClose} />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await user.click(opener);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
    await user.click(opener);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('does not close on a click on the backdrop', async () => {
    const user = userEvent.setup();
    render(<Page />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const backdrop = screen.getByRole('dialog').parentElement!;
    await user.click(backdrop);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('gives the focus to the element returnFocus finds when the opener was replaced while it was open', async () => {
    // A live list rendered again while the dialog was open: the card's button is a new element by the time it closes.
    function ListPage() {
      const [open, setOpen] = useState(false);
      const [rendering, setRendering] = useState(0);
      return (
        <>
          <button key={rendering} type="button" data-opener onClick={() => setOpen(true)}>
            Play
          </button>
          <Modal
            open={open}
            title="Player"
            onClose={() => setOpen(false)}
            returnFocus={() => document.querySelector<HTMLElement>('[data-opener]')}
          >
            <button type="button" onClick={() => setRendering((count) => count + 1)}>
              Render the list again
            </button>
          </Modal>
        </>
      );
    }
    const user = userEvent.setup();
    render(<ListPage />);
    const opener = screen.getByRole('button', { name: 'Play' });
    await user.click(opener);
    await user.click(screen.getByRole('button', { name: 'Render the list again' }));
    await user.keyboard('{Escape}');
    expect(opener).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Play' })).toHaveFocus();
  });
});
