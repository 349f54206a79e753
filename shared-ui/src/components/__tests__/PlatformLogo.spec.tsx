import { render, screen } from '@testing-library/react';
import { PlatformLogo, platformName } from '@site/shared-ui/PlatformLogo';

describe('PlatformLogo', () => {
  it.each([
    ['UDEMY', 'Udemy'],
    ['SKILLSHARE', 'Skillshare'],
    ['YOUTUBE', 'YouTube'],
  ] as const)('shows the %s mark as an image named "%s"', (platform, name) => {
    render(<PlatformLogo platform={platform} />);
    expect(screen.getByRole('img', { name })).toBeInTheDocument();
    expect(platformName(platform)).toBe(name);
  });

  it.each(['UDEMY', 'SKILLSHARE', 'YOUTUBE'] as const)(
    'with a label, shows %s in capitals and hides the mark from assistive technology',
    (platform) => {
      const { container } = render(<PlatformLogo platform={platform} showLabel />);
      expect(container).toHaveTextContent(platform);
      expect(screen.queryByRole('img')).toBeNull();
      expect(container.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    },
  );

  it('draws each platform with its own mark', () => {
    const marks = (['UDEMY', 'SKILLSHARE', 'YOUTUBE'] as const).map(
      (platform) => render(<PlatformLogo platform={platform} />).container.querySelector('svg')!.innerHTML,
    );
    expect(new Set(marks).size).toBe(3);
  });
});
